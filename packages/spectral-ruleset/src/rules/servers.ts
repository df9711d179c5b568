import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { isObject } from '@svc-contracts/openapi-utils';

const LEADING_VARIABLE = /^\{([^}]+)\}/;

/** The source documents give placeholder addresses (`{base_url}`), and every environment (production,
 * sandbox, the local mocks) differs: a server URL starts with a declared variable that holds the base URL. */
const serverUrlVariable = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (server, _options, context): IFunctionResult[] => {
    const url = typeof server.url === 'string' ? server.url : '';
    const variable = LEADING_VARIABLE.exec(url)?.[1];
    const declared =
      isObject(server.variables) && variable !== undefined && isObject(server.variables[variable]);
    if (declared) return [];
    return [
      {
        message: `Server URL \`${url}\` does not start with a declared server variable: write it as \`{base_url}\` (or \`{base_url}/...\`) with \`variables.base_url.default\`, so each environment and the mocks can set the base URL.`,
        path: [...context.path, 'url'],
      },
    ];
  },
);

export const serverRules: Record<string, RuleDefinition> = {
  'svc-server-url-variable': {
    description:
      'Every server URL starts with a declared variable that holds the base URL (for example `{base_url}`).',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: ['$.servers[*]', '$.paths[*].servers[*]', '$.paths[*][*].servers[*]'],
    then: { function: serverUrlVariable },
  },
};
