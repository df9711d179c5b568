import type { RuleCode, Side, Violation, ViolationReason } from '../core/types.js';

/** What a rule that reads a body finds: where, and why (a violation once its rule and side are known). */
export type BodyFinding = { pointer: string; message: string };

/** One violation of a check; `pointer`, `specLocation` and `reason` only when known. */
export function violation(
  side: Side,
  rule: RuleCode,
  message: string,
  pointer?: string,
  specLocation?: string,
  reason?: ViolationReason,
): Violation {
  const result: Violation = { rule, severity: 'error', side, message };
  if (pointer !== undefined) result.pointer = pointer;
  if (specLocation !== undefined) result.specLocation = specLocation;
  if (reason !== undefined) result.reason = reason;
  return result;
}
