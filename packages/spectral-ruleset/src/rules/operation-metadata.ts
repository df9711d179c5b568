import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { defined } from '@stoplight/spectral-functions';
import { EXTENSION, SOURCE_MISSING } from '@svc-contracts/contract-model';
import { isNonEmptyString } from '../lib/json.js';
import { PATH_OPERATIONS, WEBHOOK_OPERATIONS } from '../lib/openapi.js';

const nonEmptyString = createRulesetFunction<unknown, null>(
  { input: null, options: null },
  (value): IFunctionResult[] => (isNonEmptyString(value) ? [] : [{ message: 'missing or empty' }]),
);

const nonEmptyStringArray = createRulesetFunction<unknown, null>(
  { input: null, options: null },
  (value): IFunctionResult[] =>
    Array.isArray(value) && value.length > 0 && value.every(isNonEmptyString)
      ? []
      : [{ message: 'missing or empty' }],
);

/** Summary, tags, x-source and security on every operation. Webhooks need the same except `security`: a
 * webhook is a request the service sends to the subscriber, so there is no credential of ours for the caller
 * to present; how the subscriber authenticates the service is described by its subscription. */
export const operationMetadataRules: Record<string, RuleDefinition> = {
  'svc-operation-summary': {
    description: 'Every operation and webhook has a summary.',
    message:
      'The operation has no summary: add a one-line `summary` (it titles the operation in the docs and the SDK method comment).',
    severity: 'error',
    formats: [oas3],
    given: [PATH_OPERATIONS, WEBHOOK_OPERATIONS],
    then: { field: 'summary', function: nonEmptyString },
  },
  'svc-operation-tags': {
    description: 'Every operation and webhook has at least one tag.',
    message:
      'The operation has no tag: add `tags` with at least one tag declared at the root (tags group operations in the docs and SDK).',
    severity: 'error',
    formats: [oas3],
    given: [PATH_OPERATIONS, WEBHOOK_OPERATIONS],
    then: { field: 'tags', function: nonEmptyStringArray },
  },
  'svc-operation-security': {
    description: 'Every operation (not webhook) declares its own `security`, even when it matches the root.',
    message:
      'The operation has no `security` of its own: list the security requirements it accepts (for example `- bearerAuth: []`), or `security: []` if it needs no credential. The root default is not enough, because credentials differ per operation.',
    severity: 'error',
    formats: [oas3],
    given: PATH_OPERATIONS,
    then: { field: 'security', function: defined },
  },
  'svc-operation-source': {
    description:
      'Every operation and webhook names the section of the source document it encodes in `x-source`.',
    message: SOURCE_MISSING,
    severity: 'error',
    formats: [oas3],
    given: [PATH_OPERATIONS, WEBHOOK_OPERATIONS],
    then: { field: EXTENSION.source, function: nonEmptyString },
  },
};
