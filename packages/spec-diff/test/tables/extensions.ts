import { operation, type Row } from './table.js';

const params = (requires?: string[]) =>
  operation({
    parameters: [
      {
        in: 'query',
        name: 'areaCode',
        schema: { type: 'string' },
        ...(requires ? { 'x-requires': requires } : {}),
      },
      { in: 'query', name: 'countryCodeA3', schema: { type: 'string' } },
    ],
  });

export const extensionRows: Row[] = [
  {
    name: 'x-requires added to a parameter',
    given: { openapi: [params(), params(['countryCodeA3'])] },
    want: ['request-parameter-requires-added'],
  },
  {
    name: 'x-requires removed from a parameter',
    given: { openapi: [params(['countryCodeA3']), params()] },
    want: ['request-parameter-requires-removed'],
  },
  {
    name: 'x-security-exclusive set',
    given: { openapi: [operation({}), operation({}, { 'x-security-exclusive': true })] },
    want: ['security-exclusive-added'],
  },
  {
    name: 'x-security-exclusive unset',
    given: { openapi: [operation({}, { 'x-security-exclusive': true }), operation({})] },
    want: ['security-exclusive-removed'],
  },
];
