import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { EXTENSION, readJwtClaims } from '@svc-contracts/contract-model';
import { isInsideExampleData } from '../lib/openapi.js';

/** `x-jwt-claims` ties a claim inside a JWT property to another property of the same body. The contract
 * checker reads it on the body schema; a name that is not one of the schema's properties would make the rule
 * check nothing, so it is an error here. */
const jwtClaims = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (schema, _options, context): IFunctionResult[] => {
    if (isInsideExampleData(context.path)) return [];
    return readJwtClaims(schema).problems.map(({ at, message }) => ({
      message,
      path: [...context.path, ...at],
    }));
  },
);

export const jwtClaimsRules: Record<string, RuleDefinition> = {
  'svc-jwt-claims': {
    description:
      'A schema with `x-jwt-claims` lists `{token, claim, equals}` entries whose `token` and `equals` are its own properties.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: `$..[?(@ && @['${EXTENSION.jwtClaims}'])]`,
    then: { function: jwtClaims },
  },
};
