import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Header } from '@svc-contracts/redact';

function headerValue(headers: Header[], name: string): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === name)?.value;
}

/** Undoes `Content-Encoding` (gzip, deflate, br) so the HAR keeps readable text; undefined if it can't. */
export function decodeContent(raw: Buffer, headers: Header[]): Buffer | undefined {
  const encodings = (headerValue(headers, 'content-encoding') ?? '')
    .split(',')
    .map((encoding) => encoding.trim().toLowerCase())
    .filter((encoding) => encoding !== '' && encoding !== 'identity');
  let body = raw;
  try {
    for (const encoding of encodings.reverse()) {
      if (encoding === 'gzip' || encoding === 'x-gzip') body = gunzipSync(body);
      else if (encoding === 'deflate') body = inflateSync(body);
      else if (encoding === 'br') body = brotliDecompressSync(body);
      else return undefined;
    }
  } catch {
    return undefined;
  }
  return body;
}

const textual =
  /^(text\/|application\/(json|xml|x-www-form-urlencoded|javascript|graphql)\b)|[+/](json|xml)\b/i;

/** Text media types are kept as text; anything else (or bytes that are not UTF-8) as base64. */
export function bodyText(
  body: Buffer,
  contentType: string | undefined,
): { text: string; encoding?: 'base64' } {
  if (body.length === 0) return { text: '' };
  const essence = (contentType ?? '').split(';')[0]?.trim() ?? '';
  if (essence === '' || textual.test(essence)) {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(body) };
    } catch {
      // not UTF-8 after all: fall through to base64
    }
  }
  return { text: body.toString('base64'), encoding: 'base64' };
}
