/** Why an entry gets neither pass nor fail: the one catalogue of the entries a run skips (`skipped`: not an
 * exchange with our services, or no exchange at all) and of the parts of an entry it could not judge
 * (`not-judged`: what the recording did not keep, or what a resource limit stopped). */
export const scopeCatalogue = {
  'other-host': {
    kind: 'skipped',
    label: 'other host',
    text: 'Not ours: a host no `--host` mapping names and on which no entry of the run matches an operation (fonts, analytics, scripts).',
  },
  'cors-preflight': {
    kind: 'skipped',
    label: 'CORS preflight',
    text: 'Not contract traffic: an OPTIONS request with Access-Control-Request-Method, which the browser sends itself.',
  },
  'internal-redirect': {
    kind: 'skipped',
    label: 'internal redirect',
    text: "Not contract traffic: a redirect the browser made up (Chrome's `307 Internal Redirect`, `Non-Authoritative-Reason`, `_transferSize` 0: HSTS, extensions, service workers); it never reached the server.",
  },
  'cache-revalidation': {
    kind: 'skipped',
    label: 'cache revalidation',
    text: 'Not contract traffic: a 304 Not Modified answer to a conditional request; the body is the cached one.',
  },
  'failed-request': {
    kind: 'skipped',
    label: 'failed request',
    text: 'The request got no HTTP answer (status 0 or -1, or none, with the failure text of `_failureText` or `_error`: blocked, aborted, offline); nothing to judge.',
  },
  'body-not-captured': {
    kind: 'not-judged',
    label: 'body not captured',
    text: 'The recording did not keep a body that was sent (no `text`: Chrome without content, a body too large for the exporter; no `postData` for a request with a body; a transfer that failed after the status).',
  },
  'body-omitted': {
    kind: 'not-judged',
    label: 'body omitted',
    text: 'The exporter was set to leave bodies out: Playwright `recordHar` with `content: \'omit\'`, Firefox with `devtools.netmonitor.har.includeResponseBodies` off ("Response bodies are not included.").',
  },
  'attachment-missing': {
    kind: 'not-judged',
    label: 'attached body missing',
    text: "Playwright `content: 'attach'` names the body's file (`_file`), and that file is not next to the HAR.",
  },
  'attachment-refused': {
    kind: 'not-judged',
    label: 'attached body refused',
    text: "Playwright `content: 'attach'` names the body's file (`_file`), and it is not a regular file inside the HAR's folder (a FIFO, a device, a socket, a folder, a symbolic link that leads out of it): not read, so no byte of it reaches the report.",
  },
  'credentials-sanitized': {
    kind: 'not-judged',
    label: 'credentials sanitized',
    text: 'The export strips credentials (`--sanitized`: Chrome\'s default "Export HAR (sanitized)"): the security rules are not judged.',
  },
  'resource-limit': {
    kind: 'not-judged',
    byTool: true,
    label: 'resource limit',
    text: 'A resource limit of the checker stopped the check of a part (an entry or an attached body over `--max-entry-bytes`, a JSON body over `--max-json-nodes` or `--max-json-depth`, an XML document over `--max-xml-bytes` or `--xml-timeout`): the tool could not judge it, and the run exits 2.',
  },
  'checker-failure': {
    kind: 'not-judged',
    byTool: true,
    label: 'checker failure',
    text: 'The checker itself failed on the entry (its check threw, for example a stack overflow on a hostile value or an engine fault): the tool could not judge it, and the run exits 2.',
  },
} as const;

/** Reasons that say the tool could not judge what it was given (the run exits 2), not the recording. */
export function isToolReason(reason: ScopeReason): boolean {
  return 'byTool' in scopeCatalogue[reason];
}

export type ScopeReason = keyof typeof scopeCatalogue;
export type SkipReason = {
  [R in ScopeReason]: (typeof scopeCatalogue)[R]['kind'] extends 'skipped' ? R : never;
}[ScopeReason];
export type NotJudgedReason = Exclude<ScopeReason, SkipReason>;

/** An entry the run skips, with what the recording says about it (a failure text, a status line). */
export interface Skip {
  reason: SkipReason;
  detail: string;
}

/** A part of an entry that could not be judged: the request or response body, or the credentials. */
export interface NotJudged {
  reason: NotJudgedReason;
  part: 'request body' | 'response body' | 'credentials' | 'request' | 'response' | 'entry';
  detail: string;
}

/** Counts by reason, in the catalogue's order, as `body not captured 2, credentials sanitized 1`. */
export function reasonCounts(counts: Partial<Record<ScopeReason, number>>): string {
  return (Object.keys(scopeCatalogue) as ScopeReason[])
    .filter((reason) => (counts[reason] ?? 0) > 0)
    .map((reason) => `${scopeCatalogue[reason].label} ${counts[reason]}`)
    .join(', ');
}

/** Thrown by a check that a resource limit stopped (an XML document over the size limit, over its time
 * budget): the part is not judged. */
export class CheckLimitError extends Error {
  override readonly name = 'CheckLimitError';

  constructor(
    readonly part: NotJudged['part'],
    message: string,
  ) {
    super(message);
  }
}
