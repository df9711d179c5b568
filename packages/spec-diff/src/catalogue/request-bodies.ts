import type { CheckSpec } from './types.js';

/** Request bodies and their media types. Their schemas are schema checks on the request side. */
export const requestBodyChecks = {
  'request-body-removed': {
    level: 'breaking',
    direction: 'request',
    reads: 'paths.*.<method>.requestBody',
    doc: 'The request body is gone: clients sending one are refused.',
  },
  'request-body-added-required': {
    level: 'breaking',
    direction: 'request',
    reads: 'paths.*.<method>.requestBody.required',
    doc: 'A required request body where there was none: existing calls lack it.',
    oasdiff: 'request-body-added-required',
  },
  'request-body-added-optional': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'paths.*.<method>.requestBody',
    doc: 'An optional request body where there was none.',
    oasdiff: 'request-body-added-optional',
  },
  'request-body-became-required': {
    level: 'breaking',
    direction: 'request',
    reads: 'paths.*.<method>.requestBody.required',
    doc: 'The request body became required: calls without one are refused.',
    oasdiff: 'request-body-became-required',
  },
  'request-body-became-optional': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'paths.*.<method>.requestBody.required',
    doc: 'The request body became optional.',
    oasdiff: 'request-body-became-optional',
  },
  'request-media-type-removed': {
    level: 'breaking',
    direction: 'request',
    reads: 'paths.*.<method>.requestBody.content.*',
    doc: 'A request media type is gone: clients sending it get 415.',
    oasdiff: 'request-body-media-type-removed',
  },
  'request-media-type-added': {
    level: 'not-breaking',
    direction: 'request',
    reads: 'paths.*.<method>.requestBody.content.*',
    doc: 'A new request media type the client may send.',
    oasdiff: 'request-body-media-type-added',
  },
} as const satisfies Record<string, CheckSpec>;
