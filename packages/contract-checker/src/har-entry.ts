import { isObject, type JsonObject } from '@svc-contracts/openapi-utils';
import { printable } from './input-text.js';
import type { HeaderField, RecordedRequest, RecordedResponse } from './types.js';

/** One request/response pair of a HAR file, with its index in `log.entries`. */
export interface RecordedExchange {
  index: number;
  request: RecordedRequest;
  response: RecordedResponse;
}

export class HarFormatError extends Error {
  override readonly name = 'HarFormatError';
}

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

/** One HAR entry as the checker reads it; anything malformed throws {@link HarFormatError} naming the field. */
export function readEntry(raw: unknown, index: number): RecordedExchange {
  if (!isObject(raw)) throw new HarFormatError('entry is not an object');
  const { request, response } = raw;
  if (!isObject(request) || typeof request.method !== 'string' || typeof request.url !== 'string') {
    throw new HarFormatError('request.method or request.url is missing');
  }
  if (!isObject(response) || typeof response.status !== 'number')
    throw new HarFormatError('response.status is missing');
  // Status 0 is how browsers record a request that never got an answer (blocked, aborted, failed).
  if (response.status === 0) throw new HarFormatError('the request got no response (status 0)');
  if (!isHttpStatus(response.status)) {
    throw new HarFormatError(
      `response.status ${response.status} is not an HTTP status (an integer from 100 to 599)`,
    );
  }

  const recordedRequest: RecordedRequest = {
    method: request.method.toUpperCase(),
    url: request.url,
    headers: headersOf(request.headers, 'request.headers'),
  };
  // A callback the service sent names its webhook in the entry's custom field `_webhook` (HAR 1.2 allows
  // custom fields that start with an underscore); see the README, "Webhooks".
  if (raw._webhook !== undefined) {
    if (typeof raw._webhook !== 'string' || raw._webhook.trim() === '') {
      throw new HarFormatError('_webhook is not a non-empty string (the name of the webhook the entry is)');
    }
    recordedRequest.webhook = raw._webhook.trim();
  }
  if (isObject(request.postData)) {
    const text = postDataText(request.postData);
    if (text !== undefined) recordedRequest.body = text;
    // Some recorders keep the media type only in postData.mimeType.
    if (
      typeof request.postData.mimeType === 'string' &&
      request.postData.mimeType &&
      !hasHeader(recordedRequest.headers, 'content-type')
    ) {
      recordedRequest.headers.push({ name: 'Content-Type', value: request.postData.mimeType });
    }
  }

  const recordedResponse: RecordedResponse = {
    status: response.status,
    headers: headersOf(response.headers, 'response.headers'),
  };
  if (isObject(response.content)) {
    const { content } = response;
    const body = responseText(content);
    if (body !== undefined) recordedResponse.body = body;
    if (
      typeof content.mimeType === 'string' &&
      content.mimeType &&
      recordedResponse.body &&
      !hasHeader(recordedResponse.headers, 'content-type')
    ) {
      recordedResponse.headers.push({ name: 'Content-Type', value: content.mimeType });
    }
  }
  return { index, request: recordedRequest, response: recordedResponse };
}
