import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { EXTENSION, readEchoes } from '@svc-contracts/contract-model';
import { isInsideExampleData, misplacedResponseExtension } from '../lib/openapi.js';

/** `x-echoes` says what an answer carries of its request's body (the group message's `tag`, "present when
 * sent in the request"). The contract checker and the mocks read it on a Response Object; an entry they
 * cannot read would check nothing, so it is an error here. */
const echoes = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (node, _options, context): IFunctionResult[] => {
    if (isInsideExampleData(context.path)) return [];
    const misplaced = misplacedResponseExtension(context.path, EXTENSION.echoes);
    if (misplaced !== undefined) return [misplaced];
    return readEchoes(node).problems.map(({ at, message }) => ({ message, path: [...context.path, ...at] }));
  },
);

export const echoesRules: Record<string, RuleDefinition> = {
  'svc-echoes': {
    description:
      '`x-echoes` on a Response Object lists `{request, response, present?, equal?}` entries naming top-level members of the two bodies.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: `$..[?(@ && @['${EXTENSION.echoes}'] !== undefined)]`,
    then: { function: echoes },
  },
};
