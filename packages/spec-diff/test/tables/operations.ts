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
  ...serverRows(),
];

/** Servers at the root, on a path item and on an operation, each compared where it is written. */
function serverRows(): Row[] {
  const root = (servers: unknown[]) => doc({ '/a': { get } }, { servers });
  const region = (values: string[], fallback = 'eu') => ({
    url: 'https://{region}.example.com',
    variables: { region: { enum: values, default: fallback } },
  });
  return [
    {
      name: 'a root server removed (a trailing slash is the same URL)',
      given: {
        openapi: [
          root([{ url: 'https://a.example.com/' }, { url: 'https://b.example.com' }]),
          root([{ url: 'https://a.example.com' }]),
        ],
      },
      want: ['server-removed'],
    },
    {
      name: 'a server added to an operation',
      given: {
        openapi: [
          doc({ '/a': { get } }),
          doc({ '/a': { get: { ...get, servers: [{ url: 'https://upload.example.com' }] } } }),
        ],
      },
      want: ['server-added'],
    },
    {
      name: 'a path item server replaced: one removed, one added',
      given: {
        openapi: [
          doc({ '/a': { get, servers: [{ url: 'https://old.example.com' }] } }),
          doc({ '/a': { get, servers: [{ url: 'https://new.example.com' }] } }),
        ],
      },
      want: ['server-removed', 'server-added'],
    },
    {
      name: 'a server variable value removed',
      given: { openapi: [root([region(['eu', 'us'])]), root([region(['eu'])])] },
      want: ['server-variable-value-removed'],
    },
    {
      name: 'a server variable value added',
      given: { openapi: [root([region(['eu'])]), root([region(['eu', 'us'])])] },
      want: ['server-variable-value-added'],
    },
    {
      name: 'a server variable default changed',
      given: { openapi: [root([region(['eu', 'us'])]), root([region(['eu', 'us'], 'us')])] },
      want: ['server-variable-default-changed'],
    },
    {
      name: 'the same servers in another order: no change',
      given: {
        openapi: [
          root([{ url: 'https://a.example.com' }, region(['eu'])]),
          root([region(['eu']), { url: 'https://a.example.com' }]),
        ],
      },
      want: [],
    },
  ];
}
