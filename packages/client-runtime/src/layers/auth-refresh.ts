import type { Authenticator } from '../auth.js';
import { redactUrl } from '../redact.js';
import { discard, type Emit, type Layer } from './context.js';

/** The auth layer: puts the credentials on a copy of the headers before each attempt (middleware may keep the
 * request and must not see them) and, after a 401 with a token provider, asks once per call for a fresh
 * token and repeats the request with it. */
export function authLayer(auth: Authenticator | undefined, emit: Emit): Layer {
  const fixed = auth?.refreshable === true ? undefined : auth?.fixedHeaders;
  if (auth === undefined || fixed !== undefined) {
    return (next) => (request, context) => {
      const headers = new Headers(request.headers);
      if (fixed !== undefined) for (const name in fixed) headers.set(name, fixed[name] as string);
      return next({ url: request.url, method: request.method, headers, body: request.body }, context);
    };
  }
  return (next) => async (request, context) => {
    const headers = new Headers(request.headers);
    const credential = await auth.apply(headers, { forceRefresh: false });
    const response = await next({ ...request, headers }, context);
    if (response.status !== 401 || !auth.refreshable || context.refreshed) return response;
    context.refreshed = true;
    context.deadline.pause();
    const fresh = new Headers(request.headers);
    const freshCredential = await auth.apply(fresh, { forceRefresh: true });
    if (freshCredential === credential) {
      // Nothing fresher: the caller reads this answer's body, with a limit of its own.
      context.deadline.arm();
      return response;
    }
    emit?.({
      type: 'refresh-credentials',
      method: request.method,
      url: redactUrl(request.url),
      attempt: context.attempt,
    });
    await discard(response);
    // The repeat goes through the layers inside (timeout included) as an attempt of its own.
    return next({ ...request, headers: fresh }, context);
  };
}
