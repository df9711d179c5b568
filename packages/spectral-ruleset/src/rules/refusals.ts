import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { EXTENSION, readOperationRefusals } from '@svc-contracts/contract-model';
import { isInsideExampleData } from '../lib/openapi.js';

/** `x-refusals` says which requests of an operation the source says the service refuses, and with which
 * status (numbers rule 4: `SmsSettings` in a tns document, 400 with `ErrorCode` 400). The contract checker
 * and the mocks read it on an Operation Object; an entry they cannot read would check nothing, and a status
 * the operation does not declare would make the mocks serve an undocumented answer. */
const refusals = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (node, _options, context): IFunctionResult[] => {
    if (isInsideExampleData(context.path)) return [];
    const at = [...context.path, EXTENSION.refusals];
    const [section, , , ...rest] = context.path;
    if ((section !== 'paths' && section !== 'webhooks') || context.path.length !== 3 || rest.length > 0) {
      return [
        {
          message:
            '`x-refusals` belongs on an Operation Object (a method under `paths` or `webhooks`); elsewhere nothing reads it.',
          path: at,
        },
      ];
    }
    return readOperationRefusals(node).problems.map(({ at: inner, message }) => ({
      message,
      path: [...context.path, ...inner],
    }));
  },
);

export const refusalsRules: Record<string, RuleDefinition> = {
  'svc-refusals': {
    description:
      '`x-refusals` on an Operation Object lists requests the source says are refused: `{description, request: {xmlElements}, status, response?: {xmlElement, equals}}`, with a status the operation declares.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: `$..[?(@ && @['${EXTENSION.refusals}'] !== undefined)]`,
    then: { function: refusals },
  },
};
