import { planRequest, type RequestPlan } from '../requests/request-check.js';
import { planResponse, type ResponseCheck } from '../responses/response-check.js';
import type { PreparedOperation } from './compiled.js';

/** Everything about checking one operation that does not depend on the entry, worked out on the operation's
 * first entry and kept: checking an entry is then reading it and running these. */
export interface OperationPlan extends RequestPlan {
  checkResponse: ResponseCheck;
}

/** The plans, kept beside the operations rather than on them, so that compiled.ts need not know this module. */
const plans = new WeakMap<PreparedOperation, OperationPlan>();

/** The operation's plan, built on first use: an operation no entry reaches costs nothing. */
export function planOf(operation: PreparedOperation): OperationPlan {
  let plan = plans.get(operation);
  if (plan === undefined) {
    plan = { ...planRequest(operation), checkResponse: planResponse(operation) };
    plans.set(operation, plan);
  }
  return plan;
}

/** Whether the operation's plan is built yet (for tests of when it is built). */
export function isPlanned(operation: PreparedOperation): boolean {
  return plans.has(operation);
}
