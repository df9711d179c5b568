import type { RuleDefinition, RulesetDefinition } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { bodyOpenRules } from './rules/body-open.js';
import { boundNotShownRules } from './rules/bound-not-shown.js';
import { e164Rules } from './rules/e164.js';
import { echoesRules } from './rules/echoes.js';
import { errorSchemaRules } from './rules/error-schemas.js';
import { exampleRules } from './rules/examples.js';
import { extensionRules } from './rules/extensions.js';
import { filtersRules } from './rules/filters.js';
import { jwtClaimsRules } from './rules/jwt-claims.js';
import { methodOpenRules } from './rules/method-open.js';
import { noNullableRules } from './rules/no-nullable.js';
import { oas3SchemaRules } from './rules/oas3-schema-path-item-ref.js';
import { operationIdRules } from './rules/operation-ids.js';
import { operationMetadataRules } from './rules/operation-metadata.js';
import { refusalsRules } from './rules/refusals.js';
import { requiresRules } from './rules/requires.js';
import { responseExampleRules } from './rules/response-examples.js';
import { serverRules } from './rules/servers.js';
import { unsupportedCredentialRules } from './rules/unsupported-credentials.js';
import { versionPrefixRules } from './rules/version-prefix.js';
import { xApiKeyRules } from './rules/x-api-key.js';
import { type XsdBaseDirectory, xmlXsdRules } from './rules/xml-xsd.js';

export interface RulesetOptions {
  /** Where `x-xsd.schema` paths are looked up (see {@link XsdBaseDirectory}). Default: the directory of the
   * linted document. Set it when linting a bundled copy that lives outside the service folder. */
  xsdBaseDirectory?: XsdBaseDirectory;
}

/** spectral:oas rules that ours replace. Keeping both would report each problem twice, or (for the example
 * rules) report every valid XML example as an error. */
export const REPLACED_BUILT_INS = {
  'operation-operationId': 'svc-operation-id',
  'operation-operationId-unique': 'svc-operation-id-unique',
  'operation-tags': 'svc-operation-tags',
  'oas3-valid-media-example': 'svc-valid-media-example',
  'oas3-valid-schema-example': 'svc-valid-schema-example',
} as const;

/** Our own rules, by code. Every code starts with `svc-`. */
export function createRules(options: RulesetOptions = {}): Record<string, RuleDefinition> {
  return {
    ...operationIdRules,
    ...operationMetadataRules,
    ...responseExampleRules,
    ...errorSchemaRules,
    ...e164Rules,
    ...xApiKeyRules,
    ...noNullableRules,
    ...versionPrefixRules,
    ...xmlXsdRules(options.xsdBaseDirectory),
    ...requiresRules,
    ...unsupportedCredentialRules,
    ...exampleRules,
    ...serverRules,
    ...extensionRules,
    ...boundNotShownRules,
    ...jwtClaimsRules,
    ...echoesRules,
    ...filtersRules,
    ...refusalsRules,
    ...bodyOpenRules,
    ...methodOpenRules,
  };
}

/** The ruleset: spectral:oas (recommended rules), minus the built-ins we replace, with `oas3-schema` patched
 * for split specs (see oas3-schema-path-item-ref.ts), plus our rules. */
export function createRuleset(options: RulesetOptions = {}): RulesetDefinition {
  const turnedOff = Object.fromEntries(Object.keys(REPLACED_BUILT_INS).map((code) => [code, 'off' as const]));
  return {
    description:
      'Conventions of the svc-contracts OpenAPI 3.1 specs: spectral:oas plus operation, example, error-schema, E.164, credential and x- extension rules.',
    extends: [[oas as RulesetDefinition, 'recommended']],
    rules: { ...turnedOff, ...oas3SchemaRules(), ...createRules(options) },
  };
}
