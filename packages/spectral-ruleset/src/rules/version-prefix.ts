import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { readVersionPrefix, startsWithPrefix, VERSION_PREFIX_MISSING } from '@svc-contracts/contract-model';

const pathsUnderPrefix = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (paths, _options, context): IFunctionResult[] => {
    const prefix = readVersionPrefix(context.document.data).value;
    if (prefix === undefined) return []; // reported by svc-version-prefix-declared
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
    readVersionPrefix(root).value === undefined ? [{ message: VERSION_PREFIX_MISSING, path: [] }] : [],
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
