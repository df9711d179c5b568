import { ResponseBodyError } from '../errors.js';

export interface BodyLimit {
  limitBytes: number;
  method: string;
  url: string;
  secrets: () => string[];
}

/**
 * The answer with its body bounded by `limitBytes`: one that declares a larger size is refused at once;
 * one that declares a size within it is handed on as it is (the runtime never hands on more bytes than
 * the declared length); one whose size is not known in advance (chunked, or compressed: `fetch` inflates
 * it) is read here with a counting reader and fails with a `ResponseBodyError` (`too-large`) past the
 * limit, then handed on as a copy holding the bytes.
 *
 * A reader loop rather than a counting `TransformStream` piped in front of the body: the pipe costs about
 * as much as the rest of a small loopback call (bench/clients, `pnpm exec tsx bench/clients/overhead.ts`).
 */
export async function limitBody(response: Response, limit: BodyLimit): Promise<Response> {
  if (response.body === null || !Number.isFinite(limit.limitBytes)) return response;
  if (withinDeclared(response, limit)) return response;
  return readBody(response, limit);
}

/**
 * Reads the body inside the call (so the timeout covers a slow body too), within `limitBytes`, and hands
 * on a response the caller reads without touching the network again.
 */
export async function bufferBody(response: Response, limit: BodyLimit): Promise<Response> {
  if (response.body === null) return response;
  if (Number.isFinite(limit.limitBytes)) withinDeclared(response, limit);
  return readBody(response, limit);
}

/** Whether the answer declares a length within the limit; throws when it declares a larger one. */
function withinDeclared(response: Response, limit: BodyLimit): boolean {
  const declared = response.headers.get('content-length');
  const encoding = response.headers.get('content-encoding');
  if (
    declared === null ||
    !/^\s*\d+\s*$/.test(declared) ||
    (encoding !== null && encoding.trim().toLowerCase() !== 'identity')
  ) {
    return false;
  }
  if (Number(declared) <= limit.limitBytes) return true;
  void response.body?.cancel().catch(() => undefined);
  throw tooLarge(response, limit);
}

async function readBody(response: Response, limit: BodyLimit): Promise<Response> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value.byteLength;
    if (seen > limit.limitBytes) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge(response, limit);
    }
    chunks.push(value);
  }
  return withBody(response, chunks.length === 1 ? (chunks[0] as Uint8Array) : concat(chunks, seen));
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function tooLarge(response: Response, limit: BodyLimit): ResponseBodyError {
  return new ResponseBodyError({
    status: response.status,
    method: limit.method,
    url: limit.url,
    problem: 'too-large',
    limitBytes: limit.limitBytes,
    secrets: limit.secrets(),
  });
}

function withBody(response: Response, body: Uint8Array): Response {
  const copy = new Response(body as BodyInit, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}
