import { unescapePointer } from '@svc-contracts/openapi-utils';

/** What a refusal carries: the contract checker's violations (`{rule, message, pointer, side, reason}`) or
 * the mock's own (`campaign-state`, `undocumented-operation`). */
export interface Violation {
  /** The contract checker's rule code (`security-missing`, `parameter-invalid`, ...) or the mock's own. */
  rule: string;
  message: string;
  /** Where, as the contract checker writes it: `query:limit`, `header:X-Name`, `path:campaign_id`, or a JSON
   * pointer (`/to`) or XML path (`/Order/SiteId`) into the body. */
  pointer?: string;
  side?: 'request' | 'response';
  /** The checker's case of the rule (`scheme-not-allowed`): the status policy tells 403 from 401 by it. */
  reason?: string;
}

/** `query:limit` → `['query', 'limit']`, `/to/0` → `['body', 'to', 0]`: the `loc` of FastAPI-style validation
 * bodies, which name the request part first. */
export function locOf(pointer: string | undefined): Array<string | number> {
  if (!pointer) return ['body'];
  const part = /^(query|header|path|cookie):(.*)$/.exec(pointer);
  if (part) return [part[1] ?? '', ...segments(part[2] ?? '')];
  return ['body', ...segments(pointer)];
}

function segments(pointer: string): Array<string | number> {
  return pointer
    .replace(/^#?\/?/, '')
    .split('/')
    .filter((piece) => piece !== '')
    .map(unescapePointer)
    .map((piece) => (/^(0|[1-9][0-9]*)$/.test(piece) ? Number(piece) : piece));
}
