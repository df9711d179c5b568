import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { createSchemaValidator } from '../src/index.js';

// The checker checks schemas against the meta-schema itself (one meta-schema compiled per process, not
// one per service): what a schema that does not compile reports must stay what Ajv's own check says.
const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'schema problems', version: '1' },
  components: { schemas: { Name: { type: 'string', maxLength: 8 } } },
};

/** Ajv with the checker's options and its own meta-schema check, on the schema as the checker prepares it. */
function ajvSays(schema: unknown): string | undefined {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, verbose: true });
  addFormats.default(ajv);
  ajv.addVocabulary(['xml', 'example', 'externalDocs', 'discriminator']);
  ajv.addSchema({ $id: 'urn:spec:problems', $defs: { Name: { type: 'string', maxLength: 8 } } });
  try {
    ajv.compile(schema as object);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const cases: Array<{ given: string; schema: object; want: RegExp | undefined }> = [
  { given: 'a valid schema', schema: { type: 'string', minLength: 1 }, want: undefined },
  { given: 'a valid component reference', schema: { $ref: '#/components/schemas/Name' }, want: undefined },
  {
    given: 'a keyword value the meta-schema refuses',
    schema: { type: 'string', minLength: -1 },
    want: /^schema is invalid: data\/minLength must be >= 0$/,
  },
  { given: 'an unknown type', schema: { type: 'strnig' }, want: /^schema is invalid: data\/type / },
  {
    given: 'a misspelt keyword (strict mode)',
    schema: { maxLenght: 3 },
    want: /unknown keyword: "maxLenght"/,
  },
  {
    given: 'a $ref that resolves to nothing',
    schema: { $ref: '#/components/schemas/Gone' },
    want: /resolve/,
  },
];

describe('a schema that does not compile', () => {
  it.each(cases)('$given: reported as Ajv reports it', ({ schema, want }) => {
    const error = createSchemaValidator(doc, 'problems').precompile(schema);
    if (want === undefined) expect(error).toBeUndefined();
    else expect(error).toMatch(want);
    // The same message as Ajv checking the schema itself (component refs point at the registered $defs).
    const prepared = JSON.parse(
      JSON.stringify(schema).replaceAll('#/components/schemas/', 'urn:spec:problems#/$defs/'),
    );
    expect(error).toBe(ajvSays(prepared));
  });

  it('reports components the meta-schema refuses where they are first used, as Ajv does', () => {
    const broken: OpenApiDocument = {
      ...doc,
      components: { schemas: { Name: { type: 'string', maxLength: -2 } } },
    };
    const validator = createSchemaValidator(broken, 'broken');
    expect(validator.precompile({ type: 'integer' })).toBe(
      'schema is invalid: data/$defs/Name/maxLength must be >= 0',
    );
  });
});
