import { NetworkError, SdkError } from '../errors.js';
import type { Layer } from './context.js';

export interface FailureInit {
  method: string;
  url: string;
  signal: AbortSignal;
  secrets: readonly string[];
  /** The answer's status, when the failure came while its body was read. */
  status?: number | undefined;
}

/** What a call throws for an error: the abort reason when the call was aborted (its `TimeoutError`, or the
 * caller's reason), the SDK's own errors as they are, anything else (undici's `TypeError: fetch failed`, a
 * reset while reading the body) as a `NetworkError` with the cause kept and credentials removed. */
export function callFailure(error: unknown, init: FailureInit): unknown {
  if (init.signal.aborted) return init.signal.reason;
  if (error instanceof SdkError) return error;
  return new NetworkError({
    method: init.method,
    url: init.url,
    cause: error,
    secrets: [...init.secrets],
    status: init.status,
  });
}

/** The error-mapping layer: whatever the wire part of an attempt throws becomes the SDK's error. */
export function errorLayer(secrets: () => string[]): Layer {
  return (next) => (request, context) => {
    let sent: Promise<Response>;
    try {
      sent = next(request, context);
    } catch (error) {
      sent = Promise.reject(error);
    }
    return sent.catch((error: unknown) => {
      throw callFailure(error, {
        method: request.method,
        url: request.url,
        signal: context.deadline.signal,
        secrets: secrets(),
      });
    });
  };
}
