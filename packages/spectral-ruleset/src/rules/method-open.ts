import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { EXTENSION, readMethodOpen } from '@svc-contracts/contract-model';
import { isInsideExampleData } from '../lib/openapi.js';

/** `x-method-open: true` on a webhook's Operation Object says the source does not show the method of the
 * callback; the contract checker then takes a delivery of any method as this webhook. Any other value, or
 * the key anywhere but on an operation of `webhooks`, is a typo nothing would read. */
const methodOpen = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (node, _options, context): IFunctionResult[] => {
    if (isInsideExampleData(context.path)) return [];
    if (context.path.length !== 3 || context.path[0] !== 'webhooks') {
      return [
        {
          message: `\`${EXTENSION.methodOpen}\` belongs on an Operation Object of \`webhooks\`; elsewhere nothing reads it.`,
          path: [...context.path, EXTENSION.methodOpen],
        },
      ];
    }
    return readMethodOpen(node).problems.map(({ at, message }) => ({
      message,
      path: [...context.path, ...at],
    }));
  },
);

export const methodOpenRules: Record<string, RuleDefinition> = {
  'svc-method-open': {
    description:
      '`x-method-open` is a boolean on an Operation Object of `webhooks` (the source does not show the method of the callback).',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: `$..[?(@ && @['${EXTENSION.methodOpen}'] !== undefined)]`,
    then: { function: methodOpen },
  },
};
