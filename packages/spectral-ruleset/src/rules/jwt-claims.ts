import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { isObject } from '@svc-contracts/openapi-utils';
import { isNonEmptyString } from '../lib/json.js';
import { isInsideExampleData } from '../lib/openapi.js';

const SHAPE =
  '`x-jwt-claims` must be a non-empty list of `{token, claim, equals}`: the property holding the JWT, the claim, and the property that must equal it, for example `[{token: access_token, claim: jti, equals: access_token_id}]`.';

/**
 * `x-jwt-claims` ties a claim inside a JWT property to another property of the same body. The contract
 * checker reads it on the body schema; a name that is not one of the schema's properties would make the
 * rule check nothing, so it is an error here.
 */
const jwtClaims = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (schema, _options, context): IFunctionResult[] => {
    if (isInsideExampleData(context.path)) return [];
    const listed = schema['x-jwt-claims'];
    const at = [...context.path, 'x-jwt-claims'];
    if (!Array.isArray(listed) || listed.length === 0) return [{ message: SHAPE, path: at }];
    const properties = isObject(schema.properties) ? schema.properties : {};
    const results: IFunctionResult[] = [];
    listed.forEach((entry, index) => {
      if (
        !isObject(entry) ||
        !isNonEmptyString(entry.token) ||
        !isNonEmptyString(entry.claim) ||
        !isNonEmptyString(entry.equals)
      ) {
        results.push({ message: SHAPE, path: [...at, index] });
        return;
      }
      for (const key of ['token', 'equals'] as const) {
        const name = entry[key] as string;
        if (!Object.hasOwn(properties, name)) {
          results.push({
            message: `\`x-jwt-claims\` ${key} \`${name}\` is not a property of this schema: name one of its \`properties\`.`,
            path: [...at, index, key],
          });
        }
      }
    });
    return results;
  },
);

export const jwtClaimsRules: Record<string, RuleDefinition> = {
  'svc-jwt-claims': {
    description:
      'A schema with `x-jwt-claims` lists `{token, claim, equals}` entries whose `token` and `equals` are its own properties.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: "$..[?(@ && @['x-jwt-claims'])]",
    then: { function: jwtClaims },
  },
};
