import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export { type LocalServer, sendText, startServer } from '../../client-runtime/test/support/local-server.js';

/** The XML of a named example of the numbers spec (`specs/numbers/components/examples/<name>.yaml`). */
export function specExample(name: string): string {
  const file = new URL(`../../../specs/numbers/components/examples/${name}.yaml`, import.meta.url);
  return (parse(readFileSync(file, 'utf8')) as { value: string }).value;
}

export const XXE = `<?xml version="1.0"?>
<!DOCTYPE Notification [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<Notification><SubscriptionId>&xxe;</SubscriptionId></Notification>`;
