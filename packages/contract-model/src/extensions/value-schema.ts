import { isObject } from '@svc-contracts/openapi-utils';
import { EXTENSION, NOTHING, problem, type Read, rawOf } from './names.js';

const KEY = EXTENSION.valueSchema;

/** `x-value-schema` on a security scheme: the JSON Schema (2020-12) of the credential's value (the agents
 * organization id). The value is the schema object (or boolean schema); whether it is a valid JSON Schema is
 * judged where a validator is at hand (the linter's meta-schema check, the checker's compile). */
export function readValueSchema(scheme: unknown): Read<Record<string, unknown> | boolean> {
  const raw = rawOf(scheme, KEY);
  if (raw === undefined) return NOTHING;
  if (!isObject(raw) && typeof raw !== 'boolean') {
    return problem(
      KEY,
      "`x-value-schema` must be a JSON Schema (2020-12) object describing the credential value, for example `{type: string, pattern: '^[1-9][0-9]*$'}`.",
    );
  }
  return { value: raw, problems: [] };
}
