import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { describeOperation, operationsOf } from '@svc-contracts/openapi-utils';
import { isNonEmptyString } from '../lib/json.js';
import { PATH_OPERATIONS, WEBHOOK_OPERATIONS } from '../lib/openapi.js';

const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

/** Suggests a camelCase spelling, so the message says what to write instead of only what is wrong. */
export function toCamelCase(value: string): string {
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^a-zA-Z0-9]+/)
    .filter((word) => word.length > 0);
  const joined = words
    .map((word, index) =>
      index === 0 ? word.toLowerCase() : word[0]?.toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
  return /^[a-z]/.test(joined) ? joined : `op${joined}`;
}

const operationIdFormat = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (operation, _options, context): IFunctionResult[] => {
    const id = operation.operationId;
    if (!isNonEmptyString(id)) {
      return [
        {
          message:
            'The operation has no operationId: add a camelCase `operationId` (for example `pauseCampaign`); it names the SDK method and the mock route.',
          path: [...context.path, 'operationId'],
        },
      ];
    }
    if (CAMEL_CASE.test(id)) return [];
    return [
      {
        message: `operationId \`${id}\` is not camelCase (^[a-z][a-zA-Z0-9]*$): rename it, for example to \`${toCamelCase(id)}\`.`,
        path: [...context.path, 'operationId'],
      },
    ];
  },
);

const operationIdUnique = createRulesetFunction<unknown, null>(
  { input: null, options: null },
  (document): IFunctionResult[] => {
    const firstUse = new Map<string, string>();
    const results: IFunctionResult[] = [];
    for (const entry of operationsOf(document)) {
      const id = entry.operation.operationId;
      if (!isNonEmptyString(id)) continue;
      const previous = firstUse.get(id);
      if (previous === undefined) {
        firstUse.set(id, describeOperation(entry));
        continue;
      }
      results.push({
        message: `operationId \`${id}\` is already used by ${previous}: operationIds must be unique in the service (each one becomes an SDK method name); rename one of them.`,
        path: [...entry.location, 'operationId'],
      });
    }
    return results;
  },
);

export const operationIdRules: Record<string, RuleDefinition> = {
  'svc-operation-id': {
    description: 'Every operation and webhook has a camelCase operationId.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: [PATH_OPERATIONS, WEBHOOK_OPERATIONS],
    then: { function: operationIdFormat },
  },
  'svc-operation-id-unique': {
    description: 'operationIds are unique across the paths and webhooks of a service.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: '$',
    then: { function: operationIdUnique },
  },
};
