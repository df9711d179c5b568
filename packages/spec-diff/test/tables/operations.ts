import { doc, operation, type Row } from './table.js';

const get = { responses: { '200': { description: 'ok' } } };
const post = { operationId: 'createItem', responses: { '200': { description: 'ok' } } };

export const operationRows: Row[] = [
  { name: 'a path removed', given: { openapi: [doc({ '/a': { get } }), doc({})] }, want: ['path-removed'] },
  {
    name: 'an operation removed from a path that stays',
    given: { openapi: [doc({ '/a': { get, post } }), doc({ '/a': { get } })] },
    want: ['operation-removed'],
  },
  {
    name: 'a deprecated operation removed (policy: still major)',
    given: { openapi: [doc({ '/a': { get, post: { ...post, deprecated: true } } }), doc({ '/a': { get } })] },
    want: ['deprecated-operation-removed'],
  },
  {
    name: 'an operation added, on a new path and on a path that was there',
    given: { openapi: [doc({ '/a': { get } }), doc({ '/a': { get, post }, '/b': { get } })] },
    want: ['operation-added', 'operation-added'],
  },
  {
    name: 'operationId renamed (policy: generated method names)',
    given: { openapi: [operation({}), operation({ operationId: 'makeItem' })] },
    want: ['operation-id-changed'],
  },
  {
    name: 'operation deprecated',
    given: { openapi: [operation({}), operation({ deprecated: true })] },
    want: ['operation-deprecated'],
  },
  {
    name: 'operation no longer deprecated',
    given: { openapi: [operation({ deprecated: true }), operation({})] },
    want: ['operation-reactivated'],
  },
  {
    name: 'summary and info description changed',
    given: {
      openapi: [
        operation({ summary: 'Create' }),
        { ...operation({ summary: 'Make' }), info: { title: 't', version: '1', description: 'x' } },
      ],
    },
    want: ['documentation-changed', 'documentation-changed'],
  },
];
