import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { createSchemaValidator, loadContracts } from '../src/index.js';

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
    given: 'the 2020-12 meta-schema named in $schema',
    schema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string', maxLength: -2 },
    want: /^schema is invalid: data\/maxLength must be >= 0$/,
  },
  {
    given: 'another meta-schema named in $schema',
    schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'string' },
    want: /no schema with key or ref "http:\/\/json-schema.org\/draft-07\/schema#"/,
  },
  {
    given: 'several refusals at once',
    schema: { type: 'object', minProperties: -1, properties: { a: { minLength: 'x' } } },
    want: /^schema is invalid: data\/\S+ must be .+, data\/\S+ must be .+$/,
  },
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

// The service-wide extensions the checker compiles at load: a value that is no schema, or a schema that
// does not compile, is a problem of the spec with its location; a well-formed one is none.
const dir = mkdtempSync(join(tmpdir(), 'schema-problems-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function loadProblems(name: string, root: Record<string, unknown>, scheme: Record<string, unknown>) {
  const spec = {
    openapi: '3.1.0',
    info: { title: name, version: '1.0.0' },
    security: [{ org: [] }],
    paths: {},
    components: {
      schemas: { Error: { type: 'object' } },
      securitySchemes: { org: { type: 'apiKey', in: 'header', name: 'X-Org', ...scheme } },
    },
    ...root,
  };
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(spec));
  const contracts = await loadContracts({
    specs: [{ name, root: `${name}.json` }],
    baseDir: dir,
  });
  await contracts.close();
  return contracts.problems;
}

const loadCases: Array<{
  given: string;
  name: string;
  root: Record<string, unknown>;
  scheme: Record<string, unknown>;
  want: string[];
}> = [
  {
    given: 'well-formed error and value schemas',
    name: 'a',
    root: { 'x-validation-status': 422, 'x-error-schemas': { '422': '#/components/schemas/Error' } },
    scheme: { 'x-value-schema': { type: 'string', pattern: '^[1-9][0-9]*$' } },
    want: [],
  },
  {
    given: 'an error schema that is no schema',
    name: 'b',
    root: { 'x-error-schemas': { '422': 42 } },
    scheme: {},
    want: [
      "b.json#/x-error-schemas/422: `x-error-schemas['422']` must be a JSON pointer such as `'#/components/schemas/ValidationError'` or `{$ref: ...}` to the error schema.",
    ],
  },
  {
    given: 'an error schema that does not compile',
    name: 'c',
    root: { 'x-error-schemas': { '422': { type: 'object', minProperties: -1 } } },
    scheme: {},
    want: ['c.json#/x-error-schemas/422: schema is invalid: data/minProperties must be >= 0'],
  },
  {
    given: 'a value schema that is no schema',
    name: 'd',
    root: {},
    scheme: { 'x-value-schema': 'digits' },
    want: [
      "d.json#/components/securitySchemes/org/x-value-schema: `x-value-schema` must be a JSON Schema (2020-12) object describing the credential value, for example `{type: string, pattern: '^[1-9][0-9]*$'}`.",
    ],
  },
  {
    given: 'a value schema that does not compile',
    name: 'e',
    root: {},
    scheme: { 'x-value-schema': { type: 'string', maxLenght: 3 } },
    want: [
      'e.json#/components/securitySchemes/org/x-value-schema: strict mode: unknown keyword: "maxLenght"',
    ],
  },
];

describe('spec problems at load', () => {
  it.each(loadCases)('$given', async ({ name, root, scheme, want }) => {
    expect(await loadProblems(name, root, scheme)).toEqual(want);
  });
});
