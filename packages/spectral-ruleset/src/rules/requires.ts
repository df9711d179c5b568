import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { describeOperation, operationsOf } from '@svc-contracts/openapi-utils';
import { isNonEmptyString } from '../lib/json.js';
import { effectiveParameters, type ParameterEntry } from '../lib/openapi.js';

/**
 * "requires `countryCodeA3`", "requires the query parameter countryCodeA3". A back-quoted name always
 * counts; a bare word counts only when it is the name of a parameter of the operation, so prose such
 * as "requires authentication" does not.
 */
const REQUIRES_PHRASE =
  /\brequires?\s+(?:the\s+)?(?:(?:query|path|header|cookie)\s+)?(?:parameters?\s+)?(`[^`]+`|[A-Za-z_][\w-]*(?:\.[\w-]+)*)/gi;

function sameIn(entries: ParameterEntry[], location: unknown, name: string): boolean {
  return entries.some(({ parameter }) => parameter.in === location && parameter.name === name);
}

function namesInDescription(description: string, siblings: ParameterEntry[]): string[] {
  const names: string[] = [];
  for (const match of description.matchAll(REQUIRES_PHRASE)) {
    const word = match[1] ?? '';
    const quoted = word.startsWith('`');
    const name = quoted ? word.slice(1, -1).trim() : word;
    if (quoted || siblings.some(({ parameter }) => parameter.name === name)) names.push(name);
  }
  return names;
}

const requiresExist = createRulesetFunction<unknown, null>({ input: null, options: null }, (document) => {
  const results: IFunctionResult[] = [];
  for (const entry of operationsOf(document)) {
    const parameters = effectiveParameters(entry);
    for (const { parameter, path } of parameters) {
      const required = parameter['x-requires'];
      if (required === undefined) continue;
      const own = String(parameter.name);
      if (!Array.isArray(required) || required.length === 0 || !required.every(isNonEmptyString)) {
        results.push({
          message: `\`x-requires\` of \`${own}\` must be a non-empty list of parameter names, for example \`x-requires: [countryCodeA3]\`.`,
          path: [...path, 'x-requires'],
        });
        continue;
      }
      for (const name of required) {
        if (name === own) {
          results.push({
            message: `\`${own}\` lists itself in \`x-requires\`: list only the other parameters it needs.`,
            path: [...path, 'x-requires'],
          });
        } else if (!sameIn(parameters, parameter.in, name)) {
          results.push({
            message: `\`${own}\` requires \`${name}\`, but ${describeOperation(entry)} has no ${String(parameter.in)} parameter \`${name}\`: add it to the operation, or fix \`x-requires\`.`,
            path: [...path, 'x-requires'],
          });
        }
      }
    }
  }
  return results;
});

const requiresDeclared = createRulesetFunction<unknown, null>({ input: null, options: null }, (document) => {
  const results: IFunctionResult[] = [];
  for (const entry of operationsOf(document)) {
    const parameters = effectiveParameters(entry);
    for (const { parameter, path } of parameters) {
      if (!isNonEmptyString(parameter.description)) continue;
      const declared = Array.isArray(parameter['x-requires']) ? parameter['x-requires'] : [];
      for (const name of namesInDescription(parameter.description, parameters)) {
        if (declared.includes(name) || name === parameter.name) continue;
        results.push({
          message: `The description of \`${String(parameter.name)}\` says it requires \`${name}\`, but \`x-requires\` does not list it: add \`x-requires: [${name}]\` so mocks, the contract checker and clients enforce it.`,
          path,
        });
      }
    }
  }
  return results;
});

export const requiresRules: Record<string, RuleDefinition> = {
  'svc-requires-exist': {
    description: '`x-requires` names only parameters of the same operation with the same `in`.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: '$',
    then: { function: requiresExist },
  },
  'svc-requires-declared': {
    description: 'A parameter whose description says it requires another parameter lists it in `x-requires`.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: '$',
    then: { function: requiresDeclared },
  },
};
