import { brotliDecompressSync, gunzipSync, inflateSync, type ZlibOptions } from 'node:zlib';
import { type HarNameValue, headerValue } from '@svc-contracts/har';
import { isTextualMediaType } from '@svc-contracts/openapi-utils';

/** The bytes of one body, kept up to a limit: past it they are counted and dropped (the proxy still passes
 * every byte on), so a body of any size costs at most `limit` bytes of memory. */
export class BoundedBody {
  private chunks: Buffer[] = [];
  private kept = 0;
  /** Every byte that went by, kept or not. */
  size = 0;
  /** True once the body went past the limit: nothing of it is kept. */
  overflowed = false;

  constructor(readonly limit: number) {}

  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.overflowed) return;
    if (this.kept + chunk.length > this.limit) {
      this.overflowed = true;
      this.chunks = [];
      this.kept = 0;
      return;
    }
    this.chunks.push(chunk);
    this.kept += chunk.length;
  }

  /** The whole body, or undefined when it went past the limit. */
  bytes(): Buffer | undefined {
    return this.overflowed ? undefined : Buffer.concat(this.chunks, this.kept);
  }
}

/** Undoes `Content-Encoding` (gzip, deflate, br) so the HAR keeps readable text; undefined if it can't,
 * `too-large` when the decoded body would pass `limit` bytes (a small compressed body can inflate to
 * gigabytes: it is never decoded past the limit). */
export function decodeContent(
  raw: Buffer,
  headers: HarNameValue[],
  limit: number,
): Buffer | 'too-large' | undefined {
  const encodings = (headerValue(headers, 'content-encoding') ?? '')
    .split(',')
    .map((encoding) => encoding.trim().toLowerCase())
    .filter((encoding) => encoding !== '' && encoding !== 'identity');
  const bounded: ZlibOptions = { maxOutputLength: Math.max(1, limit) };
  let body = raw;
  try {
    for (const encoding of encodings.reverse()) {
      if (encoding === 'gzip' || encoding === 'x-gzip') body = gunzipSync(body, bounded);
      else if (encoding === 'deflate') body = inflateSync(body, bounded);
      else if (encoding === 'br') body = brotliDecompressSync(body, bounded);
      else return undefined;
    }
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : undefined;
  }
  return body;
}

/** Text media types are kept as text; anything else (or bytes that are not UTF-8) as base64. */
export function bodyText(
  body: Buffer,
  contentType: string | undefined,
): { text: string; encoding?: 'base64' } {
  if (body.length === 0) return { text: '' };
  if (isTextualMediaType(contentType ?? '')) {
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(body) };
    } catch {
      // not UTF-8 after all: fall through to base64
    }
  }
  return { text: body.toString('base64'), encoding: 'base64' };
}
