import { doc, type Row } from './table.js';

type S = Record<string, unknown>;
const get = (security?: unknown[]) => ({
  responses: { '200': { description: 'ok' } },
  ...(security ? { security } : {}),
});
const schemes: S = {
  key: { type: 'apiKey', in: 'header', name: 'X-Key' },
  basic: { type: 'http', scheme: 'basic' },
  oauth: {
    type: 'oauth2',
    flows: {
      clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { read: 'r', write: 'w' } },
    },
  },
};
const api = (security: unknown[] | undefined, rootSecurity?: unknown[], securitySchemes: S = schemes) =>
  doc(
    { '/a': { get: get(security) } },
    { components: { securitySchemes }, ...(rootSecurity ? { security: rootSecurity } : {}) },
  );

export const securityRows: Row[] = [
  {
    name: 'an alternative removed (clients holding only a key are refused)',
    given: { openapi: [api([{ key: [] }, { basic: [] }]), api([{ basic: [] }])] },
    want: ['security-requirement-removed'],
  },
  {
    name: 'anonymous access removed: a root requirement where there was none',
    given: { openapi: [api(undefined), api(undefined, [{ key: [] }])] },
    want: ['security-requirement-added', 'security-requirement-removed'],
  },
  {
    name: 'an alternative added',
    given: { openapi: [api([{ basic: [] }]), api([{ basic: [] }, { key: [] }])] },
    want: ['security-requirement-added'],
  },
  {
    name: 'a scope added to an alternative',
    given: { openapi: [api([{ oauth: ['read'] }]), api([{ oauth: ['read', 'write'] }])] },
    want: ['security-scope-added'],
  },
  {
    name: 'a scope removed from an alternative',
    given: { openapi: [api([{ oauth: ['read', 'write'] }]), api([{ oauth: ['read'] }])] },
    want: ['security-scope-removed'],
  },
  {
    name: 'a security scheme removed',
    given: {
      openapi: [
        api([{ basic: [] }]),
        api([{ basic: [] }], undefined, { basic: schemes.basic, oauth: schemes.oauth }),
      ],
    },
    want: ['security-scheme-removed'],
  },
  {
    name: 'a security scheme added',
    given: {
      openapi: [
        api([{ basic: [] }]),
        api([{ basic: [] }], undefined, { ...schemes, bearer: { type: 'http', scheme: 'bearer' } }),
      ],
    },
    want: ['security-scheme-added'],
  },
  {
    name: 'an API key moved from a header to the query',
    given: {
      openapi: [
        api([{ key: [] }]),
        api([{ key: [] }], undefined, { ...schemes, key: { type: 'apiKey', in: 'query', name: 'X-Key' } }),
      ],
    },
    want: ['security-scheme-changed'],
  },
  {
    name: 'an OAuth scope no longer offered',
    given: {
      openapi: [
        api([{ basic: [] }]),
        api([{ basic: [] }], undefined, {
          ...schemes,
          oauth: {
            type: 'oauth2',
            flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { read: 'r' } } },
          },
        }),
      ],
    },
    want: ['security-scheme-scope-removed'],
  },
  {
    name: 'an OAuth scope offered',
    given: {
      openapi: [
        api([{ basic: [] }]),
        api([{ basic: [] }], undefined, {
          ...schemes,
          oauth: {
            type: 'oauth2',
            flows: {
              clientCredentials: {
                tokenUrl: 'https://auth.example/token',
                scopes: { read: 'r', write: 'w', admin: 'a' },
              },
            },
          },
        }),
      ],
    },
    want: ['security-scheme-scope-added'],
  },
];
