import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { isBodyOpen } from '@svc-contracts/contract-model';
import { isObject } from '@svc-contracts/openapi-utils';

function hasExample(node: Record<string, unknown>): boolean {
  if (node.example !== undefined) return true;
  const { examples } = node;
  // Media types hold a map of Example Objects; JSON Schema 2020-12 holds an array of values.
  return (
    (Array.isArray(examples) && examples.length > 0) ||
    (isObject(examples) && Object.keys(examples).length > 0)
  );
}

const responseExamples = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (response, _options, context): IFunctionResult[] => {
    const { content } = response;
    // A response without content (204, or an error the source leaves undescribed) needs no example.
    if (!isObject(content)) return [];
    const status = context.path[context.path.length - 1];
    const results: IFunctionResult[] = [];
    for (const [mediaType, media] of Object.entries(content)) {
      if (!isObject(media)) continue;
      if (hasExample(media) || (isObject(media.schema) && hasExample(media.schema))) continue;
      results.push({
        message: `The ${String(status)} response (${mediaType}) has no example: add \`example\` or \`examples\` to the media type (or \`example\` to its schema), so the mocks serve realistic data.`,
        path: [...context.path, 'content', mediaType],
      });
    }
    return results;
  },
);

/** An open response (`x-body-open`) of an operation, which the mocks answer with, needs a body to serve:
 * without `content` the mock's 401 is empty where the service plausibly sends one. The checker still accepts
 * no body or another media type; the content only gives the mocks a realistic answer. */
const openResponseBody = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (response, _options, context): IFunctionResult[] => {
    if (!isBodyOpen(response)) return [];
    const { content } = response;
    if (isObject(content) && Object.keys(content).length > 0) return [];
    const status = context.path[context.path.length - 1];
    return [
      {
        message: `The ${String(status)} response is open (\`x-body-open\`) but describes no body, so the mocks answer it empty: add \`content\` with a plausible media type and an example (the checker still accepts no body, or another media type).`,
        path: [...context.path],
      },
    ];
  },
);

export const responseExampleRules: Record<string, RuleDefinition> = {
  'svc-response-example': {
    description: 'Every media type of every response has an example (on the media type or its schema).',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: ['$.paths[*][*].responses[*]', '$.webhooks[*][*].responses[*]'],
    then: { function: responseExamples },
  },
  'svc-open-response-example': {
    description:
      'An open response (`x-body-open`) of an operation describes a plausible body with an example, for the mocks to serve (webhook answers, which no mock serves, are exempt).',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: '$.paths[*][*].responses[*]',
    then: { function: openResponseBody },
  },
};
