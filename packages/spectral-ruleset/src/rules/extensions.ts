import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { schema as validateAgainstSchema } from '@stoplight/spectral-functions';
import { isObject } from '@svc-contracts/openapi-utils';
import { isNonEmptyString } from '../lib/json.js';

/** `422`, `4XX`, `default`: the keys OpenAPI allows in a Responses Object. */
const STATUS_KEY = /^([1-5][0-9]{2}|[1-5]XX|default)$/;
const CREDENTIAL_LOCATIONS = ['header', 'query', 'cookie'];

function checkVersionPrefix(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\/\S*$/.test(value) || (value.length > 1 && value.endsWith('/'))) {
    return '`x-version-prefix` must be a path that starts with `/` and has no trailing slash, for example `/api/v1`.';
  }
  return undefined;
}

function checkErrorSchemas(value: unknown): IFunctionResult[] {
  if (value === undefined) return [];
  if (!isObject(value)) {
    return [
      {
        message:
          "`x-error-schemas` must map a status (`'422'`, `'4XX'`, `default`) to the error schema, for example `'422': '#/components/schemas/ValidationError'`.",
        path: ['x-error-schemas'],
      },
    ];
  }
  const results: IFunctionResult[] = [];
  for (const [key, target] of Object.entries(value)) {
    if (!STATUS_KEY.test(key)) {
      results.push({
        message: `\`x-error-schemas\` key \`${key}\` is not a response status: use a status such as \`'422'\`, a range such as \`'4XX'\`, or \`default\`.`,
        path: ['x-error-schemas', key],
      });
    }
    const isPointer = typeof target === 'string' && target.startsWith('#/');
    const isReference = isObject(target) && isNonEmptyString(target.$ref);
    if (!isPointer && !isReference) {
      results.push({
        message: `\`x-error-schemas['${key}']\` must be a JSON pointer such as \`'#/components/schemas/ValidationError'\` or \`{$ref: ...}\` to the error schema.`,
        path: ['x-error-schemas', key],
      });
    }
  }
  return results;
}

/** The validation status must be one the error-schema map covers, or the mocks answer with an undocumented body. */
function checkValidationStatus(value: unknown, errorSchemas: unknown): string | undefined {
  if (value === undefined) return undefined;
  const status = String(value);
  if (!/^[45][0-9]{2}$/.test(status)) {
    return '`x-validation-status` must be the 4xx or 5xx status the service answers for an invalid request, for example `422`.';
  }
  if (isObject(errorSchemas) && !(status in errorSchemas) && !(`${status[0]}XX` in errorSchemas)) {
    return `\`x-validation-status\` is ${status}, but \`x-error-schemas\` has no entry for ${status} (or ${status[0]}XX): add the schema of the validation error body.`;
  }
  return undefined;
}

function checkUnsupportedCredentials(value: unknown): IFunctionResult[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    return [
      {
        message: '`x-unsupported-credentials` must be a list of `{in, name, description}`.',
        path: ['x-unsupported-credentials'],
      },
    ];
  }
  const results: IFunctionResult[] = [];
  value.forEach((entry, index) => {
    const valid =
      isObject(entry) &&
      CREDENTIAL_LOCATIONS.includes(String(entry.in)) &&
      isNonEmptyString(entry.name) &&
      isNonEmptyString(entry.description);
    if (!valid) {
      results.push({
        message:
          '`x-unsupported-credentials` entries are `{in: header|query|cookie, name, description}`; the description says why it is refused.',
        path: ['x-unsupported-credentials', index],
      });
    }
  });
  return results;
}

const rootExtensions = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (root): IFunctionResult[] => {
    const results: IFunctionResult[] = [];
    const single = (key: string, message: string | undefined) => {
      if (message !== undefined) results.push({ message, path: [key] });
    };
    single('x-version-prefix', checkVersionPrefix(root['x-version-prefix']));
    results.push(...checkErrorSchemas(root['x-error-schemas']));
    single(
      'x-validation-status',
      checkValidationStatus(root['x-validation-status'], root['x-error-schemas']),
    );
    if (root['x-security-exclusive'] !== undefined && typeof root['x-security-exclusive'] !== 'boolean') {
      single('x-security-exclusive', '`x-security-exclusive` must be `true` or `false`.');
    }
    results.push(...checkUnsupportedCredentials(root['x-unsupported-credentials']));
    return results;
  },
);

const JSON_SCHEMA_2020_12 = { $ref: 'https://json-schema.org/draft/2020-12/schema' };

const validValueSchema = createRulesetFunction<unknown, null>(
  { input: null, options: null },
  (value, _options, context): IFunctionResult[] => {
    const errors = validateAgainstSchema(
      value,
      { schema: JSON_SCHEMA_2020_12, dialect: 'draft2020-12' },
      context,
    );
    if (!Array.isArray(errors)) return [];
    return errors.map((error) => ({
      ...error,
      message: `\`x-value-schema\` is not a valid JSON Schema (2020-12): ${error.message}; it must describe the credential value, for example \`{type: string, pattern: '^[1-9][0-9]*$'}\`.`,
    }));
  },
);

export const extensionRules: Record<string, RuleDefinition> = {
  'svc-root-extensions': {
    description:
      'The root `x-version-prefix`, `x-error-schemas`, `x-validation-status`, `x-security-exclusive` and `x-unsupported-credentials` have the documented shape.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    resolved: false,
    given: '$',
    then: { function: rootExtensions },
  },
  'svc-value-schema': {
    description: 'A security scheme `x-value-schema` is a valid JSON Schema 2020-12.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: '$.components.securitySchemes[*].x-value-schema',
    then: { function: validValueSchema },
  },
};
