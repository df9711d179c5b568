import { EXTENSION, isNonEmptyString, problem, type Read, rawOf } from './names.js';

const KEY = EXTENSION.source;

export const SOURCE_MISSING =
  'The operation has no `x-source`: name the section of the source document it comes from (for example `x-source: E1`), so reviewers can check it against the source.';

/** `x-source` on an operation or webhook: the section of the source document it encodes (`E1`). Required. */
export function readSource(operation: unknown): Read<string> {
  const raw = rawOf(operation, KEY);
  if (!isNonEmptyString(raw)) return problem(KEY, SOURCE_MISSING);
  return { value: raw, problems: [] };
}
