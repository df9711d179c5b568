import type { SchemaCheck } from '../../src/catalogue/index.js';
import { doc, type Row, schemaOn } from './table.js';

type S = Record<string, unknown>;

/** A schema pair judged on both sides: the ids (without their side) each must emit. */
interface SchemaRow {
  name: string;
  before: unknown;
  after: unknown;
  request: SchemaCheck[];
  response: SchemaCheck[];
  components?: [S, S];
}

const obj = (properties: S, extra: S = {}) => ({ type: 'object', properties, ...extra });
const str = { type: 'string' };
const both = (...checks: SchemaCheck[]) => ({ request: checks, response: checks });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const members = { A: obj({ a: str }), B: obj({ b: str }), C: obj({ c: str }) };

const schemaPairs: SchemaRow[] = [
  {
    name: 'property removed',
    before: obj({ a: str, b: str }),
    after: obj({ a: str }),
    ...both('property-removed'),
  },
  {
    name: 'required property added (an added property to a reader)',
    before: obj({ a: str }),
    after: obj({ a: str, b: str }, { required: ['b'] }),
    request: ['property-added-required'],
    response: ['property-added'],
  },
  {
    name: 'optional property added',
    before: obj({ a: str }),
    after: obj({ a: str, b: str }),
    ...both('property-added'),
  },
  {
    name: 'property became required',
    before: obj({ a: str }),
    after: obj({ a: str }, { required: ['a'] }),
    ...both('property-became-required'),
  },
  {
    name: 'property became optional',
    before: obj({ a: str }, { required: ['a'] }),
    after: obj({ a: str }),
    ...both('property-became-optional'),
  },
  {
    name: 'property deprecated',
    before: obj({ a: str }),
    after: obj({ a: { ...str, deprecated: true } }),
    ...both('property-deprecated'),
  },
  {
    name: 'property became readOnly (no longer written; reading it is unchanged)',
    before: obj({ a: str }),
    after: obj({ a: { ...str, readOnly: true } }),
    request: ['property-became-read-only'],
    response: [],
  },
  {
    name: 'property no longer readOnly',
    before: obj({ a: { ...str, readOnly: true } }),
    after: obj({ a: str }),
    request: ['property-read-only-removed'],
    response: [],
  },
  {
    name: 'property became writeOnly (no longer read)',
    before: obj({ a: str }),
    after: obj({ a: { ...str, writeOnly: true } }),
    request: [],
    response: ['property-became-write-only'],
  },
  {
    name: 'property no longer writeOnly',
    before: obj({ a: { ...str, writeOnly: true } }),
    after: obj({ a: str }),
    request: [],
    response: ['property-write-only-removed'],
  },
  {
    name: 'a readOnly property changing is not judged on the request side',
    before: obj({ a: { type: 'string', readOnly: true, enum: ['x', 'y'] } }),
    after: obj({ a: { type: 'string', readOnly: true, enum: ['x'] } }),
    request: [],
    response: ['enum-value-removed'],
  },
  {
    name: 'number → integer',
    before: { type: 'number' },
    after: { type: 'integer' },
    ...both('type-narrowed'),
  },
  {
    name: 'integer → number',
    before: { type: 'integer' },
    after: { type: 'number' },
    ...both('type-widened'),
  },
  {
    name: '[string, null] → string',
    before: { type: ['string', 'null'] },
    after: str,
    ...both('became-not-nullable'),
  },
  {
    name: 'string → [string, null]',
    before: str,
    after: { type: ['string', 'null'] },
    ...both('became-nullable'),
  },
  {
    name: 'OpenAPI 3.0 nullable: true added',
    before: str,
    after: { ...str, nullable: true },
    ...both('became-nullable'),
  },
  {
    name: 'enum value removed',
    before: { enum: ['a', 'b'] },
    after: { enum: ['a'] },
    ...both('enum-value-removed'),
  },
  {
    name: 'enum value added',
    before: { enum: ['a'] },
    after: { enum: ['a', 'b'] },
    ...both('enum-value-added'),
  },
  { name: 'enum added', before: str, after: { ...str, enum: ['a'] }, ...both('enum-added') },
  { name: 'enum removed', before: { ...str, enum: ['a'] }, after: str, ...both('enum-removed') },
  { name: 'const added', before: str, after: { ...str, const: 'a' }, ...both('const-added') },
  { name: 'const changed', before: { const: 'a' }, after: { const: 'b' }, ...both('const-changed') },
  { name: 'const removed', before: { ...str, const: 'a' }, after: str, ...both('const-removed') },
  {
    name: 'maxLength lowered',
    before: { ...str, maxLength: 10 },
    after: { ...str, maxLength: 5 },
    ...both('bound-tightened'),
  },
  {
    name: 'minimum removed',
    before: { type: 'integer', minimum: 1 },
    after: { type: 'integer' },
    ...both('bound-loosened'),
  },
  {
    name: 'maxLength 5000 → an enum of short values: narrowed as a whole, no bound loosened (issue 53)',
    before: { ...str, maxLength: 5000 },
    after: { ...str, enum: ['queued', 'sent', 'failed', 'read'] },
    ...both('enum-added'),
  },
  {
    name: 'maxLength 3 → an enum with a longer value: the bound is loosened',
    before: { ...str, maxLength: 3 },
    after: { ...str, enum: ['ok', 'failed'] },
    ...both('enum-added', 'bound-loosened'),
  },
  {
    name: 'an enum → maximum every old value meets: no bound tightened',
    before: { type: 'integer', enum: [1, 2, 3] },
    after: { type: 'integer', maximum: 3 },
    ...both('enum-removed'),
  },
  {
    name: 'pattern dropped where an enum of matching values came: no pattern removed',
    before: { ...str, pattern: '^[a-z]+$' },
    after: { ...str, enum: ['a', 'b'] },
    ...both('enum-added'),
  },
  {
    name: 'pattern dropped where an enum with a value it refused came: pattern removed',
    before: { ...str, pattern: '^[a-z]+$' },
    after: { ...str, enum: ['a', 'B'] },
    ...both('enum-added', 'pattern-removed'),
  },
  {
    name: 'OpenAPI 3.0 exclusiveMaximum: true on the same maximum',
    before: { type: 'integer', maximum: 10 },
    after: { type: 'integer', maximum: 10, exclusiveMaximum: true },
    ...both('bound-tightened'),
  },
  {
    name: 'multipleOf 2 → 4 (fewer values)',
    before: { multipleOf: 2 },
    after: { multipleOf: 4 },
    ...both('bound-tightened'),
  },
  {
    name: 'multipleOf 2 → 3',
    before: { multipleOf: 2 },
    after: { multipleOf: 3 },
    ...both('multiple-of-changed'),
  },
  { name: 'pattern added', before: str, after: { ...str, pattern: '^a' }, ...both('pattern-added') },
  { name: 'pattern removed', before: { ...str, pattern: '^a' }, after: str, ...both('pattern-removed') },
  {
    name: 'pattern ^\\w+$ → .*',
    before: { pattern: '^\\w+$' },
    after: { pattern: '.*' },
    ...both('pattern-widened'),
  },
  {
    name: 'pattern loses its anchors',
    before: { pattern: '^ab$' },
    after: { pattern: 'ab' },
    ...both('pattern-widened'),
  },
  {
    name: 'pattern .* → ^\\w+$',
    before: { pattern: '.*' },
    after: { pattern: '^\\w+$' },
    ...both('pattern-narrowed'),
  },
  {
    name: 'pattern ^a → ^b',
    before: { pattern: '^a' },
    after: { pattern: '^b' },
    ...both('pattern-changed'),
  },
  { name: 'format added', before: str, after: { ...str, format: 'uuid' }, ...both('format-added') },
  {
    name: 'format int64 added to an integer bounded 1..1000 (issue 53)',
    before: { type: 'integer', minimum: 1, maximum: 1000 },
    after: { type: 'integer', minimum: 1, maximum: 1000, format: 'int64' },
    ...both('format-within-bounds'),
  },
  {
    name: 'format int32 removed from an integer bounded 0..10',
    before: { type: 'integer', minimum: 0, maximum: 10, format: 'int32' },
    after: { type: 'integer', minimum: 0, maximum: 10 },
    ...both('format-within-bounds'),
  },
  {
    name: 'format int32 added to an integer bounded 1..2^40: still a format added',
    before: { type: 'integer', minimum: 1, maximum: 2 ** 40 },
    after: { type: 'integer', minimum: 1, maximum: 2 ** 40, format: 'int32' },
    ...both('format-added'),
  },
  {
    name: 'format int64 added to an integer bounded only below: still a format added',
    before: { type: 'integer', minimum: 1 },
    after: { type: 'integer', minimum: 1, format: 'int64' },
    ...both('format-added'),
  },
  {
    name: 'format date → a plain string',
    before: { ...str, format: 'date' },
    after: str,
    ...both('format-removed'),
  },
  {
    name: 'format int32 → int64',
    before: { type: 'integer', format: 'int32' },
    after: { type: 'integer', format: 'int64' },
    ...both('format-widened'),
  },
  {
    name: 'format int64 → int32',
    before: { type: 'integer', format: 'int64' },
    after: { type: 'integer', format: 'int32' },
    ...both('format-narrowed'),
  },
  {
    name: 'format date → date-time',
    before: { ...str, format: 'date' },
    after: { ...str, format: 'date-time' },
    ...both('format-changed'),
  },
  {
    name: 'uniqueItems added',
    before: { type: 'array' },
    after: { type: 'array', uniqueItems: true },
    ...both('unique-items-added'),
  },
  {
    name: 'uniqueItems removed',
    before: { type: 'array', uniqueItems: true },
    after: { type: 'array' },
    ...both('unique-items-removed'),
  },
  {
    name: 'object closed',
    before: obj({ a: str }),
    after: obj({ a: str }, { additionalProperties: false }),
    ...both('object-closed'),
  },
  {
    name: 'object opened',
    before: obj({ a: str }, { additionalProperties: false }),
    after: obj({ a: str }),
    ...both('object-opened'),
  },
  {
    name: 'tuple item removed',
    before: { prefixItems: [str, str] },
    after: { prefixItems: [str] },
    ...both('prefix-item-removed'),
  },
  {
    name: 'tuple item added',
    before: { prefixItems: [str] },
    after: { prefixItems: [str, str] },
    ...both('prefix-item-added'),
  },
  {
    name: 'oneOf member added',
    before: { oneOf: [ref('A'), ref('B')] },
    after: { oneOf: [ref('A'), ref('B'), ref('C')] },
    components: [members, members],
    ...both('alternative-added'),
  },
  {
    name: 'anyOf member removed (inline members matched, the rest compared)',
    before: { anyOf: [str, { type: 'integer', maximum: 5 }] },
    after: { anyOf: [{ type: 'integer', maximum: 9 }] },
    request: ['alternative-removed', 'bound-loosened'],
    response: ['alternative-removed', 'bound-loosened'],
  },
  {
    name: 'oneOf members reordered: no change; a member changed in place is compared',
    before: { oneOf: [ref('A'), ref('B')] },
    after: { oneOf: [ref('B'), ref('A')] },
    components: [members, { ...members, A: obj({ a: str, z: str }) }],
    ...both('property-added'),
  },
  {
    name: 'oneOf introduced',
    before: str,
    after: { ...str, oneOf: [{ maxLength: 3 }, { pattern: '^a' }] },
    ...both('alternatives-introduced'),
  },
  {
    name: 'a schema wrapped in an anyOf that keeps it as a member: one alternative added (issue 53)',
    before: str,
    after: { anyOf: [str, { ...str, enum: [''] }] },
    ...both('alternative-added'),
  },
  {
    name: 'the description moved from the schema to its anyOf wrapper: no documentation change',
    before: { ...str, maxLength: 5000, description: 'The URL.' },
    after: {
      anyOf: [
        { ...str, maxLength: 5000 },
        { ...str, enum: [''] },
      ],
      description: 'The URL.',
    },
    ...both('alternative-added'),
  },
  {
    name: '$ref X → oneOf [$ref X, $ref Y]: Y added, X still compared (issue 53)',
    before: ref('A'),
    after: { oneOf: [ref('A'), ref('B')] },
    components: [members, { ...members, A: obj({ a: str, z: str }) }],
    ...both('alternative-added', 'property-added'),
  },
  {
    name: '$ref X → anyOf [$ref X, {type: null}]: nullability',
    before: ref('A'),
    after: { anyOf: [ref('A'), { type: 'null' }] },
    components: [members, members],
    ...both('became-nullable'),
  },
  {
    name: 'anyOf [$ref X, $ref Y] → $ref X: Y removed',
    before: { anyOf: [ref('A'), ref('B')] },
    after: ref('A'),
    components: [members, members],
    ...both('alternative-removed'),
  },
  {
    name: 'anyOf [$ref X, {type: null}] → $ref X: no longer nullable',
    before: { anyOf: [ref('A'), { type: 'null' }] },
    after: ref('A'),
    components: [members, members],
    ...both('became-not-nullable'),
  },
  {
    name: 'an anyOf none of whose members is the old schema is still introduced',
    before: str,
    after: { ...str, anyOf: [{ maxLength: 3 }, { enum: [''] }] },
    ...both('alternatives-introduced'),
  },
  {
    name: 'a one-member anyOf whose $ref changed: the two members compared (same shape: no change)',
    before: { anyOf: [ref('A')] },
    after: { anyOf: [ref('B')] },
    components: [members, { ...members, B: obj({ a: str }) }],
    request: [],
    response: [],
  },
  {
    name: 'a one-member anyOf whose $ref changed to another shape: its properties compared',
    before: { anyOf: [ref('A')] },
    after: { anyOf: [ref('B')] },
    components: [members, members],
    ...both('property-removed', 'property-added'),
  },
  {
    name: 'oneOf dropped',
    before: { oneOf: [str, { type: 'integer' }] },
    after: {},
    ...both('alternatives-dropped'),
  },
  {
    name: 'allOf member added (members that are not plain objects are compared member by member)',
    before: { type: 'string', allOf: [{ maxLength: 9 }] },
    after: { type: 'string', allOf: [{ maxLength: 9 }, { pattern: '^a' }] },
    ...both('all-of-member-added'),
  },
  {
    name: 'allOf member removed',
    before: { type: 'string', allOf: [{ maxLength: 9 }, { pattern: '^a' }] },
    after: { type: 'string', allOf: [{ maxLength: 9 }] },
    ...both('all-of-member-removed'),
  },
  {
    name: 'properties moved into an allOf base schema: nothing changes',
    before: obj({ a: str, b: str }, { required: ['a'] }),
    after: { allOf: [ref('Base'), obj({ b: str })] },
    components: [{}, { Base: obj({ a: str }, { required: ['a'] }) }],
    request: [],
    response: [],
  },
  {
    name: 'an object allOf gaining a base schema: the properties it adds',
    before: { allOf: [ref('A')] },
    after: { allOf: [ref('A'), ref('B')] },
    components: [members, members],
    ...both('property-added'),
  },
  {
    name: 'a property of an allOf base schema became optional',
    before: { allOf: [ref('Base'), obj({ b: str })] },
    after: { allOf: [ref('Base'), obj({ b: str })] },
    components: [{ Base: obj({ a: str }, { required: ['a'] }) }, { Base: obj({ a: str }) }],
    ...both('property-became-optional'),
  },
  { name: 'default added', before: str, after: { ...str, default: 'a' }, ...both('default-added') },
  {
    name: 'default changed',
    before: { ...str, default: 'a' },
    after: { ...str, default: 'b' },
    ...both('default-changed'),
  },
  { name: 'default removed', before: { ...str, default: 'a' }, after: str, ...both('default-removed') },
  {
    name: 'contains added',
    before: { type: 'array' },
    after: { type: 'array', contains: str },
    ...both('constraint-added'),
  },
  {
    name: 'items removed',
    before: { type: 'array', items: str },
    after: { type: 'array' },
    ...both('constraint-removed'),
  },
  {
    name: 'additionalProperties schema added',
    before: obj({ a: str }),
    after: obj({ a: str }, { additionalProperties: str }),
    ...both('constraint-added'),
  },
  {
    name: 'contains changed: its schema compared on the same side',
    before: { type: 'array', contains: { ...str, maxLength: 9 } },
    after: { type: 'array', contains: { ...str, maxLength: 5 } },
    ...both('bound-tightened'),
  },
  {
    name: 'patternProperties entry added',
    before: { patternProperties: { '^a': str } },
    after: { patternProperties: { '^a': str, '^b': str } },
    ...both('constraint-added'),
  },
  {
    name: 'not changed (compared as written)',
    before: { not: str },
    after: { not: { type: 'integer' } },
    ...both('constraint-changed'),
  },
  { name: 'not removed', before: { not: str }, after: {}, ...both('constraint-removed') },
  {
    name: 'dependentRequired changed',
    before: { dependentRequired: { a: ['b'] } },
    after: { dependentRequired: { a: ['c'] } },
    ...both('constraint-changed'),
  },
  {
    name: 'maxContains lowered',
    before: { maxContains: 3 },
    after: { maxContains: 2 },
    ...both('bound-tightened'),
  },
  {
    name: 'discriminator added',
    before: { oneOf: [ref('A'), ref('B')] },
    after: { oneOf: [ref('A'), ref('B')], discriminator: { propertyName: 'kind' } },
    components: [members, members],
    ...both('discriminator-changed'),
  },
  { name: 'boolean schema true → false', before: true, after: false, ...both('schema-changed') },
];

export const schemaRows: Row[] = schemaPairs.flatMap((row) =>
  (['request', 'response'] as const).map((side) => ({
    name: `${row.name} (${side})`,
    given: {
      openapi: [
        schemaOn(side, row.before, row.components?.[0]),
        schemaOn(side, row.after, row.components?.[1]),
      ] as [S, S],
    },
    want: row[side].map((check) => `${side}-${check}`),
  })),
);

/** One component used by a request body and a response: judged on each side it appears. */
const shared = (values: string[]) =>
  doc(
    {
      '/items': {
        post: {
          requestBody: { content: { 'application/json': { schema: ref('Mode') } } },
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: ref('Mode') } } },
          },
        },
      },
    },
    { components: { schemas: { Mode: { type: 'string', enum: values } } } },
  );

schemaRows.push(
  {
    name: 'a $ref shared by request and response is judged on both sides',
    given: { openapi: [shared(['a', 'b']), shared(['a'])] },
    want: ['request-enum-value-removed', 'response-enum-value-removed'],
  },
  {
    name: 'a 3.0 document with nullable: true removed from a response property',
    given: {
      openapi: [
        { ...schemaOn('response', obj({ a: { ...str, nullable: true } })), openapi: '3.0.3' },
        { ...schemaOn('response', obj({ a: str })), openapi: '3.0.3' },
      ],
    },
    want: ['response-became-not-nullable'],
  },
);
