import { createRulesetFunction, type IFunctionResult, type RuleDefinition } from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { isObject } from '@svc-contracts/openapi-utils';
import { isNonEmptyString } from '../lib/json.js';
import { isInsideExampleData } from '../lib/openapi.js';

/** The shared schema is recognised by its title, which survives bundling and reference resolution. */
const E164_TITLE = 'E164';

/** A pattern that starts like a telephone number in E.164 form: `^\+`, `\+`, `^[+]`, optionally `^\+?`. */
const E164_LIKE_PATTERN = /^\^?(\\\+|\[\+\])/;

/** Descriptions that call the value an E.164 number. */
const MENTIONS_E164 = /\bE\.?164\b/i;

function isE164Schema(schema: unknown): boolean {
  return isObject(schema) && schema.title === E164_TITLE;
}

/** The schema is the shared E164 schema, or holds it: as array items or as a branch of
 * `oneOf`/`anyOf`/`allOf` (a nullable number, or E.164 alongside a legacy 10-digit form), at any depth. */
function usesE164(schema: Record<string, unknown>, depth = 0): boolean {
  if (isE164Schema(schema)) return true;
  if (depth > 4) return false;
  if (isObject(schema.items) && usesE164(schema.items, depth + 1)) return true;
  return ['oneOf', 'anyOf', 'allOf'].some((keyword) => {
    const branches = schema[keyword];
    return (
      Array.isArray(branches) && branches.some((branch) => isObject(branch) && usesE164(branch, depth + 1))
    );
  });
}

const TELEPHONE_NUMBER_LIKE = /^\+?[0-9][0-9 ().-]{4,}$/;

/** Only string-like schemas can hold a telephone number. Enumerations, non-string types, and strings whose
 * examples are not telephone numbers (a `NumberFormat` switch whose example is `LEGACY`) merely mention
 * E.164 in their description and are left alone. */
function couldHoldTelephoneNumber(schema: Record<string, unknown>): boolean {
  if (schema.enum !== undefined || schema.const !== undefined) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.some((type) => type === undefined || type === 'string' || type === 'array')) return false;
  const samples = [
    schema.example,
    schema.default,
    ...(Array.isArray(schema.examples) ? schema.examples : []),
  ];
  const strings = samples.filter((sample): sample is string => typeof sample === 'string');
  return strings.length === 0 || strings.some((sample) => TELEPHONE_NUMBER_LIKE.test(sample));
}

const noInlinePattern = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (schema, _options, context): IFunctionResult[] => {
    const { pattern } = schema;
    if (typeof pattern !== 'string' || !E164_LIKE_PATTERN.test(pattern) || isE164Schema(schema)) return [];
    if (isInsideExampleData(context.path)) return [];
    return [
      {
        message: `Inline E.164-like pattern \`${pattern}\`: telephone numbers use the shared E164 schema; replace this schema with \`$ref\` to it (\`#/components/schemas/E164\` when bundled, common/schemas/E164.yaml in the split spec).`,
        path: [...context.path, 'pattern'],
      },
    ];
  },
);

const describedAsE164 = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (node, _options, context): IFunctionResult[] => {
    // Parameter and Header Objects carry `schema` next to their description; a property is the schema itself.
    const isParameterLike = isObject(node.schema);
    const schema = isParameterLike ? node.schema : node;
    if (!isObject(schema)) return [];
    const description = [node.description, schema.description].filter(isNonEmptyString).join(' ');
    if (!MENTIONS_E164.test(description) || !couldHoldTelephoneNumber(schema) || usesE164(schema)) return [];
    const name = isParameterLike && isNonEmptyString(node.name) ? node.name : String(context.path.at(-1));
    return [
      {
        message: `\`${name}\` is described as an E.164 number but does not use the shared E164 schema: make its schema \`$ref\` the E164 schema (\`#/components/schemas/E164\` when bundled, common/schemas/E164.yaml in the split spec), or \`items: {$ref: ...}\` for a list.`,
        path: context.path,
      },
    ];
  },
);

export const e164Rules: Record<string, RuleDefinition> = {
  'svc-e164-no-inline-pattern': {
    description: 'No schema repeats an E.164-like pattern (`^\\+...`) except the shared schema titled E164.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: '$..[?(@ && @.pattern)]',
    then: { function: noInlinePattern },
  },
  'svc-e164-ref': {
    description:
      'A string property, parameter or header whose description says E.164 uses the shared E164 schema (directly, as array items, or in a oneOf/anyOf/allOf); enums and strings whose examples are not telephone numbers are skipped.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: ['$..properties[*]', '$..parameters[*]', '$..headers[*]'],
    then: { function: describedAsE164 },
  },
};
