import { isFormMediaType, isObject, type JsonObject, mediaTypeEssence } from '@svc-contracts/openapi-utils';
import { HarFormatError } from './format-error.js';
import { printable } from './input-text.js';
import type { HarNameValue } from './types.js';

/** The fields of one HAR 1.2 entry, read as the exporters write them (Chrome, Firefox, Playwright, Insomnia,
 * the project's recorder): each reader takes the raw JSON of a field and returns its value, or throws {@link
 * HarFormatError} naming the field. */

/** HAR 1.2 header values are strings; anything else is an error of the entry, named by its field. */
export function readHeaders(raw: unknown, field: string): HarNameValue[] {
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

/** The request body as a server saw it: `postData.text`, or form `params` encoded again. */
export function postDataText(postData: JsonObject, contentType?: string): string | undefined {
  if (postData.text !== undefined) {
    if (typeof postData.text !== 'string') throw new HarFormatError('request.postData.text is not a string');
    return postData.text;
  }
  if (Array.isArray(postData.params)) {
    const mimeType =
      typeof postData.mimeType === 'string' && postData.mimeType !== '' ? postData.mimeType : contentType;
    if (mimeType !== undefined && mimeType !== '' && !isFormMediaType(mimeType)) {
      throw new HarFormatError(
        `request.postData keeps the ${printable(mediaTypeEssence(mimeType)).slice(0, 80)} body only as params, without its text: it cannot be rebuilt as sent`,
      );
    }
    return postData.params
      .map((param, position) => {
        const at = `request.postData.params[${position}]`;
        if (!isObject(param) || typeof param.name !== 'string')
          throw new HarFormatError(`${at}.name is not a string`);
        if (param.value !== undefined && typeof param.value !== 'string') {
          throw new HarFormatError(
            `${at}.value is not a string (${printable(JSON.stringify(param.value) ?? '').slice(0, 40)})`,
          );
        }
        return `${encodeURIComponent(param.name)}=${encodeURIComponent(param.value ?? '')}`;
      })
      .join('&');
  }
  return undefined;
}

const base64Text = /^[A-Za-z0-9+/]*={0,2}$/;

/** `content.text` as the server sent it: decoded when HAR stored it as base64, refused when that is not base64. */
export function responseText(content: JsonObject): string | undefined {
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

/** Why the exporter says the request failed (Chrome `_error`, Playwright `_failureText`), if it does. */
export function exporterFailureText(raw: JsonObject, response: unknown): string | undefined {
  const texts = [
    raw._failureText,
    raw._error,
    ...(isObject(response) ? [response._failureText, response._error] : []),
  ];
  const text = texts.find((value): value is string => typeof value === 'string' && value !== '');
  return text === undefined ? undefined : printable(text).slice(0, 200);
}

/** Insomnia (and some other exporters) keep the query only in `queryString`, with a bare `url`: the query the
 * server saw is put back into the URL. */
export function urlWithQuery(url: string, queryString: unknown): string {
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
export function statedSize(...values: unknown[]): number | undefined {
  for (const value of values) {
    const size = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof size === 'number' && Number.isFinite(size) && size >= 0) return size;
  }
  return undefined;
}

/** Playwright `content: 'attach'` writes `<sha1>.<ext>` next to the HAR; anything else is not read. */
export function attachmentFileName(value: unknown, field: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\w.-]+$/.test(value) || value.startsWith('.')) {
    throw new HarFormatError(`${field}._file is not the plain name of a file next to the HAR`);
  }
  return value;
}

/** Why the recorder left a body out, from the `_bodyOmitted` field @svc-contracts/contract-recorder writes on
 * `postData` or `content` (past its `maxBodyBytes`, or a transfer that broke off); undefined when the field
 * is not there. */
export function recorderOmission(part: JsonObject): string | undefined {
  const omitted = part._bodyOmitted;
  if (!isObject(omitted)) return undefined;
  const detail = typeof omitted.detail === 'string' ? printable(omitted.detail).slice(0, 120) : 'no detail';
  const reason = typeof omitted.reason === 'string' ? printable(omitted.reason).slice(0, 40) : 'unknown';
  return `the recorder did not keep it (_bodyOmitted ${reason}: ${detail})`;
}

/** Whether the exporter was told to leave bodies out, as the entry shows it: Firefox says so in the content's
 * comment; an entry of Playwright's `recordHar` (its `_frameref` or `_monotonicTime`) without a text or a
 * `_file` is `content: 'omit'`. */
export function exporterOmitsBodies(raw: JsonObject, content: JsonObject): boolean {
  if (typeof content.comment === 'string' && /bodies are not included/i.test(content.comment)) return true;
  return raw._frameref !== undefined || raw._monotonicTime !== undefined;
}
