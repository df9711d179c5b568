import type { IFunctionResult, RuleDefinition } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { isObject } from '@svc-contracts/openapi-utils';

/** Workaround for stoplightio/spectral#2655: spectral:oas `oas3-schema` validates OpenAPI 3.1 `paths` against
 * Path Item instead of Path Item or Reference, so every `paths: {/x: {$ref: paths/x.yaml}}` of a split spec
 * is an error ("must not have unevaluated properties"). The rule is redefined under its own name with the
 * same definition, dropping only that result for a path item that is a `$ref`. When a Spectral release no
 * longer has the rule in this shape, nothing is redefined. */

type RuleFunction = (input: unknown, options: unknown, context: unknown) => unknown;

function isPathItemRefFalsePositive(result: IFunctionResult, root: unknown): boolean {
  const [section, key, ...rest] = result.path ?? [];
  if (section !== 'paths' || typeof key !== 'string' || rest.length > 0) return false;
  if (!result.message.includes('must not have unevaluated properties')) return false;
  const paths = isObject(root) ? root.paths : undefined;
  // The built-in reports Ajv instance paths, whose segments are JSON Pointer encoded (`~1api~1v1`).
  const pathItem = isObject(paths) ? paths[key.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined;
  return isObject(pathItem) && typeof pathItem.$ref === 'string';
}

function keepRealProblems(results: unknown, root: unknown): unknown {
  if (!Array.isArray(results)) return results;
  return results.filter((result: IFunctionResult) => !isPathItemRefFalsePositive(result, root));
}

export function oas3SchemaRules(): Record<string, RuleDefinition> {
  const rules = (oas as { rules?: unknown }).rules;
  const builtIn = isObject(rules) ? rules['oas3-schema'] : undefined;
  if (!isObject(builtIn) || !isObject(builtIn.then) || typeof builtIn.then.function !== 'function') return {};
  const original = builtIn.then.function as RuleFunction;
  const filtered: RuleFunction = (input, options, context) => {
    const results = original(input, options, context);
    return results instanceof Promise
      ? results.then((resolved) => keepRealProblems(resolved, input))
      : keepRealProblems(results, input);
  };
  return {
    'oas3-schema': { ...builtIn, then: { ...builtIn.then, function: filtered } } as unknown as RuleDefinition,
  };
}
