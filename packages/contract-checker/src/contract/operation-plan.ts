import { planRequest, type RequestCheck } from '../requests/request-check.js';
import { planResponse, type ResponseCheck } from '../responses/response-check.js';
import type { PreparedOperation } from './compiled.js';

/**
 * Everything about checking one operation that does not depend on the entry, worked out on the
 * operation's first entry and kept: checking an entry is then reading it and running these.
 */
export interface OperationPlan {
  checkRequest: RequestCheck;
  checkResponse: ResponseCheck;
}

/**
 * The operation's plan, built on first use rather than at load, so that a warm set-up (contract-cache.ts)
 * stays as cheap as reading the cache, and an operation no entry reaches costs nothing.
 */
export function planOf(operation: PreparedOperation): OperationPlan {
  operation.plan ??= { checkRequest: planRequest(operation), checkResponse: planResponse(operation) };
  return operation.plan;
}
