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
  ...linkRows(),
  ...encodingRows('response'),
];

function linkRows(): Row[] {
  const linked = (links: Record<string, unknown>) => responses({ '200': ok({ links }) });
  const toItem = (parameters: Record<string, string> = { id: '$response.body#/id' }) => ({
    operationId: 'getItem',
    parameters,
  });
  return [
    {
      name: 'a response link removed',
      given: { openapi: [linked({ item: toItem() }), linked({})] },
      want: ['response-link-removed'],
    },
    {
      name: 'a response link passes another value',
      given: {
        openapi: [linked({ item: toItem() }), linked({ item: toItem({ id: '$response.body#/sid' }) })],
      },
      want: ['response-link-changed'],
    },
    {
      name: 'a response link added',
      given: { openapi: [linked({}), linked({ item: toItem() })] },
      want: ['response-link-added'],
    },
    {
      name: 'a response link whose description changed only',
      given: {
        openapi: [linked({ item: toItem() }), linked({ item: { ...toItem(), description: 'the item' } })],
      },
      want: ['documentation-changed'],
    },
  ];
}

/** multipart/form-data and form bodies with their `encoding`, on the side given (both tables call it). */
export function encodingRows(side: 'request' | 'response'): Row[] {
  const schema = {
    type: 'object',
    properties: {
      file: { type: 'string', format: 'binary' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  };
  const on = (type: string, encoding?: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
    const content = {
      [type]: {
        schema: { ...schema, properties: { ...schema.properties, ...extra } },
        ...(encoding ? { encoding } : {}),
      },
    };
    return side === 'request'
      ? operation({ requestBody: { required: true, content } })
      : operation({ responses: { '200': { description: 'ok', content } } });
  };
  const multipart = (encoding?: Record<string, unknown>) => on('multipart/form-data', encoding);
  const form = (encoding?: Record<string, unknown>) => on('application/x-www-form-urlencoded', encoding);
  return [
    {
      name: `a multipart part takes fewer content types (${side})`,
      given: {
        openapi: [
          multipart({ file: { contentType: 'image/png, image/jpeg' } }),
          multipart({ file: { contentType: 'image/png' } }),
        ],
      },
      want: [`${side}-encoding-narrowed`],
    },
    {
      name: `a multipart part may come in more content types (${side})`,
      given: {
        openapi: [
          multipart({ file: { contentType: 'image/png' } }),
          multipart({ file: { contentType: 'image/png, image/jpeg' } }),
        ],
      },
      want: [`${side}-encoding-widened`],
    },
    {
      name: `a multipart encoding that writes the default content type: no change (${side})`,
      given: { openapi: [multipart(), multipart({ file: { contentType: 'application/octet-stream' } })] },
      want: [],
    },
    {
      name: `a multipart part needs a new header (${side})`,
      given: {
        openapi: [
          multipart(),
          multipart({ file: { headers: { 'X-Checksum': { required: true, schema: { type: 'string' } } } } }),
        ],
      },
      want: [`${side}-encoding-narrowed`],
    },
    {
      name: `a form part written exploded no more (${side})`,
      given: { openapi: [form(), form({ tags: { explode: false } })] },
      want: [`${side}-encoding-changed`],
    },
    {
      name: `a form property added with its encoding: the property only (${side})`,
      given: {
        openapi: [
          form(),
          on(
            'application/x-www-form-urlencoded',
            { pin: { style: 'deepObject', explode: true } },
            {
              pin: { type: 'object', properties: { number: { type: 'string' } } },
            },
          ),
        ],
      },
      want: [`${side}-property-added`],
    },
    {
      name: `a scalar form property written deepObject: a single value reads the same (${side})`,
      given: {
        openapi: [
          on('application/x-www-form-urlencoded', undefined, { url: { type: 'string' } }),
          on(
            'application/x-www-form-urlencoded',
            { url: { style: 'deepObject', explode: true } },
            {
              url: { type: 'string' },
            },
          ),
        ],
      },
      want: [],
    },
    {
      name: `style and explode written as their defaults: no change (${side})`,
      given: { openapi: [form(), form({ tags: { style: 'form', explode: true } })] },
      want: [],
    },
  ];
}
