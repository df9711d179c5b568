/** What openapi-fetch builds for a call of a service client method, in place of a WHATWG `Request`
 * (openapi-fetch's per-call `Request` option): the URL, method, headers, serialized body and signal as
 * given. */
export class CallRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: RequestInit['body'];
  readonly signal: AbortSignal | undefined;

  constructor(input: string | URL, init: RequestInit = {}) {
    this.url = String(input);
    this.method = (init.method ?? 'GET').toUpperCase();
    // openapi-fetch passes the Headers it merged for this call: ours to fill in.
    this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    this.body = init.body ?? undefined;
    this.signal = init.signal ?? undefined;
  }

  /** A WHATWG `Request` with the same content, for code that needs one. */
  toRequest(): Request {
    return new Request(this.url, {
      method: this.method,
      headers: this.headers,
      body: this.body ?? null,
      signal: this.signal ?? null,
    });
  }
}
