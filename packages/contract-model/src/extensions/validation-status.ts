import { isObject } from '@svc-contracts/openapi-utils';
import { EXTENSION, NOTHING, problem, type Read, rawOf } from './names.js';

const KEY = EXTENSION.validationStatus;

/** The root `x-validation-status`: the 4xx or 5xx status the service answers for an invalid request. It must
 * be one `x-error-schemas` covers (its status or its range), or the mocks answer with an undocumented body.
 * The value is the status when it is a 4xx or 5xx. */
export function readValidationStatus(root: unknown): Read<number> {
  const raw = rawOf(root, KEY);
  if (raw === undefined) return NOTHING;
  const status = String(raw);
  if (!/^[45][0-9]{2}$/.test(status)) {
    return problem(
      KEY,
      '`x-validation-status` must be the 4xx or 5xx status the service answers for an invalid request, for example `422`.',
    );
  }
  const errorSchemas = rawOf(root, EXTENSION.errorSchemas);
  if (isObject(errorSchemas) && !(status in errorSchemas) && !(`${status[0]}XX` in errorSchemas)) {
    return problem(
      KEY,
      `\`x-validation-status\` is ${status}, but \`x-error-schemas\` has no entry for ${status} (or ${status[0]}XX): add the schema of the validation error body.`,
      Number(status),
    );
  }
  return { value: Number(status), problems: [] };
}
