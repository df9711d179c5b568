import { RedirectError } from '../errors.js';
import { isCredentialHeader, redactText, redactUrl } from '../redact.js';
import { type CallContext, discard, type Emit, type Layer, type Outgoing, type Send } from './context.js';

export type CrossOriginRedirectPolicy = 'strip-credentials' | 'refuse';

export interface RedirectPolicy {
  maxRedirects: number;
  crossOrigin: CrossOriginRedirectPolicy;
  /** The client's own credential headers (beside Authorization, Proxy-Authorization and Cookie). */
  credentialHeaders: readonly string[];
  secrets: () => string[];
  emit: Emit;
}

export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
const ALWAYS_STRIPPED = ['authorization', 'proxy-authorization', 'cookie'];

/** An answer that starts a redirect the transport follows (or refuses) itself. */
export function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || REDIRECT_STATUSES.has(response.status);
}

/** A copy of the headers with every credential header removed, for a hop to another origin. */
export function withoutCredentials(headers: Headers, credentialHeaders: readonly string[]): Headers {
  const copy = new Headers();
  headers.forEach((value, name) => {
    if (!ALWAYS_STRIPPED.includes(name) && !credentialHeaders.includes(name) && !isCredentialHeader(name)) {
      copy.set(name, value);
    }
  });
  return copy;
}

/** The redirect layer: `fetch` is asked never to follow (`redirect: 'manual'`), and each hop is checked here:
 * at most `maxRedirects`, no user info in `Location`, no hidden (browser) redirect, and credentials never
 * sent to another origin (stripped, or the hop refused). */
export function redirectLayer(policy: RedirectPolicy): Layer {
  const refuse = (message: string): RedirectError => new RedirectError(redactText(message, policy.secrets()));
  return (next) => {
    const emitResponse = (request: Outgoing, context: CallContext, response: Response): Response => {
      policy.emit?.({
        type: 'response',
        method: request.method,
        url: redactUrl(request.url),
        attempt: context.attempt,
        status: response.status,
      });
      return response;
    };
    // Nothing made per call: a call that is not redirected runs one `then` here.
    return (request, context) =>
      next(request, context).then((first) => {
        if (!isRedirect(first))
          return policy.emit === undefined ? first : emitResponse(request, context, first);
        return followRedirects(next, policy, refuse, request, context, first).then((response) =>
          emitResponse(request, context, response),
        );
      });
  };
}

/** Follows (or refuses) each hop of a redirect that `first` starts, through `next`. */
async function followRedirects(
  next: Send,
  policy: RedirectPolicy,
  refuse: (message: string) => RedirectError,
  request: Outgoing,
  context: CallContext,
  first: Response,
): Promise<Response> {
  const { url, method } = request;
  let response = first;
  let hop: Outgoing = request;
  let stripped = false;
  for (let count = 0; ; count++) {
    if (count > 0) response = await next(hop, context);
    if (response.type === 'opaqueredirect') {
      // Browsers hide the target of a manual redirect, so it cannot be checked: refuse rather than guess.
      throw refuse(
        `${hop.method} ${redactUrl(hop.url)} was redirected; browsers hide the target, so it is not followed.`,
      );
    }
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
    await discard(response);
    const target = new URL(location, hop.url);
    const nextUrl = target.toString();
    if (count >= policy.maxRedirects) {
      throw refuse(`${method} ${redactUrl(url)} was redirected more than ${policy.maxRedirects} times.`);
    }
    if (target.username !== '' || target.password !== '') {
      // fetch refuses such a URL with a TypeError that repeats it, credentials included.
      throw refuse(
        `${method} ${redactUrl(url)} was redirected to a URL with user info (${redactUrl(nextUrl)}); refused.`,
      );
    }
    let { headers, body } = hop;
    let nextMethod = hop.method;
    if (!stripped && target.origin !== new URL(url).origin) {
      if (policy.crossOrigin === 'refuse') {
        throw refuse(
          `${method} ${redactUrl(url)} was redirected to another origin (${target.origin}); refused.`,
        );
      }
      headers = withoutCredentials(headers, policy.credentialHeaders);
      stripped = true;
    }
    if (
      (response.status === 303 && nextMethod !== 'HEAD') ||
      ((response.status === 301 || response.status === 302) && nextMethod === 'POST')
    ) {
      nextMethod = 'GET';
      body = undefined;
      headers = new Headers(headers);
      headers.delete('content-type');
      headers.delete('content-length');
    }
    policy.emit?.({
      type: 'redirect',
      method: nextMethod,
      from: redactUrl(hop.url),
      to: redactUrl(nextUrl),
      credentialsStripped: stripped,
    });
    hop = { url: nextUrl, method: nextMethod, headers, body };
  }
}
