import type { RuleCode, Side, Violation } from '../core/types.js';

/** What a rule that reads a body finds: where, and why (a violation once its rule and side are known). */
export type BodyFinding = { pointer: string; message: string };

/** One violation of a check; `pointer` and `specLocation` only when known. */
export function violation(
  side: Side,
  rule: RuleCode,
  message: string,
  pointer?: string,
  specLocation?: string,
): Violation {
  const result: Violation = { rule, severity: 'error', side, message };
  if (pointer !== undefined) result.pointer = pointer;
  if (specLocation !== undefined) result.specLocation = specLocation;
  return result;
}
