import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { isObject } from '@svc-contracts/openapi-utils';

/** `/api/v1` accepts `/api/v1` and `/api/v1/...`, not `/api/v10`. */
function startsWithPrefix(path: string, prefix: string): boolean {
  const normalized = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  return path === normalized || path.startsWith(`${normalized}/`);
}

const pathsUnderPrefix = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (paths, _options, context): IFunctionResult[] => {
    const root = context.document.data;
    const prefix = isObject(root) ? root['x-version-prefix'] : undefined;
    if (typeof prefix !== 'string' || prefix === '') return []; // reported by svc-version-prefix-declared
    return Object.keys(paths)
      .filter((path) => !startsWithPrefix(path, prefix))
      .map((path) => ({
        message: `Path \`${path}\` does not start with the root x-version-prefix \`${prefix}\`: every path of the service carries the version prefix; move it under \`${prefix}\`.`,
        path: ['paths', path],
      }));
  },
);

const prefixDeclared = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (root): IFunctionResult[] =>
    typeof root['x-version-prefix'] === 'string' && root['x-version-prefix'] !== ''
      ? []
      : [
          {
            message:
              'The root has no `x-version-prefix`: declare the prefix every path starts with (for example `x-version-prefix: /api/v1`).',
            path: [],
          },
        ],
);

export const versionPrefixRules: Record<string, RuleDefinition> = {
  'svc-version-prefix': {
    description: 'Every path starts with the root `x-version-prefix`.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: '$.paths',
    then: { function: pathsUnderPrefix },
  },
  'svc-version-prefix-declared': {
    description: 'The root declares `x-version-prefix`.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    resolved: false,
    given: '$',
    then: { function: prefixDeclared },
  },
};
