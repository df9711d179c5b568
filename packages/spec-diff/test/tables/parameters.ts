import { doc, operation, type Row } from './table.js';

const q = (fields: Record<string, unknown> = {}, schema: Record<string, unknown> = { type: 'string' }) => ({
  in: 'query',
  name: 'q',
  schema,
  ...fields,
});
const withParams = (...parameters: unknown[]) => operation({ parameters });

/** `GET <path>` taking the path parameter `name` (a string, with `schema` added). */
const fetchAt = (path: string, name: string, schema: Record<string, unknown> = {}) => ({
  [path]: {
    get: {
      operationId: 'fetch',
      parameters: [{ in: 'path', name, required: true, schema: { type: 'string', ...schema } }],
      responses: { '200': { description: 'ok' } },
    },
  },
});

export const parameterRows: Row[] = [
  {
    name: 'path parameter renamed in the same template: one path, its changes still found (issue 53)',
    given: {
      openapi: [
        doc(fetchAt('/Hosting/{Sid}', 'Sid')),
        doc(fetchAt('/Hosting/{BulkHostingSid}', 'BulkHostingSid', { maxLength: 34 })),
      ],
    },
    want: ['request-path-parameter-renamed', 'request-bound-tightened'],
  },
  {
    name: 'a template two new paths share is not a rename: removed and added',
    given: {
      openapi: [
        doc(fetchAt('/Hosting/{Sid}', 'Sid')),
        doc({ ...fetchAt('/Hosting/{A}', 'A'), ...fetchAt('/Hosting/{B}', 'B') }),
      ],
    },
    want: ['path-removed', 'operation-added', 'operation-added'],
  },
  {
    name: 'parameter removed',
    given: { openapi: [withParams(q()), withParams()] },
    want: ['request-parameter-removed'],
  },
  {
    name: 'deprecated parameter removed (policy: still major)',
    given: { openapi: [withParams(q({ deprecated: true })), withParams()] },
    want: ['request-deprecated-parameter-removed'],
  },
  {
    name: 'required parameter added',
    given: { openapi: [withParams(), withParams(q({ required: true }))] },
    want: ['request-parameter-added-required'],
  },
  {
    name: 'optional parameter added',
    given: { openapi: [withParams(), withParams(q())] },
    want: ['request-parameter-added-optional'],
  },
  {
    name: 'parameter became required',
    given: { openapi: [withParams(q()), withParams(q({ required: true }))] },
    want: ['request-parameter-became-required'],
  },
  {
    name: 'parameter became optional',
    given: { openapi: [withParams(q({ required: true })), withParams(q())] },
    want: ['request-parameter-became-optional'],
  },
  {
    name: 'parameter deprecated',
    given: { openapi: [withParams(q()), withParams(q({ deprecated: true }))] },
    want: ['request-parameter-deprecated'],
  },
  {
    name: 'default added',
    given: { openapi: [withParams(q()), withParams(q({}, { type: 'string', default: 'a' }))] },
    want: ['request-parameter-default-added'],
  },
  {
    name: 'default changed',
    given: {
      openapi: [
        withParams(q({}, { type: 'integer', default: 10 })),
        withParams(q({}, { type: 'integer', default: 20 })),
      ],
    },
    want: ['request-parameter-default-changed'],
  },
  {
    name: 'default removed',
    given: { openapi: [withParams(q({}, { type: 'string', default: 'a' })), withParams(q())] },
    want: ['request-parameter-default-removed'],
  },
  {
    name: 'query array parameter no longer exploded (ids=1&ids=2 → ids=1,2)',
    given: {
      openapi: [
        withParams(q({}, { type: 'array', items: { type: 'string' } })),
        withParams(q({ explode: false }, { type: 'array', items: { type: 'string' } })),
      ],
    },
    want: ['request-parameter-serialization-changed'],
  },
  {
    name: 'explode on a single query value: the wire is the same, no change',
    given: { openapi: [withParams(q()), withParams(q({ explode: false }))] },
    want: [],
  },
  {
    name: 'style written out as its default: no change',
    given: { openapi: [withParams(q()), withParams(q({ style: 'form', explode: true }))] },
    want: [],
  },
  {
    name: 'query parameter integer → string (policy: generated argument type changes)',
    given: { openapi: [withParams(q({}, { type: 'integer' })), withParams(q())] },
    want: ['request-parameter-type-generalized'],
  },
  {
    name: 'a path-level parameter is the operation’s too, its schema compared on the request side',
    given: {
      openapi: [
        {
          ...withParams(),
          paths: {
            '/items': { parameters: [q({}, { type: 'string', maxLength: 9 })], post: { responses: {} } },
          },
        },
        {
          ...withParams(),
          paths: {
            '/items': { parameters: [q({}, { type: 'string', maxLength: 5 })], post: { responses: {} } },
          },
        },
      ],
    },
    want: ['request-bound-tightened'],
  },
];
