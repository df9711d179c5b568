import { isObject, type JsonObject } from '@svc-contracts/openapi-utils';
import {
  attachmentFileName,
  exporterFailureText,
  exporterOmitsBodies,
  postDataText,
  readHeaders,
  recorderOmission,
  responseText,
  statedSize,
  urlWithQuery,
} from './entry-fields.js';
import { HarFormatError } from './format-error.js';
import { printable } from './input-text.js';
import { type ExchangeRequest, type ExchangeResponse, headerValue } from './message.js';
import type { HarNameValue } from './types.js';

/** Why an entry holds no exchange with a server to judge, as the entry itself shows it: a CORS preflight (the
 * browser's own), a redirect the browser made up, a cache revalidation (304), a request that got no answer. */
export type EntrySkipReason =
  | 'cors-preflight'
  | 'internal-redirect'
  | 'cache-revalidation'
  | 'failed-request';

export interface EntrySkip {
  reason: EntrySkipReason;
  /** What the entry says (`OPTIONS with Access-Control-Request-Method`, the failure text). */
  detail: string;
}

/** A body the recording did not keep: `body-omitted` when the exporter was told to leave bodies out (Firefox,
 * Playwright `content: 'omit'`), `body-not-captured` otherwise. */
export interface BodyNotKept {
  reason: 'body-not-captured' | 'body-omitted';
  part: 'request body' | 'response body';
  detail: string;
}

/** One request/response pair of a recording, with its index in `log.entries` (or its NDJSON line). */
export interface RecordedExchange {
  index: number;
  request: ExchangeRequest;
  response: ExchangeResponse;
  /** Set when the entry is not an exchange to judge (a CORS preflight, a failed request, ...). */
  skip?: EntrySkip;
  /** Parts the recording did not keep (a body not captured): a checker reports them as not judged. */
  notJudged?: BodyNotKept[];
  /** Playwright `content: 'attach'`: the file names (`_file`, next to the HAR) of bodies kept outside the
   * HAR, which the caller reads (it knows where the HAR is). */
  attachments?: { request?: string; response?: string };
}

function hasHeader(headers: HarNameValue[], name: string): boolean {
  return headers.some((header) => header.name.toLowerCase() === name);
}

/** RFC 9110 status codes are three digits; 0 is handled before (a request that got no answer). */
function isHttpStatus(status: number): boolean {
  return Number.isInteger(status) && status >= 100 && status <= 599;
}

/** Why the request got no HTTP answer, when it got none: browsers record status 0 (Chrome, Firefox), some
 * tools -1 (Playwright), with why in the failure text; a failure text without a response is one too. */
function failureOf(response: unknown, text: string | undefined): string | undefined {
  const status = isObject(response) ? response.status : undefined;
  if (status === 0 || status === -1 || (text !== undefined && typeof status !== 'number')) {
    return text === undefined
      ? `the request got no response (status ${String(status)})`
      : `the request failed: ${text}`;
  }
  return undefined;
}

/** Skips that the entry itself shows: a CORS preflight, a browser-internal redirect, a cache revalidation. */
function skipOf(
  request: ExchangeRequest,
  response: ExchangeResponse,
  statusText: unknown,
  transferSize: unknown,
): EntrySkip | undefined {
  if (
    request.method === 'OPTIONS' &&
    headerValue(request.headers, 'access-control-request-method') !== undefined
  ) {
    return { reason: 'cors-preflight', detail: 'OPTIONS with Access-Control-Request-Method' };
  }
  // Chrome records redirects it makes itself (HSTS upgrades, extensions, service workers) as
  // `307 Internal Redirect`, often with a `Non-Authoritative-Reason` header; nothing crossed the network
  // (`_transferSize` 0, where a server's 307 carries at least its status line). No server answered them.
  if (
    response.status === 307 &&
    ((typeof statusText === 'string' && /internal redirect/i.test(statusText)) ||
      headerValue(response.headers, 'non-authoritative-reason') !== undefined ||
      transferSize === 0)
  ) {
    return {
      reason: 'internal-redirect',
      detail: `307 ${typeof statusText === 'string' ? printable(statusText) : ''}`.trim(),
    };
  }
  if (response.status === 304) return { reason: 'cache-revalidation', detail: '304 Not Modified' };
  return undefined;
}

/** One HAR 1.2 entry as an exchange (the inverse of `harEntry`), read as the exporters write it; anything
 * malformed throws {@link HarFormatError} naming the field. */
export function readEntry(raw: unknown, index: number): RecordedExchange {
  if (!isObject(raw)) throw new HarFormatError('entry is not an object');
  const { request, response } = raw;
  if (!isObject(request) || typeof request.method !== 'string' || typeof request.url !== 'string') {
    throw new HarFormatError('request.method or request.url is missing');
  }
  const recordedRequest: ExchangeRequest = {
    method: request.method.toUpperCase(),
    url: urlWithQuery(request.url, request.queryString),
    headers: readHeaders(request.headers, 'request.headers'),
  };
  // A request that got no answer (blocked, aborted, offline): skipped with why, not an input error.
  const failed = exporterFailureText(raw, response);
  const failure = failureOf(response, failed);
  if (failure !== undefined) {
    return {
      index,
      request: recordedRequest,
      response: { status: 0, headers: [] },
      skip: { reason: 'failed-request', detail: failure },
    };
  }
  if (!isObject(response) || typeof response.status !== 'number')
    throw new HarFormatError('response.status is missing');
  if (!isHttpStatus(response.status)) {
    throw new HarFormatError(
      `response.status ${response.status} is not an HTTP status (an integer from 100 to 599)`,
    );
  }

  // A callback the service sent names its webhook in the entry's custom field `_webhook` (HAR 1.2 allows
  // custom fields that start with an underscore).
  if (raw._webhook !== undefined) {
    if (typeof raw._webhook !== 'string' || raw._webhook.trim() === '') {
      throw new HarFormatError('_webhook is not a non-empty string (the name of the webhook the entry is)');
    }
    recordedRequest.webhook = raw._webhook.trim();
  }
  const notJudged: BodyNotKept[] = [];
  const attachments: NonNullable<RecordedExchange['attachments']> = {};
  // A postData that cannot be read as sent (chrome-har's JSON kept as params) costs the request body
  // alone: it is not judged, with why, and the rest of the entry is.
  let unreadBody: string | undefined;
  if (isObject(request.postData)) {
    let text: string | undefined;
    try {
      text = postDataText(request.postData, headerValue(recordedRequest.headers, 'content-type'));
    } catch (error) {
      if (!(error instanceof HarFormatError)) throw error;
      unreadBody = error.message;
    }
    const file = attachmentFileName(request.postData._file, 'request.postData');
    if (file !== undefined && !text) attachments.request = file;
    else if (text !== undefined) recordedRequest.body = text;
    // Some recorders keep the media type only in postData.mimeType.
    if (
      typeof request.postData.mimeType === 'string' &&
      request.postData.mimeType &&
      !hasHeader(recordedRequest.headers, 'content-type')
    ) {
      recordedRequest.headers.push({ name: 'Content-Type', value: request.postData.mimeType });
    }
  }
  if (!recordedRequest.body && attachments.request === undefined) {
    // No postData (or an empty text) is no body, unless the recording says a body was sent (its size,
    // Content-Length): then the exporter did not keep it (Chrome leaves out binary uploads).
    const omitted = isObject(request.postData) ? recorderOmission(request.postData) : undefined;
    const size = statedSize(headerValue(recordedRequest.headers, 'content-length'), request.bodySize);
    const detail =
      omitted ??
      unreadBody ??
      (size !== undefined && size > 0
        ? `the request sent ${size} bytes and the recording kept no postData text`
        : undefined);
    if (detail !== undefined) {
      delete recordedRequest.body;
      recordedRequest.bodyNotRecorded = true;
      // One cause, one reason: an exporter told to leave bodies out left out the request's too.
      const told =
        omitted === undefined &&
        unreadBody === undefined &&
        exporterOmitsBodies(raw, isObject(request.postData) ? request.postData : {});
      notJudged.push({ reason: told ? 'body-omitted' : 'body-not-captured', part: 'request body', detail });
    }
  }

  const recordedResponse: ExchangeResponse = {
    status: response.status,
    headers: readHeaders(response.headers, 'response.headers'),
  };
  const skip = skipOf(
    recordedRequest,
    recordedResponse,
    response.statusText,
    raw._transferSize ?? response._transferSize,
  );
  if (skip) return { index, request: recordedRequest, response: recordedResponse, skip };
  {
    // HAR 1.2 requires `content`; a recorder that left it out kept no body either.
    const content: JsonObject = isObject(response.content) ? response.content : {};
    const body = responseText(content);
    const file = attachmentFileName(content._file, 'response.content');
    const omitted = recorderOmission(content);
    if (failed !== undefined) {
      // An answer whose transfer failed after its status (Chrome: 200 with net::ERR_ABORTED when the
      // page moved on): its status and headers are judged, the body it kept may be cut short.
      recordedResponse.bodyNotRecorded = true;
      notJudged.push({
        reason: 'body-not-captured',
        part: 'response body',
        detail: `the transfer failed after the status line: ${failed}`,
      });
    } else if (omitted !== undefined) {
      recordedResponse.bodyNotRecorded = true;
      notJudged.push({ reason: 'body-not-captured', part: 'response body', detail: omitted });
    } else if (body !== undefined && !(body === '' && typeof content.size === 'number' && content.size > 0)) {
      recordedResponse.body = body;
    } else if (file !== undefined) attachments.response = file;
    else if (hasBody(recordedRequest, recordedResponse, content)) {
      const comment =
        typeof content.comment === 'string' ? `: ${printable(content.comment).slice(0, 120)}` : '';
      recordedResponse.bodyNotRecorded = true;
      notJudged.push({
        reason: exporterOmitsBodies(raw, content) ? 'body-omitted' : 'body-not-captured',
        part: 'response body',
        detail: isObject(response.content)
          ? `response.content ${content.text === '' ? 'has an empty text' : 'has no text'} (size ${String(content.size ?? 'not given')})${comment}`
          : 'the entry has no response.content',
      });
    }
    if (
      typeof content.mimeType === 'string' &&
      content.mimeType &&
      (recordedResponse.body || attachments.response) &&
      !hasHeader(recordedResponse.headers, 'content-type')
    ) {
      recordedResponse.headers.push({ name: 'Content-Type', value: content.mimeType });
    }
  }
  return {
    index,
    request: recordedRequest,
    response: recordedResponse,
    ...(notJudged.length > 0 ? { notJudged } : {}),
    ...(attachments.request !== undefined || attachments.response !== undefined ? { attachments } : {}),
  };
}

/** Whether a response whose text the recording did not keep had a body: not when HTTP says it has none (HEAD,
 * 204, 1xx) or the recording says it was empty (Content-Length 0). */
function hasBody(request: ExchangeRequest, response: ExchangeResponse, content: JsonObject): boolean {
  if (request.method === 'HEAD' || response.status === 204 || response.status < 200) return false;
  return (
    statedSize(
      headerValue(response.headers, 'content-length'),
      content.size === -1 ? undefined : content.size,
    ) !== 0
  );
}
