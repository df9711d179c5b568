import { isObject } from '@svc-contracts/openapi-utils';
import { EXTENSION, isNonEmptyString, NOTHING, type Read, rawOf } from './names.js';

const KEY = EXTENSION.errorSchemas;

/** `422`, `4XX`, `default`: the keys OpenAPI allows in a Responses Object. */
const STATUS_KEY = /^([1-5][0-9]{2}|[1-5]XX|default)$/;

/** One entry of the root `x-error-schemas`: the error schema of a status. */
export interface ErrorSchemaEntry {
  /** The JSON pointer as written (`#/components/schemas/HTTPValidationError`); absent for a `{$ref}` or an inlined schema. */
  pointer?: string;
  /** The schema to validate with: `{$ref: pointer}` for a pointer, else the object as written. */
  schema: Record<string, unknown>;
}

/** The root `x-error-schemas`: status → error schema, a JSON pointer string or a `{$ref}` object (Redocly inlines a `$ref` in an extension). */
export function readErrorSchemas(root: unknown): Read<Record<string, ErrorSchemaEntry>> {
  const raw = rawOf(root, KEY);
  if (raw === undefined) return NOTHING;
  if (!isObject(raw)) {
    return {
      value: undefined,
      problems: [
        {
          at: [KEY],
          message:
            "`x-error-schemas` must map a status (`'422'`, `'4XX'`, `default`) to the error schema, for example `'422': '#/components/schemas/ValidationError'`.",
        },
      ],
    };
  }
  const value: Record<string, ErrorSchemaEntry> = {};
  const problems: Read<never>['problems'] = [];
  for (const [key, target] of Object.entries(raw)) {
    if (!STATUS_KEY.test(key)) {
      problems.push({
        at: [KEY, key],
        message: `\`x-error-schemas\` key \`${key}\` is not a response status: use a status such as \`'422'\`, a range such as \`'4XX'\`, or \`default\`.`,
      });
    }
    const isPointer = typeof target === 'string' && target.startsWith('#/');
    const isReference = isObject(target) && isNonEmptyString(target.$ref);
    if (!isPointer && !isReference) {
      problems.push({
        at: [KEY, key],
        message: `\`x-error-schemas['${key}']\` must be a JSON pointer such as \`'#/components/schemas/ValidationError'\` or \`{$ref: ...}\` to the error schema.`,
      });
    }
    if (typeof target === 'string') value[key] = { pointer: target, schema: { $ref: target } };
    else if (isObject(target)) value[key] = { schema: target };
  }
  return { value, problems };
}

/** The entry for a status: its own key, then its range (`4XX`), then `default`. */
export function errorSchemaFor(
  entries: Record<string, ErrorSchemaEntry> | undefined,
  status: number | string,
): ErrorSchemaEntry | undefined {
  if (entries === undefined) return undefined;
  const exact = String(status);
  return entries[exact] ?? entries[`${exact[0]}XX`] ?? entries.default;
}
