import { encodingRows } from './responses.js';
import { operation, type Row } from './table.js';

const body = (required: boolean, ...types: string[]) => ({
  requestBody: {
    required,
    content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'object' } }])),
  },
});

export const requestBodyRows: Row[] = [
  {
    name: 'request body removed',
    given: { openapi: [operation(body(false, 'application/json')), operation({})] },
    want: ['request-body-removed'],
  },
  {
    name: 'required request body added',
    given: { openapi: [operation({}), operation(body(true, 'application/json'))] },
    want: ['request-body-added-required'],
  },
  {
    name: 'optional request body added',
    given: { openapi: [operation({}), operation(body(false, 'application/json'))] },
    want: ['request-body-added-optional'],
  },
  {
    name: 'request body became required',
    given: {
      openapi: [operation(body(false, 'application/json')), operation(body(true, 'application/json'))],
    },
    want: ['request-body-became-required'],
  },
  {
    name: 'request body became optional',
    given: {
      openapi: [operation(body(true, 'application/json')), operation(body(false, 'application/json'))],
    },
    want: ['request-body-became-optional'],
  },
  {
    name: 'request media type removed',
    given: {
      openapi: [
        operation(body(true, 'application/json', 'application/xml')),
        operation(body(true, 'application/json')),
      ],
    },
    want: ['request-media-type-removed'],
  },
  {
    name: 'request media type added',
    given: {
      openapi: [
        operation(body(true, 'application/json')),
        operation(body(true, 'application/json', 'application/xml')),
      ],
    },
    want: ['request-media-type-added'],
  },
  {
    name: 'a media type’s parameters changed (charset dropped): removed and added, and its schema still compared',
    given: {
      openapi: [
        operation({
          requestBody: {
            content: { 'application/json; charset=utf-8': { schema: { type: 'string', maxLength: 9 } } },
          },
        }),
        operation({
          requestBody: { content: { 'application/json': { schema: { type: 'string', maxLength: 5 } } } },
        }),
      ],
    },
    want: ['request-media-type-removed', 'request-media-type-added', 'request-bound-tightened'],
  },
  ...encodingRows('request'),
];
