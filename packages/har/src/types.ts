/** HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): the parts contract traffic uses. */

/**
 * Custom field `_bodyOmitted` (HAR 1.2 allows fields that start with `_`) on `response.content` or
 * `request.postData`: the recorder did not keep this body, so `text` is absent and nothing about the body
 * can be judged (a checker reports it as not judged, never as passed or failed). `size` is the body's
 * whole size when it is known, -1 when it is not. Written by
 * @svc-contracts/contract-recorder.
 */
export interface HarBodyOmitted {
  /**
   * `size-limit`: larger than the recorder keeps (its `maxBodyBytes`); `incomplete`: the transfer broke off
   * (the target went silent past the time-out, reset the connection, or the recorder was stopped).
   */
  reason: 'size-limit' | 'incomplete';
  /** What happened, for people (`larger than 67108864 bytes`, `no data from the target for 30000 ms`). */
  detail: string;
  /**
   * Bytes of the body that went by (as transferred). When the body's whole size is not known (it broke
   * off, or a compressed body was not decoded past the limit), `size` and `bodySize` are -1 ("unknown",
   * as HAR 1.2 writes it).
   */
  receivedBytes: number;
}

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
  comment?: string;
  /** The body was not kept: see {@link HarBodyOmitted}. */
  _bodyOmitted?: HarBodyOmitted;
}

export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarCookie[];
  headers: HarNameValue[];
  content: HarContent;
  redirectURL: string;
  headersSize: number;
  bodySize: number;
  comment?: string;
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
