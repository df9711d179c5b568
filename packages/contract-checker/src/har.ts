import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isObject, type JsonObject } from './openapi.js';
import type { HeaderField, RecordedRequest, RecordedResponse } from './types.js';

/** One request/response pair of a HAR file, with its index in `log.entries`. */
export interface RecordedExchange {
  index: number;
  request: RecordedRequest;
  response: RecordedResponse;
}

export interface HarFile {
  file: string;
  exchanges: RecordedExchange[];
  /** Entries that could not be read (the others are still checked). */
  entryErrors: Array<{ index: number; reason: string }>;
}

/** A recording that could not be read at all, or one entry of it. */
export interface InputError {
  file: string;
  entry?: number;
  reason: string;
}

export class HarFormatError extends Error {
  override readonly name = 'HarFormatError';
}

function headersOf(raw: unknown): HeaderField[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((header): header is JsonObject => isObject(header) && typeof header.name === 'string')
    .map((header) => ({
      name: header.name as string,
      value: typeof header.value === 'string' ? header.value : String(header.value ?? ''),
    }));
}

function hasHeader(headers: HeaderField[], name: string): boolean {
  return headers.some((header) => header.name.toLowerCase() === name);
}

/** HAR keeps form fields either as text or as `params`; a server sees the encoded text. */
function postDataText(postData: JsonObject): string | undefined {
  if (typeof postData.text === 'string') return postData.text;
  if (Array.isArray(postData.params)) {
    return postData.params
      .filter(isObject)
      .map(
        (param) =>
          `${encodeURIComponent(String(param.name ?? ''))}=${encodeURIComponent(String(param.value ?? ''))}`,
      )
      .join('&');
  }
  return undefined;
}

function readEntry(raw: unknown, index: number): RecordedExchange {
  if (!isObject(raw)) throw new HarFormatError('entry is not an object');
  const { request, response } = raw;
  if (!isObject(request) || typeof request.method !== 'string' || typeof request.url !== 'string') {
    throw new HarFormatError('request.method or request.url is missing');
  }
  if (!isObject(response) || typeof response.status !== 'number')
    throw new HarFormatError('response.status is missing');
  // Status 0 is how browsers record a request that never got an answer (blocked, aborted, failed).
  if (response.status === 0) throw new HarFormatError('the request got no response (status 0)');

  const recordedRequest: RecordedRequest = {
    method: request.method.toUpperCase(),
    url: request.url,
    headers: headersOf(request.headers),
  };
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
    headers: headersOf(response.headers),
  };
  if (isObject(response.content)) {
    const { content } = response;
    if (typeof content.text === 'string') {
      recordedResponse.body =
        content.encoding === 'base64' ? Buffer.from(content.text, 'base64').toString('utf8') : content.text;
    } else if (content.size === 0) {
      recordedResponse.body = '';
    }
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

/** Parses HAR 1.2 text. A file-level problem throws {@link HarFormatError}; a bad entry is listed. */
export function parseHar(text: string, file = 'recording.har'): HarFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new HarFormatError(`malformed JSON: ${(error as Error).message}`);
  }
  if (!isObject(parsed) || !isObject(parsed.log)) throw new HarFormatError('not a HAR file: no "log" object');
  if (!Array.isArray(parsed.log.entries))
    throw new HarFormatError('not a HAR file: "log.entries" is not an array');
  const exchanges: RecordedExchange[] = [];
  const entryErrors: HarFile['entryErrors'] = [];
  parsed.log.entries.forEach((entry, index) => {
    try {
      exchanges.push(readEntry(entry, index));
    } catch (error) {
      if (!(error instanceof HarFormatError)) throw error;
      entryErrors.push({ index, reason: error.message });
    }
  });
  return { file, exchanges, entryErrors };
}

export async function readHar(path: string): Promise<HarFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new HarFormatError(code === 'ENOENT' ? 'no such file' : `cannot read: ${(error as Error).message}`);
  }
  return parseHar(text, path);
}

/**
 * Expands files and folders into HAR files: a folder contributes every `*.har` below it (sorted, so runs
 * are reproducible); a file is taken as given whatever its extension; a missing path is an input error.
 */
export async function collectHarFiles(paths: string[]): Promise<{ files: string[]; errors: InputError[] }> {
  const files: string[] = [];
  const errors: InputError[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.har')) files.push(full);
    }
  };
  for (const path of paths) {
    try {
      const info = await stat(path);
      if (info.isDirectory()) await walk(path);
      else files.push(path);
    } catch {
      errors.push({ file: path, reason: 'no such file or folder' });
    }
  }
  return { files: [...new Set(files)], errors };
}

/** Builds a HAR 1.2 document from exchanges (for recorders such as the mock server, and for tests). */
export function createHar(
  exchanges: Array<{ request: RecordedRequest; response: RecordedResponse; startedDateTime?: string }>,
  creator = { name: '@svc-contracts/contract-checker', version: '0.0.0' },
): JsonObject {
  const mimeOf = (headers: HeaderField[]): string =>
    headers.find((header) => header.name.toLowerCase() === 'content-type')?.value ?? '';
  return {
    log: {
      version: '1.2',
      creator,
      entries: exchanges.map(({ request, response, startedDateTime }) => {
        const url = new URL(request.url, 'http://localhost');
        return {
          startedDateTime: startedDateTime ?? new Date(0).toISOString(),
          time: 0,
          request: {
            method: request.method,
            url: request.url,
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: request.headers,
            queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
            ...(request.body === undefined
              ? {}
              : { postData: { mimeType: mimeOf(request.headers), text: request.body } }),
            headersSize: -1,
            bodySize: request.body === undefined ? 0 : Buffer.byteLength(request.body),
          },
          response: {
            status: response.status,
            statusText: '',
            httpVersion: 'HTTP/1.1',
            cookies: [],
            headers: response.headers,
            content: {
              size: response.body === undefined ? 0 : Buffer.byteLength(response.body),
              mimeType: mimeOf(response.headers),
              ...(response.body === undefined ? {} : { text: response.body }),
            },
            redirectURL: '',
            headersSize: -1,
            bodySize: response.body === undefined ? 0 : Buffer.byteLength(response.body),
          },
          cache: {},
          timings: { send: 0, wait: 0, receive: 0 },
        };
      }),
    },
  };
}
