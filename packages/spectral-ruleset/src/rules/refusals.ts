import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { readRefusals } from '@svc-contracts/contract-model';
import { isObject } from '@svc-contracts/openapi-utils';
import { isInsideExampleData } from '../lib/openapi.js';

/**
 * `x-refusals` says which requests of an operation the source says the service refuses, and with which
 * status (numbers rule 4: `SmsSettings` in a tns document, 400 with `ErrorCode` 400). The contract
 * checker and the mocks read it on an Operation Object; an entry they cannot read would check nothing,
 * and a status the operation does not declare would make the mocks serve an undocumented answer.
 */
const refusals = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (node, _options, context): IFunctionResult[] => {
    if (isInsideExampleData(context.path)) return [];
    const at = [...context.path, 'x-refusals'];
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
    const extension = node['x-refusals'];
    const { problems } = readRefusals(extension);
    const results = problems.map(({ at: inner, message }) => ({ message, path: [...at, ...inner] }));
    const responses = isObject(node.responses) ? node.responses : {};
    for (const [index, entry] of (Array.isArray(extension) ? extension : []).entries()) {
      if (!isObject(entry) || typeof entry.status !== 'number') continue;
      const status = String(entry.status);
      if (status in responses) continue;
      results.push({
        message: `\`x-refusals\` answers with ${status}, which the operation does not declare: add the ${status} response (the refusal's body), or fix the status.`,
        path: [...at, index, 'status'],
      });
    }
    return results;
  },
);

export const refusalsRules: Record<string, RuleDefinition> = {
  'svc-refusals': {
    description:
      '`x-refusals` on an Operation Object lists requests the source says are refused: `{description, request: {xmlElements}, status, response?: {xmlElement, equals}}`, with a status the operation declares.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: "$..[?(@ && @['x-refusals'] !== undefined)]",
    then: { function: refusals },
  },
};
