import type { HarBodyOmitted, HarNameValue } from './types.js';

/** The one HTTP request of the repository: what the contract checker judges, the recorder writes, the mocks
 * check and redact masks. */
export interface ExchangeRequest {
  method: string;
  /** The URL the request went to, query included (absolute in a recording; relative in a mock's own log). */
  url: string;
  /** `HTTP/1.1` unless given (written to HAR; not read back). */
  httpVersion?: string;
  /** As sent: duplicates and the original case kept. */
  headers: HarNameValue[];
  /** Body text; undefined when there was none, or when the recording did not keep it (`bodyNotRecorded`). */
  body?: string;
  /** The request had a body that the recording did not keep (HAR `bodySize` or Content-Length above 0 and no
   * `postData` text, or the recorder's `_bodyOmitted`): the body is not judged, never taken as missing. */
  bodyNotRecorded?: boolean;
  /** Writing: why the body was not kept, written as `_bodyOmitted` (see {@link BodyOmission}). */
  omitted?: BodyOmission;
  /** The recording stripped the request's credentials (a sanitized export): the security requirements are
   * then not judged. */
  credentialsNotRecorded?: boolean;
  /** A callback the service sent (the HAR entry's `_webhook`): the name of the webhook it is, `<name>` or
   * `<service>/<name>`; checked against that webhook, not matched by URL. */
  webhook?: string;
}

/** The one HTTP response of the repository (see {@link ExchangeRequest}). */
export interface ExchangeResponse {
  status: number;
  statusText?: string;
  /** `HTTP/1.1` unless given (written to HAR; not read back). */
  httpVersion?: string;
  headers: HarNameValue[];
  /** Body text (`readEntry` decodes HAR's base64, so a reader always gets text); base64 only where `encoding`
   * says so (a body that is not text, written by the recorder). */
  body?: string;
  encoding?: 'base64';
  /** Writing: bytes of the body as transferred (compressed, if it was); defaults to the text's length. */
  transferredSize?: number;
  /** The answer had a body that the recording did not keep: not judged, never taken as missing. */
  bodyNotRecorded?: boolean;
  /** Writing: why the body was not kept, written as `_bodyOmitted` (see {@link BodyOmission}). */
  omitted?: BodyOmission;
}

/** A body the recorder did not keep: why (HAR's `_bodyOmitted`), and the whole body's bytes (-1 unknown). */
export interface BodyOmission extends HarBodyOmitted {
  size: number;
}

/** The value of the first header of that name (`name` in lower case), case-insensitively. */
export function headerValue(headers: readonly HarNameValue[], name: string): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === name)?.value;
}
