import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { EXTENSION, readBoundNotShown } from '@svc-contracts/contract-model';
import { isInsideExampleData } from '../lib/openapi.js';

/** `x-bound-not-shown: [maxLength]` records that the source says a bound applies without showing its value.
 * Setting the keyword anyway would invent a value that clients and mocks then enforce. */
const boundNotShown = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (schema, _options, context): IFunctionResult[] => {
    if (isInsideExampleData(context.path)) return [];
    return readBoundNotShown(schema).problems.map(({ at, message }) => ({
      message,
      path: [...context.path, ...at],
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
    given: `$..[?(@ && @['${EXTENSION.boundNotShown}'])]`,
    then: { function: boundNotShown },
  },
};
