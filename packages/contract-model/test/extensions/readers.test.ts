import { describe, expect } from 'vitest';
import {
  readBodyOpen,
  readBoundNotShown,
  readCredential,
  readEchoes,
  readErrorSchemas,
  readJwtClaims,
  readMethodOpen,
  readOperationRefusals,
  readPathAliases,
  readRequires,
  readResponseFilters,
  readRoles,
  readSecurityExclusive,
  readServerSideOnly,
  readSource,
  readUnmatchedRequests,
  readUnsupportedCredentials,
  readValidationStatus,
  readValueSchema,
  readVersionPrefix,
  readXsd,
} from '../../src/index.js';
import { fails, none, table } from './table.js';

describe('x-body-open (Response Object)', () => {
  table(readBodyOpen, [
    ['absent', { given: { description: 'OK' }, want: none }],
    ['true', { given: { 'x-body-open': true }, want: { value: true, problems: [] } }],
    ['false', { given: { 'x-body-open': false }, want: { value: false, problems: [] } }],
    ['a string', { given: { 'x-body-open': 'yes' }, want: fails(['x-body-open'], 'must be `true`') }],
    ['not an object', { given: 'text', want: none }],
  ]);
});

describe('x-method-open (webhook Operation Object)', () => {
  table(readMethodOpen, [
    ['absent', { given: { operationId: 'cb' }, want: none }],
    ['true', { given: { 'x-method-open': true }, want: { value: true, problems: [] } }],
    ['false', { given: { 'x-method-open': false }, want: { value: false, problems: [] } }],
    [
      'a method list',
      { given: { 'x-method-open': ['GET'] }, want: fails(['x-method-open'], 'must be `true`') },
    ],
  ]);
});

describe('x-unmatched-requests (root)', () => {
  table(readUnmatchedRequests, [
    ['absent', { given: { openapi: '3.1.0' }, want: none }],
    [
      'path and method',
      {
        given: { 'x-unmatched-requests': { path: 404, method: 405 } },
        want: { value: { path: 404, method: 405 }, problems: [] },
      },
    ],
    [
      'a list',
      { given: { 'x-unmatched-requests': [404] }, want: fails(['x-unmatched-requests'], 'must be') },
    ],
    [
      'a 2xx status',
      {
        given: { 'x-unmatched-requests': { path: 200 } },
        want: {
          value: {},
          problems: [{ at: ['x-unmatched-requests', 'path'], message: expect.stringContaining('must be') }],
        },
      },
    ],
  ]);
});

describe('x-bound-not-shown (schema)', () => {
  table(readBoundNotShown, [
    ['absent', { given: { type: 'string' }, want: none }],
    [
      'a keyword not set',
      { given: { 'x-bound-not-shown': ['maxLength'] }, want: { value: ['maxLength'], problems: [] } },
    ],
    [
      'a keyword set anyway',
      {
        given: { 'x-bound-not-shown': ['maxLength'], maxLength: 10 },
        want: fails(['maxLength'], 'so the schema must not set it', ['maxLength']),
      },
    ],
    [
      'an empty list',
      { given: { 'x-bound-not-shown': [] }, want: fails(['x-bound-not-shown'], 'non-empty list') },
    ],
    [
      'not a list',
      { given: { 'x-bound-not-shown': 'maxLength' }, want: fails(['x-bound-not-shown'], 'non-empty list') },
    ],
  ]);
});

describe('x-credential (security scheme)', () => {
  table(readCredential, [
    ['absent', { given: { type: 'apiKey' }, want: none }],
    ['false', { given: { 'x-credential': false }, want: { value: false, problems: [] } }],
    ['a string', { given: { 'x-credential': 'no' }, want: fails(['x-credential'], 'must be `false`') }],
  ]);
});

describe('x-echoes (Response Object)', () => {
  table(readEchoes, [
    ['absent', { given: {}, want: none }],
    [
      'present and equal',
      {
        given: { 'x-echoes': [{ request: '/tag', response: '/tag', present: true, equal: true }] },
        want: { value: [{ request: '/tag', response: '/tag', present: true, equal: true }], problems: [] },
      },
    ],
    [
      'present only',
      {
        given: { 'x-echoes': [{ request: '/media', response: '/media', present: true }] },
        want: {
          value: [{ request: '/media', response: '/media', present: true, equal: false }],
          problems: [],
        },
      },
    ],
    ['an empty list', { given: { 'x-echoes': [] }, want: fails(['x-echoes'], 'non-empty list') }],
    [
      'an entry that says nothing',
      {
        given: { 'x-echoes': [{ request: '/tag', response: '/tag' }] },
        want: fails(['x-echoes', 0], 'non-empty list'),
      },
    ],
    [
      'a nested member',
      {
        given: { 'x-echoes': [{ request: '/a/b', response: '/a', equal: true }] },
        want: fails(['x-echoes', 0], 'two top-level members'),
      },
    ],
    [
      'a present that is no boolean (the equal it asks is kept)',
      {
        given: { 'x-echoes': [{ request: '/to', response: '/to', present: 'yes', equal: true }] },
        want: fails(['x-echoes', 0], 'non-empty list', [
          { request: '/to', response: '/to', present: false, equal: true },
        ]),
      },
    ],
  ]);
});

describe('x-error-schemas (root)', () => {
  const pointer = '#/components/schemas/ValidationError';
  table(readErrorSchemas, [
    ['absent', { given: {}, want: none }],
    [
      'a pointer',
      {
        given: { 'x-error-schemas': { '422': pointer } },
        want: { value: { '422': { pointer, schema: { $ref: pointer } } }, problems: [] },
      },
    ],
    [
      'a {$ref}',
      {
        given: { 'x-error-schemas': { '4XX': { $ref: pointer } } },
        want: { value: { '4XX': { schema: { $ref: pointer } } }, problems: [] },
      },
    ],
    [
      'not a map',
      { given: { 'x-error-schemas': [pointer] }, want: fails(['x-error-schemas'], 'must map a status') },
    ],
    [
      'a key that is no status',
      {
        given: { 'x-error-schemas': { oops: pointer } },
        want: fails(['x-error-schemas', 'oops'], 'is not a response status', {
          oops: { pointer, schema: { $ref: pointer } },
        }),
      },
    ],
    [
      'a target that is no pointer',
      {
        given: { 'x-error-schemas': { '422': 'ValidationError' } },
        want: fails(['x-error-schemas', '422'], 'must be a JSON pointer', {
          '422': { pointer: 'ValidationError', schema: { $ref: 'ValidationError' } },
        }),
      },
    ],
  ]);
});

describe('x-filters (Response Object)', () => {
  const conditions = [{ parameter: 'status', field: '/status', match: 'equals' }];
  table(readResponseFilters, [
    ['absent', { given: {}, want: none }],
    [
      'a condition',
      {
        given: { 'x-filters': { items: '/runs', conditions } },
        want: {
          value: {
            items: '/runs',
            conditions: [{ parameter: 'status', operand: '', field: '/status', match: 'equals' }],
          },
          problems: [],
        },
      },
    ],
    [
      'no conditions',
      {
        given: { 'x-filters': { items: '/runs', conditions: [] } },
        want: fails(['x-filters'], 'must be `{items, conditions}`'),
      },
    ],
    [
      'an unknown match',
      {
        given: {
          'x-filters': { items: '', conditions: [{ parameter: 'status', field: '/status', match: 'like' }] },
        },
        want: fails(['x-filters', 'conditions', 0], '`match` must be one of'),
      },
    ],
  ]);
});

describe('x-jwt-claims (schema)', () => {
  const properties = { access_token: {}, access_token_id: {} };
  const claim = { token: 'access_token', claim: 'jti', equals: 'access_token_id' };
  table(readJwtClaims, [
    ['absent', { given: { properties }, want: none }],
    [
      'a claim of its own properties',
      { given: { properties, 'x-jwt-claims': [claim] }, want: { value: [claim], problems: [] } },
    ],
    [
      'a property it does not have',
      {
        given: { properties: { access_token: {} }, 'x-jwt-claims': [claim] },
        want: fails(['x-jwt-claims', 0, 'equals'], 'is not a property of this schema', [claim]),
      },
    ],
    [
      'an entry without claim',
      {
        given: { properties, 'x-jwt-claims': [{ token: 'access_token' }] },
        want: fails(['x-jwt-claims', 0], '{token, claim, equals}'),
      },
    ],
    [
      'a blank name (kept, compares nothing)',
      {
        given: { properties, 'x-jwt-claims': [{ ...claim, token: '' }] },
        want: fails(['x-jwt-claims', 0], '{token, claim, equals}', [{ ...claim, token: '' }]),
      },
    ],
    ['not a list', { given: { 'x-jwt-claims': claim }, want: fails(['x-jwt-claims'], 'non-empty list') }],
  ]);
});

describe('x-path-aliases (path item)', () => {
  table(readPathAliases, [
    ['absent', { given: {}, want: none }],
    [
      'a template',
      { given: { 'x-path-aliases': ['/api/v2/calls'] }, want: { value: ['/api/v2/calls'], problems: [] } },
    ],
    [
      'not a list',
      { given: { 'x-path-aliases': '/calls' }, want: fails(['x-path-aliases'], 'list of path templates') },
    ],
    [
      'a relative path',
      {
        given: { 'x-path-aliases': ['calls'] },
        want: fails(['x-path-aliases', 0], 'starts with `/`', ['calls']),
      },
    ],
  ]);
});

describe('x-refusals (operation)', () => {
  const refusal = { description: 'rule 4', request: { xmlElements: ['SmsSettings'] }, status: 400 };
  const responses = { '400': { description: 'Tn error' } };
  table(readOperationRefusals, [
    ['absent', { given: {}, want: none }],
    [
      'a refusal',
      {
        given: { 'x-refusals': [refusal], responses },
        want: { value: [{ description: 'rule 4', xmlElements: ['SmsSettings'], status: 400 }], problems: [] },
      },
    ],
    ['an empty list', { given: { 'x-refusals': [] }, want: fails(['x-refusals'], 'non-empty list') }],
    [
      'a 2xx status',
      {
        given: { 'x-refusals': [{ ...refusal, status: 200 }], responses: { '200': {} } },
        want: fails(['x-refusals', 0], '`status` must be the HTTP status'),
      },
    ],
    [
      'a status the operation does not declare',
      {
        given: { 'x-refusals': [refusal], responses: { '200': {} } },
        want: fails(['x-refusals', 0, 'status'], 'which the operation does not declare', [
          { description: 'rule 4', xmlElements: ['SmsSettings'], status: 400 },
        ]),
      },
    ],
  ]);
});

describe('x-requires (parameter)', () => {
  table(readRequires, [
    ['absent', { given: { name: 'state' }, want: none }],
    [
      'a list',
      {
        given: { name: 'state', 'x-requires': ['countryCodeA3'] },
        want: { value: ['countryCodeA3'], problems: [] },
      },
    ],
    [
      'an empty list',
      {
        given: { name: 'state', 'x-requires': [] },
        want: fails(['x-requires'], '`x-requires` of `state` must be a non-empty list'),
      },
    ],
    [
      'a name that is no string',
      {
        given: { name: 'state', 'x-requires': [3] },
        want: fails(['x-requires'], 'non-empty list of parameter names'),
      },
    ],
    [
      'a name beside one that is no string (the name is kept)',
      {
        given: { name: 'state', 'x-requires': ['countryCodeA3', 3] },
        want: fails(['x-requires'], 'non-empty list of parameter names', ['countryCodeA3']),
      },
    ],
    [
      'itself',
      {
        given: { name: 'state', 'x-requires': ['state'] },
        want: fails(['x-requires'], 'lists itself', ['state']),
      },
    ],
  ]);
});

describe('x-roles (operation)', () => {
  table(readRoles, [
    ['absent', { given: {}, want: none }],
    [
      'roles and workspace access',
      {
        given: { 'x-roles': { roles: ['super_user'], workspaceAccess: 'Editor' } },
        want: { value: { roles: ['super_user'], workspaceAccess: 'Editor' }, problems: [] },
      },
    ],
    [
      'not an object',
      { given: { 'x-roles': ['super_user'] }, want: fails(['x-roles'], '`x-roles` must be') },
    ],
    [
      'a role that is no name',
      {
        given: { 'x-roles': { roles: [1] } },
        want: fails(['x-roles', 'roles'], 'list of role names', { roles: [] }),
      },
    ],
  ]);
});

describe('x-security-exclusive (root)', () => {
  table(readSecurityExclusive, [
    ['absent', { given: {}, want: none }],
    ['true', { given: { 'x-security-exclusive': true }, want: { value: true, problems: [] } }],
    [
      'a string',
      {
        given: { 'x-security-exclusive': 'true' },
        want: fails(['x-security-exclusive'], '`true` or `false`'),
      },
    ],
  ]);
});

describe('x-server-side-only (operation)', () => {
  table(readServerSideOnly, [
    ['absent', { given: {}, want: none }],
    ['true', { given: { 'x-server-side-only': true }, want: { value: true, problems: [] } }],
    [
      'a number',
      { given: { 'x-server-side-only': 1 }, want: fails(['x-server-side-only'], '`true` or `false`') },
    ],
  ]);
});

describe('x-source (operation)', () => {
  table(readSource, [
    ['a section', { given: { 'x-source': 'E1' }, want: { value: 'E1', problems: [] } }],
    ['absent (required)', { given: {}, want: fails(['x-source'], 'has no `x-source`') }],
    ['blank', { given: { 'x-source': ' ' }, want: fails(['x-source'], 'has no `x-source`') }],
  ]);
});

describe('x-unsupported-credentials (root)', () => {
  const entry = { in: 'header', name: 'X-API-Key', description: 'no longer supported' };
  table(readUnsupportedCredentials, [
    ['absent', { given: {}, want: none }],
    ['an entry', { given: { 'x-unsupported-credentials': [entry] }, want: { value: [entry], problems: [] } }],
    [
      'not a list',
      {
        given: { 'x-unsupported-credentials': entry },
        want: fails(['x-unsupported-credentials'], 'must be a list'),
      },
    ],
    [
      'without a description (still compared)',
      {
        given: { 'x-unsupported-credentials': [{ in: 'header', name: 'X-API-Key' }] },
        want: fails(['x-unsupported-credentials', 0], 'the description says why', [
          { in: 'header', name: 'X-API-Key' },
        ]),
      },
    ],
    [
      'in the body',
      {
        given: { 'x-unsupported-credentials': [{ ...entry, in: 'body' }] },
        want: fails(['x-unsupported-credentials', 0], 'header|query|cookie', [{ ...entry, in: 'body' }]),
      },
    ],
    [
      'a blank name (still compared)',
      {
        given: { 'x-unsupported-credentials': [{ ...entry, name: '' }] },
        want: fails(['x-unsupported-credentials', 0], 'header|query|cookie', [{ ...entry, name: '' }]),
      },
    ],
  ]);
});

describe('x-validation-status (root)', () => {
  const errorSchemas = { '422': '#/components/schemas/HTTPValidationError' };
  table(readValidationStatus, [
    ['absent', { given: {}, want: none }],
    [
      'a status with its error schema',
      {
        given: { 'x-validation-status': 422, 'x-error-schemas': errorSchemas },
        want: { value: 422, problems: [] },
      },
    ],
    [
      'without x-error-schemas',
      { given: { 'x-validation-status': 400 }, want: { value: 400, problems: [] } },
    ],
    [
      'a 2xx',
      {
        given: { 'x-validation-status': 200 },
        want: fails(['x-validation-status'], 'must be the 4xx or 5xx status'),
      },
    ],
    [
      'a status x-error-schemas does not cover',
      {
        given: { 'x-validation-status': 400, 'x-error-schemas': errorSchemas },
        want: fails(['x-validation-status'], 'has no entry for 400 (or 4XX)', 400),
      },
    ],
  ]);
});

describe('x-value-schema (security scheme)', () => {
  const schema = { type: 'string', pattern: '^[1-9][0-9]*$' };
  table(readValueSchema, [
    ['absent', { given: {}, want: none }],
    ['a schema', { given: { 'x-value-schema': schema }, want: { value: schema, problems: [] } }],
    [
      'a string',
      { given: { 'x-value-schema': 'string' }, want: fails(['x-value-schema'], 'must be a JSON Schema') },
    ],
  ]);
});

describe('x-version-prefix (root)', () => {
  table(readVersionPrefix, [
    ['absent', { given: {}, want: none }],
    ['a prefix', { given: { 'x-version-prefix': '/api/v1' }, want: { value: '/api/v1', problems: [] } }],
    [
      'a trailing slash',
      {
        given: { 'x-version-prefix': '/api/v1/' },
        want: fails(['x-version-prefix'], 'no trailing slash', '/api/v1/'),
      },
    ],
    [
      'not a path',
      { given: { 'x-version-prefix': 'api' }, want: fails(['x-version-prefix'], 'starts with `/`', 'api') },
    ],
    ['a number', { given: { 'x-version-prefix': 1 }, want: fails(['x-version-prefix'], 'starts with `/`') }],
  ]);
});

describe('x-xsd (media type)', () => {
  table(
    (media) => readXsd(media),
    [
      ['absent', { given: {}, want: none }],
      ['false (the document is open)', { given: { 'x-xsd': false }, want: { value: false, problems: [] } }],
      [
        'an XSD and its root',
        {
          given: { 'x-xsd': { schema: 'xsd/Order.xsd', element: 'Order', otherRoots: 'open' } },
          want: { value: { schema: 'xsd/Order.xsd', element: 'Order', otherRoots: 'open' }, problems: [] },
        },
      ],
      [
        'no element',
        {
          given: { 'x-xsd': { schema: 'xsd/Order.xsd' } },
          want: fails(['x-xsd'], '`element` must be the name', { schema: 'xsd/Order.xsd' }),
        },
      ],
      [
        'an absolute path',
        {
          given: { 'x-xsd': { schema: '/xsd/Order.xsd', element: 'Order' } },
          want: fails(['x-xsd'], 'relative to the service folder', {
            schema: '/xsd/Order.xsd',
            element: 'Order',
          }),
        },
      ],
      [
        'not an .xsd',
        {
          given: { 'x-xsd': { schema: 'xsd/Order.xml', element: 'Order' } },
          want: fails(['x-xsd'], 'path of an .xsd file', { schema: 'xsd/Order.xml', element: 'Order' }),
        },
      ],
      ['true', { given: { 'x-xsd': true }, want: fails(['x-xsd'], 'it is not an object') }],
      [
        'a schema that is no string',
        {
          given: { 'x-xsd': { schema: 1, element: 'Order' } },
          want: fails(['x-xsd'], 'path of an .xsd file'),
        },
      ],
    ],
  );
});
