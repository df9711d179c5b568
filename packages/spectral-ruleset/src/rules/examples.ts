import {
  createRulesetFunction,
  type RulesetFunctionContext as FunctionContext,
  type IFunctionResult,
  type RuleDefinition,
} from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { schema as validateAgainstSchema } from '@stoplight/spectral-functions';
import { isObject, isXmlMediaType } from '@svc-contracts/openapi-utils';
import type { JsonPath } from '../lib/json.js';
import { isInsideExampleData, isUnderXmlMediaType } from '../lib/openapi.js';

/** Replacements for spectral:oas `oas3-valid-media-example` and `oas3-valid-schema-example`, which validate
 * an XML text example of an `application/xml` media type against its object schema as if the text were the
 * JSON instance, and fail every XML example. Here XML bodies are skipped (the contract tests validate them
 * against their `x-xsd`), everything else is validated with the JSON Schema 2020-12 dialect of OpenAPI
 * 3.1. */

interface ExampleValue {
  value: unknown;
  path: JsonPath;
}

function validate(schema: Record<string, unknown>, examples: ExampleValue[], context: FunctionContext) {
  const results: IFunctionResult[] = [];
  for (const { value, path } of examples) {
    const errors = validateAgainstSchema(
      value,
      { schema, dialect: 'draft2020-12', allErrors: true },
      { ...context, path },
    );
    if (!Array.isArray(errors)) continue;
    for (const error of errors) {
      results.push({ ...error, message: `The example does not match its schema: ${error.message}.` });
    }
  }
  return results;
}

/** `example`, and the `value` of each Example Object in `examples` (an `externalValue` cannot be checked here). */
function mediaExamples(media: Record<string, unknown>, path: JsonPath): ExampleValue[] {
  const found: ExampleValue[] = [];
  if (media.example !== undefined) found.push({ value: media.example, path: [...path, 'example'] });
  if (isObject(media.examples)) {
    for (const [name, example] of Object.entries(media.examples)) {
      if (isObject(example) && 'value' in example) {
        found.push({ value: example.value, path: [...path, 'examples', name, 'value'] });
      }
    }
  }
  return found;
}

const validMediaExample = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (media, _options, context): IFunctionResult[] => {
    const mediaType = context.path.at(-1);
    if (context.path.at(-2) === 'content' && typeof mediaType === 'string' && isXmlMediaType(mediaType))
      return [];
    if (!isObject(media.schema) || isInsideExampleData(context.path)) return [];
    return validate(media.schema, mediaExamples(media, context.path), context);
  },
);

function looksLikeXml(value: unknown): boolean {
  return typeof value === 'string' && value.trimStart().startsWith('<');
}

/** `example`, `default`, and each entry of the 2020-12 `examples` array of a schema. */
function schemaExamples(schema: Record<string, unknown>, path: JsonPath): ExampleValue[] {
  const found: ExampleValue[] = [];
  for (const field of ['example', 'default'] as const) {
    if (schema[field] !== undefined) found.push({ value: schema[field], path: [...path, field] });
  }
  if (Array.isArray(schema.examples)) {
    schema.examples.forEach((value, index) => {
      found.push({ value, path: [...path, 'examples', index] });
    });
  }
  return found;
}

const validSchemaExample = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (schema, _options, context): IFunctionResult[] => {
    if (isInsideExampleData(context.path)) return [];
    // An XML document written as the example of a schema serialised as XML (it has an `xml` object,
    // or sits under an XML media type) is XML text, not the instance: the XSD check covers it.
    const isXmlSchema = isObject(schema.xml) || isUnderXmlMediaType(context.path);
    const examples = schemaExamples(schema, context.path).filter(
      (example) => !(isXmlSchema && looksLikeXml(example.value)),
    );
    return validate(schema, examples, context);
  },
);

const SCHEMA_WITH_EXAMPLE =
  "[?(@property !== 'properties' && @ && (@.example !== void 0 || @.default !== void 0 || @.examples) && (@.enum || @.type || @.format || @.properties || @.items || @.allOf || @.oneOf || @.anyOf || @.const !== void 0))]";

export const exampleRules: Record<string, RuleDefinition> = {
  'svc-valid-media-example': {
    description:
      'Media type, parameter and header examples match their schema (JSON Schema 2020-12); XML media types are skipped, their examples are checked against the XSD.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: ['$..content[*]', '$..parameters[*]', '$..headers[*]'],
    then: { function: validMediaExample },
  },
  'svc-valid-schema-example': {
    description:
      'Schema `example`, `default` and `examples` values match the schema; an XML text example of an XML schema is skipped.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: [
      `$.components.schemas..${SCHEMA_WITH_EXAMPLE}`,
      `$..content..${SCHEMA_WITH_EXAMPLE}`,
      `$..headers..${SCHEMA_WITH_EXAMPLE}`,
      `$..parameters..${SCHEMA_WITH_EXAMPLE}`,
    ],
    then: { function: validSchemaExample },
  },
};
