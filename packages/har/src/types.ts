/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): the parts contract traffic uses. */

/** Custom field `_bodyOmitted` (HAR 1.2 allows fields that start with `_`) on `response.content` or
 * `request.postData`: the recorder did not keep this body, so `text` is absent and nothing about the body
 * can be judged (a checker reports it as not judged, never as passed or failed). */
export interface HarBodyOmitted {
  /** `size-limit`: past the recorder's `maxBodyBytes`; `incomplete`: the transfer broke off; `not-recorded`:
   * written from a recording that had not kept the body. */
  reason: 'size-limit' | 'incomplete' | 'not-recorded';
  /** What happened, for people (`larger than 67108864 bytes`, `no data from the target for 30000 ms`). */
  detail: string;
  /** Bytes of the body that went by (as transferred). */
  receivedBytes: number;
}

/** A header, query parameter or form field: the one name/value shape every package of the repository uses. */
export interface HarNameValue {
  name: string;
  value: string;
  comment?: string;
}

export interface HarCookie {
  name: string;
  value: string;
  path?: string;
  domain?: string;
  expires?: string;
  httpOnly?: boolean;
  secure?: boolean;
  comment?: string;
}

export interface HarPostData {
  mimeType: string;
  params?: HarNameValue[];
  text?: string;
  comment?: string;
  /** Playwright `recordHar` with `content: 'attach'`: the body's file, next to the HAR (`<sha1>.<ext>`). */
  _file?: string;
  /** The body was not kept: see {@link HarBodyOmitted}. */
  _bodyOmitted?: HarBodyOmitted;
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarCookie[];
  headers: HarNameValue[];
  queryString: HarNameValue[];
  postData?: HarPostData;
  headersSize: number;
  bodySize: number;
  comment?: string;
}

export interface HarContent {
  size: number;
  compression?: number;
  mimeType: string;
  text?: string;
  /** `base64` when `text` holds the bytes of a body that is not text. */
  encoding?: string;
  /** Why `text` is absent, in the exporter's words (Firefox: "Response bodies are not included."). */
  comment?: string;
  /** Playwright `recordHar` with `content: 'attach'`: the body's file, next to the HAR (`<sha1>.<ext>`). */
  _file?: string;
  /** The body was not kept: see {@link HarBodyOmitted}. */
  _bodyOmitted?: HarBodyOmitted;
}

export interface HarResponse {
  /** 0 (browsers) or -1 (Playwright) when the request got no answer. */
  status: number;
  /** Chrome: `Internal Redirect` on a 307 the browser made itself (HSTS, extensions). */
  statusText: string;
  httpVersion: string;
  cookies: HarCookie[];
  headers: HarNameValue[];
  content: HarContent;
  redirectURL: string;
  headersSize: number;
  bodySize: number;
  comment?: string;
  /** Playwright: why the request failed (with status -1). */
  _failureText?: string;
}

export interface HarTimings {
  blocked?: number;
  dns?: number;
  connect?: number;
  send: number;
  wait: number;
  receive: number;
  ssl?: number;
  comment?: string;
}

export interface HarEntry {
  pageref?: string;
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, unknown>;
  timings: HarTimings;
  serverIPAddress?: string;
  connection?: string;
  comment?: string;
  /** Exporters' custom fields the checker reads: Chrome's `_resourceType`, `_initiator`, `_priority`,
   * `_transferSize`, `_error`; Playwright's `_failureText`. */
  _resourceType?: string;
  _initiator?: Record<string, unknown>;
  _priority?: string;
  _transferSize?: number;
  _error?: string;
  /** A callback the service sent: the name of its webhook (see the contract checker's README). */
  _webhook?: string;
}

export interface HarCreator {
  name: string;
  version: string;
  comment?: string;
}

export interface HarLog {
  version: string;
  creator: HarCreator;
  browser?: HarCreator;
  pages?: unknown[];
  entries: HarEntry[];
  comment?: string;
}

export interface Har {
  log: HarLog;
}
