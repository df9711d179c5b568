import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3_1 } from '@stoplight/spectral-formats';
import { isInsideExampleData } from '../lib/openapi.js';

const noNullable = createRulesetFunction<unknown, null>(
  { input: null, options: null },
  (value, _options, context): IFunctionResult[] => {
    // A property that happens to be called `nullable`, or example data, is not the 3.0 keyword.
    if (typeof value !== 'boolean' || context.path.at(-2) === 'properties') return [];
    if (isInsideExampleData(context.path)) return [];
    return [
      {
        message:
          '`nullable` is an OpenAPI 3.0 keyword that 3.1 ignores: remove it and allow null with a type array, for example `type: [integer, "null"]` (or `oneOf: [{$ref: ...}, {type: "null"}]` for a reference).',
      },
    ];
  },
);

export const noNullableRules: Record<string, RuleDefinition> = {
  'svc-no-nullable': {
    description: 'OpenAPI 3.1 documents never use the 3.0 `nullable` keyword.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3_1],
    given: '$..nullable',
    then: { function: noNullable },
  },
};
