// A judging thread for live-thread.test.ts that holds each exchange until the file named by the request's
// `until` query parameter exists, then leaves it to the caller's fallback (it answers with no verdict).
import { existsSync, writeFileSync } from 'node:fs';

export default async function judge({ request }) {
  if (request === undefined) return null;
  const until = new URL(request.url).searchParams.get('until');
  writeFileSync(`${until}.started`, '');
  while (!existsSync(until)) await new Promise((resolve) => setTimeout(resolve, 10));
  return { failure: 'held, then let go' };
}
