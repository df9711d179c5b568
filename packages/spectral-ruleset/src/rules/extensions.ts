import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { schema as validateAgainstSchema } from '@stoplight/spectral-functions';
import {
  EXTENSION,
  readErrorSchemas,
  readSecurityExclusive,
  readUnmatchedRequests,
  readUnsupportedCredentials,
  readValidationStatus,
  readVersionPrefix,
} from '@svc-contracts/contract-model';

const rootExtensions = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (root): IFunctionResult[] => {
    const results: IFunctionResult[] = [];
    for (const reader of [
      readVersionPrefix,
      readErrorSchemas,
      readValidationStatus,
      readSecurityExclusive,
      readUnsupportedCredentials,
      readUnmatchedRequests,
    ]) {
      for (const { at, message } of reader(root).problems) results.push({ message, path: at });
    }
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
      'The root `x-version-prefix`, `x-error-schemas`, `x-validation-status`, `x-security-exclusive`, `x-unsupported-credentials` and `x-unmatched-requests` have the documented shape.',
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
    given: `$.components.securitySchemes[*].${EXTENSION.valueSchema}`,
    then: { function: validValueSchema },
  },
};
