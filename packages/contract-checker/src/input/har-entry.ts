import {
  attachmentFileName,
  exporterFailureText,
  exporterOmitsBodies,
  HarFormatError,
  postDataText,
  printable,
  readHeaders,
  recorderOmission,
  responseText,
  statedSize,
  urlWithQuery,
} from '@svc-contracts/har';
import { isObject, type JsonObject } from '@svc-contracts/openapi-utils';
import type { NotJudged, Skip } from '../run/scope.js';
import type { HeaderField, RecordedRequest, RecordedResponse } from '../types.js';

/** One request/response pair of a HAR file, with its index in `log.entries`. */
export interface RecordedExchange {
  index: number;
  request: RecordedRequest;
  response: RecordedResponse;
  /** Set when the entry is not an exchange to judge (a CORS preflight, a failed request, ...). */
  skip?: Skip;
  /** Parts the recording did not keep (a body not captured). */
  notJudged?: NotJudged[];
  /**
   * Playwright `content: 'attach'`: the file names (`_file`, next to the HAR) of bodies kept outside
   * the HAR, which the run reads (it knows where the HAR is).
   */
  attachments?: { request?: string; response?: string };
}

export { HarFormatError };

function hasHeader(headers: HeaderField[], name: string): boolean {
  return headers.some((header) => header.name.toLowerCase() === name);
}

/** RFC 9110 status codes are three digits; 0 is handled before (a request that got no answer). */
function isHttpStatus(status: number): boolean {
  return Number.isInteger(status) && status >= 100 && status <= 599;
}

/** The value of a header (the first of that name), case-insensitively. */
function headerOf(headers: HeaderField[], name: string): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === name)?.value;
}

/**
 * Why the request got no HTTP answer, when it got none: browsers record status 0 (Chrome, Firefox), some
 * tools -1 (Playwright), with why in the failure text; a failure text without a response is one too.
 */
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
  request: RecordedRequest,
  response: RecordedResponse,
  statusText: unknown,
  transferSize: unknown,
): Skip | undefined {
  if (
    request.method === 'OPTIONS' &&
    headerOf(request.headers, 'access-control-request-method') !== undefined
  ) {
    return { reason: 'cors-preflight', detail: 'OPTIONS with Access-Control-Request-Method' };
  }
  // Chrome records redirects it makes itself (HSTS upgrades, extensions, service workers) as
  // `307 Internal Redirect`, often with a `Non-Authoritative-Reason` header; nothing crossed the network
  // (`_transferSize` 0, where a server's 307 carries at least its status line). No server answered them.
  if (
    response.status === 307 &&
    ((typeof statusText === 'string' && /internal redirect/i.test(statusText)) ||
      headerOf(response.headers, 'non-authoritative-reason') !== undefined ||
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

/** One HAR entry as the checker reads it; anything malformed throws {@link HarFormatError} naming the field. */
export function readEntry(raw: unknown, index: number): RecordedExchange {
  if (!isObject(raw)) throw new HarFormatError('entry is not an object');
  const { request, response } = raw;
  if (!isObject(request) || typeof request.method !== 'string' || typeof request.url !== 'string') {
    throw new HarFormatError('request.method or request.url is missing');
  }
  const recordedRequest: RecordedRequest = {
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
  // custom fields that start with an underscore); see the README, "Webhooks".
  if (raw._webhook !== undefined) {
    if (typeof raw._webhook !== 'string' || raw._webhook.trim() === '') {
      throw new HarFormatError('_webhook is not a non-empty string (the name of the webhook the entry is)');
    }
    recordedRequest.webhook = raw._webhook.trim();
  }
  const notJudged: NotJudged[] = [];
  const attachments: NonNullable<RecordedExchange['attachments']> = {};
  if (isObject(request.postData)) {
    const text = postDataText(request.postData);
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
    const size = statedSize(headerOf(recordedRequest.headers, 'content-length'), request.bodySize);
    if (omitted !== undefined) {
      delete recordedRequest.body;
      recordedRequest.bodyNotRecorded = true;
      notJudged.push({ reason: 'body-not-captured', part: 'request body', detail: omitted });
    } else if (size !== undefined && size > 0) {
      delete recordedRequest.body;
      recordedRequest.bodyNotRecorded = true;
      notJudged.push({
        reason: 'body-not-captured',
        part: 'request body',
        detail: `the request sent ${size} bytes and the recording kept no postData text`,
      });
    }
  }

  const recordedResponse: RecordedResponse = {
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
      notJudged.push({
        reason: 'body-not-captured',
        part: 'response body',
        detail: `the transfer failed after the status line: ${failed}`,
      });
    } else if (omitted !== undefined) {
      notJudged.push({ reason: 'body-not-captured', part: 'response body', detail: omitted });
    } else if (body !== undefined && !(body === '' && typeof content.size === 'number' && content.size > 0)) {
      recordedResponse.body = body;
    } else if (file !== undefined) attachments.response = file;
    else if (hasBody(recordedRequest, recordedResponse, content)) {
      const comment =
        typeof content.comment === 'string' ? `: ${printable(content.comment).slice(0, 120)}` : '';
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

/**
 * Whether a response whose text the recording did not keep had a body: not when HTTP says it has none
 * (HEAD, 204, 1xx) or the recording says it was empty (Content-Length 0).
 */
function hasBody(request: RecordedRequest, response: RecordedResponse, content: JsonObject): boolean {
  if (request.method === 'HEAD' || response.status === 204 || response.status < 200) return false;
  return (
    statedSize(
      headerOf(response.headers, 'content-length'),
      content.size === -1 ? undefined : content.size,
    ) !== 0
  );
}
