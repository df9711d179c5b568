import type { Layer } from './context.js';

export { Deadline } from './deadline.js';

/** The timeout layer: each pass through it is one attempt, counted and given the call's limit afresh. */
export const timeoutLayer: Layer = (next) => (request, context) => {
  context.attempt++;
  context.deadline.arm();
  const { signal } = context.deadline;
  if (signal.aborted) return Promise.reject(signal.reason);
  return next(request, context);
};
