import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { isNonEmptyString } from '../lib/json.js';
import { isInsideExampleData } from '../lib/openapi.js';

/**
 * `x-bound-not-shown: [maxLength]` records that the source says a bound applies without showing its
 * value. Setting the keyword anyway would invent a value that clients and mocks then enforce.
 */
const boundNotShown = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (schema, _options, context): IFunctionResult[] => {
    if (isInsideExampleData(context.path)) return [];
    const listed = schema['x-bound-not-shown'];
    if (!Array.isArray(listed) || listed.length === 0 || !listed.every(isNonEmptyString)) {
      return [
        {
          message:
            '`x-bound-not-shown` must be a non-empty list of JSON Schema keywords, for example `[maxLength]`.',
          path: [...context.path, 'x-bound-not-shown'],
        },
      ];
    }
    return listed
      .filter((keyword) => schema[keyword] !== undefined)
      .map((keyword) => ({
        message: `\`${keyword}\` is listed in \`x-bound-not-shown\` (the source says the bound exists but does not show it), so the schema must not set it: remove \`${keyword}\`, or remove it from \`x-bound-not-shown\` if the source does show the value.`,
        path: [...context.path, keyword],
      }));
  },
);

export const boundNotShownRules: Record<string, RuleDefinition> = {
  'svc-bound-not-shown': {
    description:
      'A schema with `x-bound-not-shown: [keyword, ...]` does not set those keywords (the source shows no value for them).',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: "$..[?(@ && @['x-bound-not-shown'])]",
    then: { function: boundNotShown },
  },
};
