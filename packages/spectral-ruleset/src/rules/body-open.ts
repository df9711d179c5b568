import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { EXTENSION, readBodyOpen } from '@svc-contracts/contract-model';
import { isInsideExampleData, misplacedResponseExtension } from '../lib/openapi.js';

/** `x-body-open: true` on a Response Object says the source shows neither whether the response has a body nor
 * its media type; the contract checker then accepts no body or an undeclared media type. Any other value, or
 * the key anywhere but on a response, is a typo the checker would silently ignore. */
const bodyOpen = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (node, _options, context): IFunctionResult[] => {
    if (isInsideExampleData(context.path)) return [];
    const misplaced = misplacedResponseExtension(context.path, EXTENSION.bodyOpen);
    if (misplaced !== undefined) return [misplaced];
    return readBodyOpen(node).problems.map(({ at, message }) => ({
      message,
      path: [...context.path, ...at],
    }));
  },
);

export const bodyOpenRules: Record<string, RuleDefinition> = {
  'svc-body-open': {
    description:
      '`x-body-open` is a boolean on a Response Object (the source leaves the body and its media type open).',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: `$..[?(@ && @['${EXTENSION.bodyOpen}'] !== undefined)]`,
    then: { function: bodyOpen },
  },
};
