import { MASK } from './mask.js';
import { isSensitiveName } from './names.js';

/** XML engines quote offending values (`element 'Password': 'hunter2' is not a valid value`). */
export function maskXmlMessage(message: string): string {
  const element = /element '([^']+)'/.exec(message);
  if (!element?.[1] || !isSensitiveName(element[1])) return message;
  const start = (element.index ?? 0) + element[0].length;
  return message.slice(0, start) + message.slice(start).replace(/'[^']*'/g, `'${MASK}'`);
}
