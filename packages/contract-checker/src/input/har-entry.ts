import { HarFormatError, printable } from '@svc-contracts/har';
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

/** HAR 1.2 header values are strings; anything else is an error of the entry, named by its field. */
function headersOf(raw: unknown, field: string): HeaderField[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new HarFormatError(`${field} is not an array`);
  return raw.map((header, position) => {
    const at = `${field}[${position}]`;
    if (!isObject(header) || typeof header.name !== 'string')
      throw new HarFormatError(`${at}.name is not a string`);
    if (typeof header.value !== 'string') {
      throw new HarFormatError(`${at}.value is not a string (header ${printable(header.name)})`);
    }
    return { name: header.name, value: header.value };
  });
}

function hasHeader(headers: HeaderField[], name: string): boolean {
  return headers.some((header) => header.name.toLowerCase() === name);
}

/** HAR keeps form fields either as text or as `params`; a server sees the encoded text. */
function postDataText(postData: JsonObject): string | undefined {
  if (postData.text !== undefined) {
    if (typeof postData.text !== 'string') throw new HarFormatError('request.postData.text is not a string');
    return postData.text;
  }
  if (Array.isArray(postData.params)) {
    return postData.params
      .map((param, position) => {
        const at = `request.postData.params[${position}]`;
        if (!isObject(param) || typeof param.name !== 'string')
          throw new HarFormatError(`${at}.name is not a string`);
        if (param.value !== undefined && typeof param.value !== 'string') {
          throw new HarFormatError(`${at}.value is not a string`);
        }
        return `${encodeURIComponent(param.name)}=${encodeURIComponent(param.value ?? '')}`;
      })
      .join('&');
  }
  return undefined;
}

/** RFC 9110 status codes are three digits; 0 is handled before (a request that got no answer). */
function isHttpStatus(status: number): boolean {
  return Number.isInteger(status) && status >= 100 && status <= 599;
}

const base64Text = /^[A-Za-z0-9+/]*={0,2}$/;

/** `content.text` as the server sent it: decoded when HAR stored it as base64, refused when that is not base64. */
function responseText(content: JsonObject): string | undefined {
  if (content.text === undefined) return content.size === 0 ? '' : undefined;
  if (typeof content.text !== 'string') throw new HarFormatError('response.content.text is not a string');
  if (content.encoding === undefined || content.encoding === '') return content.text;
  if (content.encoding !== 'base64') {
    throw new HarFormatError(
      `response.content.encoding ${printable(String(content.encoding))} is not supported (only base64 is)`,
    );
  }
  const compact = content.text.replace(/\s+/g, '');
  if (!base64Text.test(compact) || compact.length % 4 === 1) {
    throw new HarFormatError(
      'response.content.text is not valid base64 (response.content.encoding is base64)',
    );
  }
  return Buffer.from(compact, 'base64').toString('utf8');
}

/** The value of a header (the first of that name), case-insensitively. */
function headerOf(headers: HeaderField[], name: string): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === name)?.value;
}

/** Why the exporter says the request failed (Chrome `_error`, Playwright `_failureText`), if it does. */
function failureText(raw: JsonObject, response: unknown): string | undefined {
  const texts = [
    raw._failureText,
    raw._error,
    ...(isObject(response) ? [response._failureText, response._error] : []),
  ];
  const text = texts.find((value): value is string => typeof value === 'string' && value !== '');
  return text === undefined ? undefined : printable(text).slice(0, 200);
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

/**
 * Insomnia (and some other exporters) keep the query only in `queryString`, with a bare `url`: the query
 * the server saw is put back into the URL. A URL with a query of its own is taken as it is.
 */
function urlWithQuery(url: string, queryString: unknown): string {
  if (!Array.isArray(queryString) || queryString.length === 0 || url.includes('?')) return url;
  const pairs = queryString.map((param, position) => {
    const at = `request.queryString[${position}]`;
    if (!isObject(param) || typeof param.name !== 'string')
      throw new HarFormatError(`${at}.name is not a string`);
    if (param.value !== undefined && typeof param.value !== 'string')
      throw new HarFormatError(`${at}.value is not a string`);
    return `${encodeURIComponent(param.name)}=${encodeURIComponent(param.value ?? '')}`;
  });
  const hash = url.indexOf('#');
  return hash < 0
    ? `${url}?${pairs.join('&')}`
    : `${url.slice(0, hash)}?${pairs.join('&')}${url.slice(hash)}`;
}

/** A positive size the recording states (HAR `bodySize`, `content.size`, `Content-Length`), else undefined. */
function statedSize(...values: unknown[]): number | undefined {
  for (const value of values) {
    const size = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof size === 'number' && Number.isFinite(size) && size >= 0) return size;
  }
  return undefined;
}

/** Playwright `content: 'attach'` writes `<sha1>.<ext>` next to the HAR; anything else is not read. */
function attachmentName(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\w.-]+$/.test(value) || value.startsWith('.')) {
    throw new HarFormatError(`${field}._file is not the plain name of a file next to the HAR`);
  }
  return value;
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
    headers: headersOf(request.headers, 'request.headers'),
  };
  // A request that got no answer (blocked, aborted, offline): skipped with why, not an input error.
  const failed = failureText(raw, response);
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
    const file = attachmentName(request.postData._file, 'request.postData');
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
    const omitted = isObject(request.postData) ? omittedBy(request.postData) : undefined;
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
    headers: headersOf(response.headers, 'response.headers'),
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
    const file = attachmentName(content._file, 'response.content');
    const omitted = omittedBy(content);
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
        reason: bodiesOmitted(raw, content) ? 'body-omitted' : 'body-not-captured',
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
 * Why the recorder left a body out, from the `_bodyOmitted` field @svc-contracts/contract-recorder writes
 * on `postData` or `content` (past its `maxBodyBytes`, or a transfer that broke off); undefined when the
 * field is not there.
 */
function omittedBy(part: JsonObject): string | undefined {
  const omitted = part._bodyOmitted;
  if (!isObject(omitted)) return undefined;
  const detail = typeof omitted.detail === 'string' ? printable(omitted.detail).slice(0, 120) : 'no detail';
  const reason = typeof omitted.reason === 'string' ? printable(omitted.reason).slice(0, 40) : 'unknown';
  return `the recorder did not keep it (_bodyOmitted ${reason}: ${detail})`;
}

/**
 * Whether the exporter was told to leave bodies out, as the entry shows it: Firefox says so in the
 * content's comment; an entry of Playwright's `recordHar` (its `_frameref` or `_monotonicTime`) without a
 * text or a `_file` is `content: 'omit'`.
 */
function bodiesOmitted(raw: JsonObject, content: JsonObject): boolean {
  if (typeof content.comment === 'string' && /bodies are not included/i.test(content.comment)) return true;
  return raw._frameref !== undefined || raw._monotonicTime !== undefined;
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
