import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { isObject } from '@svc-contracts/openapi-utils';

const RETIRED_HEADER = 'x-api-key';

/** HTTP header names are case-insensitive (RFC 9110, section 5.1). */
function isRetiredHeader(name: unknown): boolean {
  return typeof name === 'string' && name.toLowerCase() === RETIRED_HEADER;
}

const RETIRED_MESSAGE = 'The X-API-Key header is no longer supported by the service';

/** Header parameters, apiKey security schemes and response headers named X-API-Key. The root
 * `x-unsupported-credentials` list may name it, since that is where the spec says it is refused. */
const noXApiKey = createRulesetFunction<unknown, null>(
  { input: null, options: null },
  (node, _options, context): IFunctionResult[] => {
    const parent = context.path.at(-2);
    if (context.path.at(-1) === 'headers' && isObject(node)) {
      return Object.keys(node)
        .filter(isRetiredHeader)
        .map((name) => ({
          message: `${RETIRED_MESSAGE}: remove the \`${name}\` header from this response.`,
          path: [...context.path, name],
        }));
    }
    if (!isObject(node)) return [];
    if (parent === 'securitySchemes' && node.type === 'apiKey' && isRetiredHeader(node.name)) {
      return [
        {
          message: `${RETIRED_MESSAGE}: remove this security scheme; API keys travel in the service's own documented header.`,
          path: [...context.path, 'name'],
        },
      ];
    }
    if (parent === 'parameters' && node.in === 'header' && isRetiredHeader(node.name)) {
      return [
        {
          message: `${RETIRED_MESSAGE}: remove this header parameter; credentials are described by the security schemes, and a retired header belongs in the root \`x-unsupported-credentials\`.`,
          path: [...context.path, 'name'],
        },
      ];
    }
    return [];
  },
);

export const xApiKeyRules: Record<string, RuleDefinition> = {
  'svc-no-x-api-key': {
    description:
      'No header parameter, apiKey security scheme or response header is named X-API-Key (any case).',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: ['$..parameters[*]', '$.components.securitySchemes[*]', '$..headers'],
    then: { function: noXApiKey },
  },
};
