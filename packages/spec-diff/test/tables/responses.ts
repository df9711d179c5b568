import { operation, type Row } from './table.js';

const responses = (value: Record<string, unknown>) => operation({ responses: value });
const ok = (fields: Record<string, unknown> = {}) => ({ description: 'ok', ...fields });
const json = { 'application/json': { schema: { type: 'object' } } };
const header = (required?: boolean) => ({
  'X-Rate': { schema: { type: 'integer' }, ...(required === undefined ? {} : { required }) },
});

export const responseRows: Row[] = [
  {
    name: 'a success status removed',
    given: { openapi: [responses({ '200': ok(), '201': ok() }), responses({ '200': ok() })] },
    want: ['response-success-status-removed'],
  },
  {
    name: 'an error status removed (a 404 dropped breaks no client)',
    given: { openapi: [responses({ '200': ok(), '404': ok() }), responses({ '200': ok() })] },
    want: ['response-non-success-status-removed'],
  },
  {
    name: 'a status added',
    given: { openapi: [responses({ '200': ok() }), responses({ '200': ok(), '409': ok() })] },
    want: ['response-status-added'],
  },
  {
    name: 'a response media type removed',
    given: {
      openapi: [
        responses({ '200': ok({ content: { ...json, 'text/csv': {} } }) }),
        responses({ '200': ok({ content: json }) }),
      ],
    },
    want: ['response-media-type-removed'],
  },
  {
    name: 'a response media type added',
    given: {
      openapi: [
        responses({ '200': ok({ content: json }) }),
        responses({ '200': ok({ content: { ...json, 'text/csv': {} } }) }),
      ],
    },
    want: ['response-media-type-added'],
  },
  {
    name: 'a response header removed',
    given: { openapi: [responses({ '200': ok({ headers: header() }) }), responses({ '200': ok() })] },
    want: ['response-header-removed'],
  },
  {
    name: 'a response header added',
    given: { openapi: [responses({ '200': ok() }), responses({ '200': ok({ headers: header() }) })] },
    want: ['response-header-added'],
  },
  {
    name: 'a response header became optional',
    given: {
      openapi: [
        responses({ '200': ok({ headers: header(true) }) }),
        responses({ '200': ok({ headers: header(false) }) }),
      ],
    },
    want: ['response-header-became-optional'],
  },
  {
    name: 'a response header became required',
    given: {
      openapi: [
        responses({ '200': ok({ headers: header() }) }),
        responses({ '200': ok({ headers: header(true) }) }),
      ],
    },
    want: ['response-header-became-required'],
  },
  {
    name: 'a response header’s schema is read on the response side',
    given: {
      openapi: [
        responses({ '200': ok({ headers: { 'X-Mode': { schema: { enum: ['a'] } } } }) }),
        responses({ '200': ok({ headers: { 'X-Mode': { schema: { enum: ['a', 'b'] } } } }) }),
      ],
    },
    want: ['response-enum-value-added'],
  },
];
