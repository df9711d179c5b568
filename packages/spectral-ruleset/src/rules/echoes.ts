import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { isObject } from '@svc-contracts/openapi-utils';
import { isInsideExampleData, misplacedResponseExtension } from '../lib/openapi.js';

const SHAPE =
  '`x-echoes` must be a non-empty list of `{request, response, present?, equal?}`: two top-level members (`/tag`) of the request and response bodies, and `present: true` (the answer has it when the request does), `equal: true` (the same value), or both.';
const TOP_LEVEL = /^\/[^/]+$/;

/**
 * `x-echoes` says what an answer carries of its request's body (the group message's `tag`, "present when
 * sent in the request"). The contract checker and the mocks read it on a Response Object; an entry
 * they cannot read would check nothing, so it is an error here.
 */
const echoes = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (node, _options, context): IFunctionResult[] => {
    if (isInsideExampleData(context.path)) return [];
    const at = [...context.path, 'x-echoes'];
    const misplaced = misplacedResponseExtension(context.path, 'x-echoes');
    if (misplaced !== undefined) return [misplaced];
    const listed = node['x-echoes'];
    if (!Array.isArray(listed) || listed.length === 0) return [{ message: SHAPE, path: at }];
    const results: IFunctionResult[] = [];
    listed.forEach((entry, index) => {
      const valid =
        isObject(entry) &&
        typeof entry.request === 'string' &&
        TOP_LEVEL.test(entry.request) &&
        typeof entry.response === 'string' &&
        TOP_LEVEL.test(entry.response) &&
        (entry.present === undefined || typeof entry.present === 'boolean') &&
        (entry.equal === undefined || typeof entry.equal === 'boolean') &&
        (entry.present === true || entry.equal === true);
      if (!valid) results.push({ message: SHAPE, path: [...at, index] });
    });
    return results;
  },
);

export const echoesRules: Record<string, RuleDefinition> = {
  'svc-echoes': {
    description:
      '`x-echoes` on a Response Object lists `{request, response, present?, equal?}` entries naming top-level members of the two bodies.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: "$..[?(@ && @['x-echoes'] !== undefined)]",
    then: { function: echoes },
  },
};
