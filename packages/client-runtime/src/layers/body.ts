import { ResponseBodyError } from '../errors.js';

export interface BodyLimit {
  limitBytes: number;
  method: string;
  url: string;
  secrets: () => string[];
}

/**
 * The answer with its body bounded by `limitBytes`: one that declares a larger size is refused at once;
 * one whose size is not known in advance (chunked, or compressed: `fetch` inflates it) is counted as it
 * is read and fails with a `ResponseBodyError` (`too-large`) past the limit.
 */
export function limitBody(response: Response, limit: BodyLimit): Response {
  const { limitBytes } = limit;
  if (response.body === null || !Number.isFinite(limitBytes)) return response;
  const tooLarge = (): ResponseBodyError =>
    new ResponseBodyError({
      status: response.status,
      method: limit.method,
      url: limit.url,
      problem: 'too-large',
      limitBytes,
      secrets: limit.secrets(),
    });
  const declared = response.headers.get('content-length');
  const encoding = response.headers.get('content-encoding');
  if (
    declared !== null &&
    /^\s*\d+\s*$/.test(declared) &&
    (encoding === null || encoding.trim().toLowerCase() === 'identity')
  ) {
    // The runtime never hands on more bytes than the declared length.
    if (Number(declared) <= limitBytes) return response;
    void response.body.cancel().catch(() => undefined);
    throw tooLarge();
  }
  let seen = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limitBytes) controller.error(tooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  return withBody(response, counted);
}

/**
 * Reads the body inside the call, so the timeout covers a slow body too, and hands the caller a
 * response it can read without touching the network again.
 */
export async function bufferBody(response: Response): Promise<Response> {
  if (response.body === null) return response;
  return withBody(response, await response.arrayBuffer());
}

function withBody(response: Response, body: ConstructorParameters<typeof Response>[0]): Response {
  const copy = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}
