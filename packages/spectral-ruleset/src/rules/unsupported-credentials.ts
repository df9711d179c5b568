import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { readUnsupportedCredentials } from '@svc-contracts/contract-model';
import { isObject, operationsOf } from '@svc-contracts/openapi-utils';
import { isNonEmptyString, type JsonPath } from '../lib/json.js';
import { effectiveParameters } from '../lib/openapi.js';

interface Credential {
  in: string;
  name: string;
}

/** Header names compare case-insensitively (RFC 9110); query and cookie names exactly. */
function sameCredential(a: Credential, b: Credential): boolean {
  if (a.in !== b.in) return false;
  return a.in === 'header' ? a.name.toLowerCase() === b.name.toLowerCase() : a.name === b.name;
}

/** What a security scheme puts on the wire: apiKey its own name, HTTP schemes the Authorization header. */
function credentialOfScheme(scheme: Record<string, unknown>): Credential | undefined {
  if (scheme.type === 'apiKey' && isNonEmptyString(scheme.in) && isNonEmptyString(scheme.name)) {
    return { in: scheme.in, name: scheme.name };
  }
  if (scheme.type === 'http') return { in: 'header', name: 'Authorization' };
  return undefined;
}

function describe(credential: Credential): string {
  return `${credential.in} \`${credential.name}\``;
}

const unsupportedCredentials = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (root, _options, context): IFunctionResult[] => {
    const unsupported = readUnsupportedCredentials(context.document.data).value ?? [];
    if (unsupported.length === 0) return [];
    const results: IFunctionResult[] = [];
    const check = (used: Credential, path: JsonPath, what: string) => {
      const match = unsupported.find((entry) => sameCredential(entry, used));
      if (match === undefined) return;
      results.push({
        message: `${what} uses ${describe(match)}, which the root \`x-unsupported-credentials\` lists as not a credential of this service: remove it (requests that carry it are refused).`,
        path,
      });
    };
    const components = isObject(root.components) ? root.components : {};
    const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
    for (const [name, scheme] of Object.entries(schemes)) {
      const credential = isObject(scheme) ? credentialOfScheme(scheme) : undefined;
      if (credential !== undefined)
        check(credential, ['components', 'securitySchemes', name], `Security scheme \`${name}\``);
    }
    const parameters = isObject(components.parameters) ? components.parameters : {};
    for (const [key, parameter] of Object.entries(parameters)) {
      if (isObject(parameter) && isNonEmptyString(parameter.in) && isNonEmptyString(parameter.name)) {
        check(
          { in: parameter.in, name: parameter.name },
          ['components', 'parameters', key],
          `Parameter \`${parameter.name}\``,
        );
      }
    }
    for (const entry of operationsOf(root)) {
      for (const { parameter, path } of effectiveParameters(entry)) {
        if (isNonEmptyString(parameter.in) && isNonEmptyString(parameter.name)) {
          check({ in: parameter.in, name: parameter.name }, path, `Parameter \`${parameter.name}\``);
        }
      }
    }
    return results;
  },
);

export const unsupportedCredentialRules: Record<string, RuleDefinition> = {
  'svc-unsupported-credentials': {
    description:
      'No security scheme or parameter uses a header, query or cookie name listed in the root `x-unsupported-credentials`.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: '$',
    then: { function: unsupportedCredentials },
  },
};
