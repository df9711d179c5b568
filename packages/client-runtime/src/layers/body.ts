import { ResponseBodyError } from '../errors.js';

export interface BodyLimit {
  limitBytes: number;
  method: string;
  url: string;
  secrets: () => string[];
}

/** The answer with its body bounded: a larger declared size refused at once, an unknown size read with a
 * counting reader (a reader loop: a piped `TransformStream` costs as much as a small call) and refused past
 * the limit with a `ResponseBodyError` (`too-large`). */
export async function limitBody(response: Response, limit: BodyLimit): Promise<Response> {
  if (response.body === null || !Number.isFinite(limit.limitBytes)) return response;
  if (withinDeclared(response, limit)) return response;
  return readBody(response, limit);
}

/** Reads the body inside the call (so the timeout covers a slow body too), within `limitBytes`, and hands on
 * a response the caller reads without touching the network again. */
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
  return new BufferedResponse(body, response) as unknown as Response;
}

/** `Response` as a base class: the DOM typings declare its getters and methods as plain properties. */
const ResponseBase = Response as unknown as new (
  body: null,
  init: ResponseInit,
) => { readonly status: number; readonly statusText: string };

const decoder = new TextDecoder();

/** An answer whose body has been read into memory: a standard `Response` (status, headers, `url` of the
 * answer it copies) whose `text()`, `json()`, `arrayBuffer()`, `bytes()` and `blob()` read the bytes
 * directly. */
export class BufferedResponse extends ResponseBase {
  readonly #bytes: Uint8Array;
  readonly #url: string;
  readonly #headers: Headers;
  #used = false;
  #stream: ReadableStream<Uint8Array> | null | undefined;

  constructor(bytes: Uint8Array, from: Response) {
    // The answer's own headers, not a copy (they are immutable on an answer of `fetch`).
    super(null, { status: from.status, statusText: from.statusText });
    this.#bytes = bytes;
    this.#url = from.url;
    this.#headers = from.headers;
  }

  get headers(): Headers {
    return this.#headers;
  }

  get url(): string {
    return this.#url;
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#stream === undefined) {
      this.#stream = this.#used ? null : new Response(this.#bytes as Uint8Array<ArrayBuffer>).body;
    }
    return this.#stream;
  }

  get bodyUsed(): boolean {
    return this.#used || this.#stream?.locked === true;
  }

  /** The bytes, once: a second read fails as it does on any `Response`. */
  #take(): Uint8Array | Promise<Uint8Array> {
    if (this.bodyUsed) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    if (this.#stream)
      return new Response(this.#stream).arrayBuffer().then((buffer) => new Uint8Array(buffer));
    return this.#bytes;
  }

  async text(): Promise<string> {
    return decoder.decode(await this.#take());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return (await this.bytes()).buffer as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return (await this.#take()).slice();
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.bytes()], { type: this.headers.get('content-type') ?? '' });
  }

  async formData(): Promise<FormData> {
    return new Response(await this.bytes(), { headers: this.headers }).formData();
  }

  clone(): Response {
    if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
    const self = this as unknown as Response;
    if (!this.#stream) return withBody(self, this.#bytes);
    const [mine, theirs] = this.#stream.tee();
    this.#stream = mine;
    const copy = new Response(theirs, {
      status: this.status,
      statusText: this.statusText,
      headers: this.headers,
    });
    Object.defineProperty(copy, 'url', { value: this.#url });
    return copy;
  }
}
