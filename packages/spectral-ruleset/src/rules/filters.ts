import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { EXTENSION, extensionAsWritten, readResponseFilters } from '@svc-contracts/contract-model';
import { isObject, operationsOf } from '@svc-contracts/openapi-utils';
import { effectiveParameters, isInsideExampleData, misplacedResponseExtension } from '../lib/openapi.js';

/** `x-filters` says which items of a list answer the request's query allows (agents of the `status` asked
 * for, runs from `start_date` to `end_date`). The contract checker and the mocks read it on a Response
 * Object; a condition they cannot read, or one that names a query parameter the operation does not have,
 * would check nothing, so each is an error here. */
const filters = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (node, _options, context): IFunctionResult[] => {
    if (isInsideExampleData(context.path)) return [];
    const at = [...context.path, EXTENSION.filters];
    const misplaced = misplacedResponseExtension(context.path, EXTENSION.filters);
    if (misplaced !== undefined) return [misplaced];
    const results = readResponseFilters(node).problems.map(({ at: inner, message }) => ({
      message,
      path: [...context.path, ...inner],
    }));
    const parameters = queryParameters(resolvedRoot(context.documentInventory), context.path);
    // The conditions as written: each names its query parameter by its index, malformed ones included.
    const written = extensionAsWritten(node, EXTENSION.filters);
    const conditions = isObject(written) ? written.conditions : undefined;
    if (parameters === undefined || !Array.isArray(conditions)) return results;
    conditions.forEach((condition, index) => {
      if (!isObject(condition) || typeof condition.parameter !== 'string') return;
      const declared = parameters.get(condition.parameter);
      if (declared === undefined) {
        results.push({
          message: `\`x-filters\` reads the query parameter \`${condition.parameter}\`, which the operation does not declare: add it, or fix the condition.`,
          path: [...at, 'conditions', index, 'parameter'],
        });
      } else if (condition.element !== undefined && declared.content === undefined) {
        results.push({
          message: `\`x-filters\` reads filter objects (\`element\`) from \`${condition.parameter}\`, which is not a JSON parameter (\`content\`): only a JSON array holds filter objects.`,
          path: [...at, 'conditions', index, 'element'],
        });
      }
    });
    return results;
  },
);

/** The query parameters of the operation a response belongs to, by name; undefined for a response that is not
 * under an operation (a `components.responses` entry is checked where an operation uses it). */
function queryParameters(
  root: unknown,
  path: ReadonlyArray<string | number>,
): Map<string, Record<string, unknown>> | undefined {
  const [section, key, method, responses] = path;
  if ((section !== 'paths' && section !== 'webhooks') || responses !== 'responses' || path.length !== 5) {
    return undefined;
  }
  for (const entry of operationsOf(root, [section])) {
    if (entry.key !== key || entry.method !== method) continue;
    const byName = new Map<string, Record<string, unknown>>();
    for (const { parameter } of effectiveParameters(entry)) {
      if (parameter.in === 'query' && typeof parameter.name === 'string')
        byName.set(parameter.name, parameter);
    }
    return byName;
  }
  return undefined;
}

/** The resolved document: Spectral's inventory has it, though its interface type does not list it. */
function resolvedRoot(inventory: unknown): unknown {
  return (inventory as { resolved?: unknown }).resolved;
}

export const filtersRules: Record<string, RuleDefinition> = {
  'svc-filters': {
    description:
      '`x-filters` on a Response Object lists conditions that read query parameters of the operation and members of the listed items.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: `$..[?(@ && @['${EXTENSION.filters}'] !== undefined)]`,
    then: { function: filters },
  },
};
