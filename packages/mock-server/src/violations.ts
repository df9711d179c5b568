/**
 * What a request validator reports. The shape is the contract checker's (`checkRequest` →
 * `{ violations: [{ rule, message, pointer, side }] }`) so that the checker plugs in as is.
 */
export interface Violation {
  /** Which rule failed, in the contract checker's codes: `security-missing`, `parameter-invalid`, ... */
  rule: string;
  message: string;
  /**
   * Where, as the contract checker writes it: `query:limit`, `header:X-Name`, `path:campaign_id`, or a
   * JSON pointer (`/to`) or XML path (`/Order/SiteId`) into the body. Becomes the `loc` of list-shaped
   * error bodies.
   */
  pointer?: string;
  side?: 'request' | 'response';
}

export interface RequestToCheck {
  method: string;
  /** Path and query as sent, for example `/api/v1/workflow/fetch?status=active`. */
  url: string;
  headers: Array<{ name: string; value: string }>;
  body?: string;
}

export interface RequestCheckResult {
  violations: Violation[];
}

/**
 * The front's request validation, behind an interface so `@svc-contracts/contract-checker` can replace
 * or extend the built-in checks without the front changing.
 */
export interface RequestValidator {
  checkRequest(request: RequestToCheck): Promise<RequestCheckResult>;
}

/** Rules about credentials: answered with 401/403; every other violation gets the validation status. */
export const credentialRules = new Set([
  'security-missing',
  'security-malformed',
  'security-exclusive',
  'unsupported-credential',
]);

/** The rule about the request's media type: answered with 415 when the operation documents it. */
export const contentTypeRule = 'request-content-type';

/**
 * `query:limit` → `['query', 'limit']`, `/to/0` → `['body', 'to', 0]`: the `loc` of FastAPI-style
 * validation bodies, which name the request part first.
 */
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
    .map((piece) => piece.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((piece) => (/^(0|[1-9][0-9]*)$/.test(piece) ? Number(piece) : piece));
}
