import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { EXTENSION, readRequires } from '@svc-contracts/contract-model';
import { describeOperation, operationsOf } from '@svc-contracts/openapi-utils';
import { isNonEmptyString, type JsonPath } from '../lib/json.js';
import { effectiveParameters, type ParameterEntry } from '../lib/openapi.js';

/** "requires `countryCodeA3`", "requires the query parameter countryCodeA3". A back-quoted name always
 * counts; a bare word counts only when it is the name of a parameter of the operation, so prose such as
 * "requires authentication" does not. */
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
      const { value: required, problems } = readRequires(parameter);
      const report = (problem: { at: JsonPath; message: string } | undefined) => {
        if (problem !== undefined) results.push({ message: problem.message, path: [...path, ...problem.at] });
      };
      if (required === undefined) {
        problems.forEach(report);
        continue;
      }
      // With a well-formed list, the reader's problems are the names that are the parameter itself, in order.
      const own = String(parameter.name);
      for (const name of required) {
        if (name === own) report(problems.shift());
        else if (!sameIn(parameters, parameter.in, name)) {
          results.push({
            message: `\`${own}\` requires \`${name}\`, but ${describeOperation(entry)} has no ${String(parameter.in)} parameter \`${name}\`: add it to the operation, or fix \`x-requires\`.`,
            path: [...path, EXTENSION.requires],
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
      const declared = readRequires(parameter).value ?? [];
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
