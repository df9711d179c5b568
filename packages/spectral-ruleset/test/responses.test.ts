import { describe, expect, it } from 'vitest';
import { lintVariant, type Spec } from './helpers.js';

const NUMBERS = '/api/v1/accounts/{accountId}/numbers';
const LIST_RESPONSES = ['paths', NUMBERS, 'get', 'responses'];

describe('svc-response-example', () => {
  it('accepts examples on the media type (example or examples) or on its schema, and responses without content', async () => {
    const found = await lintVariant('svc-response-example', (spec) => {
      const media = spec.paths[NUMBERS].get.responses['200'].content['application/json'];
      delete media.example;
      media.examples = { two: { value: { numbers: ['+14155550100', '+14155550101'] } } };
      spec.paths[NUMBERS].get.responses['404'] = { description: 'Not found.' };
      spec.components.schemas.ValidationError.example = { detail: [] };
      delete spec.components.responses.ValidationFailed.content['application/json'].example;
    });
    expect(found).toEqual([]);
  });

  it('reports a media type without example, on the media type, for operations and webhooks', async () => {
    const found = await lintVariant('svc-response-example', (spec) => {
      delete spec.paths[NUMBERS].get.responses['200'].content['application/json'].example;
      spec.webhooks.orderNotification.post.responses['200'].content = {
        'text/plain': { schema: { type: 'string' } },
      };
    });
    expect(found).toEqual([
      {
        code: 'svc-response-example',
        path: [...LIST_RESPONSES, '200', 'content', 'application/json'],
        message:
          'The 200 response (application/json) has no example: add `example` or `examples` to the media type (or `example` to its schema), so the mocks serve realistic data.',
      },
      {
        code: 'svc-response-example',
        path: ['webhooks', 'orderNotification', 'post', 'responses', '200', 'content', 'text/plain'],
        message:
          'The 200 response (text/plain) has no example: add `example` or `examples` to the media type (or `example` to its schema), so the mocks serve realistic data.',
      },
    ]);
  });

  it('reports a shared component response once, where it is written', async () => {
    const found = await lintVariant('svc-response-example', (spec) => {
      delete spec.components.responses.ValidationFailed.content['application/json'].example;
    });
    expect(found).toEqual([
      {
        code: 'svc-response-example',
        path: ['components', 'responses', 'ValidationFailed', 'content', 'application/json'],
        message:
          'The 422 response (application/json) has no example: add `example` or `examples` to the media type (or `example` to its schema), so the mocks serve realistic data.',
      },
    ]);
  });
});

function useInlineErrorResponse(spec: Spec, schema: unknown) {
  spec.paths[NUMBERS].get.responses['422'] = {
    description: 'Invalid.',
    content: { 'application/json': { schema, example: { detail: [] } } },
  };
}

describe('svc-error-schema', () => {
  it('accepts responses that $ref the declared schema, directly or through a shared response', async () => {
    const found = await lintVariant('svc-error-schema', (spec) => {
      useInlineErrorResponse(spec, { $ref: '#/components/schemas/ValidationError' });
    });
    expect(found).toEqual([]);
  });

  it('accepts the Reference Object form of x-error-schemas and a 4XX range', async () => {
    const found = await lintVariant('svc-error-schema', (spec) => {
      spec['x-error-schemas'] = { '4XX': { $ref: '#/components/schemas/ValidationError' } };
      spec.paths[NUMBERS].get.responses['404'] = { $ref: '#/components/responses/ValidationFailed' };
    });
    expect(found).toEqual([]);
  });

  it('reports an inline copy of the error schema', async () => {
    const found = await lintVariant('svc-error-schema', (spec) => {
      useInlineErrorResponse(spec, structuredClone(spec.components.schemas.ValidationError));
    });
    expect(found).toEqual([
      {
        code: 'svc-error-schema',
        path: [...LIST_RESPONSES, '422', 'content', 'application/json'],
        message:
          "The 422 response (application/json) must use the service's error schema: set `schema: {$ref: '#/components/schemas/ValidationError'}` (x-error-schemas['422']); it has an inline schema or a schema outside components.schemas.",
      },
    ]);
  });

  it('reports a $ref to another component, naming it', async () => {
    const found = await lintVariant('svc-error-schema', (spec) => {
      useInlineErrorResponse(spec, { $ref: '#/components/schemas/NumberList' });
    });
    expect(found).toEqual([
      {
        code: 'svc-error-schema',
        path: [...LIST_RESPONSES, '422', 'content', 'application/json'],
        message:
          "The 422 response (application/json) must use the service's error schema: set `schema: {$ref: '#/components/schemas/ValidationError'}` (x-error-schemas['422']); it has #/components/schemas/NumberList.",
      },
    ]);
  });

  it('reports a range-matched response without content and a media type without schema', async () => {
    const found = await lintVariant('svc-error-schema', (spec) => {
      spec['x-error-schemas']['4XX'] = '#/components/schemas/ValidationError';
      spec.paths[NUMBERS].get.responses['404'] = { description: 'Not found.' };
      spec.paths[NUMBERS].post.responses['409'] = {
        description: 'Conflict.',
        content: { 'application/json': { example: { detail: [] } } },
      };
    });
    expect(found).toEqual([
      {
        code: 'svc-error-schema',
        path: [...LIST_RESPONSES, '404'],
        message:
          "The 404 response has no content, but x-error-schemas['4XX'] says 404 responses carry #/components/schemas/ValidationError: add content with `schema: {$ref: '#/components/schemas/ValidationError'}`.",
      },
      {
        code: 'svc-error-schema',
        path: ['paths', NUMBERS, 'post', 'responses', '409', 'content', 'application/json'],
        message:
          "The 409 response (application/json) has no schema: set `schema: {$ref: '#/components/schemas/ValidationError'}` (x-error-schemas['4XX']).",
      },
    ]);
  });

  it('reports an x-error-schemas entry that does not resolve', async () => {
    const found = await lintVariant('svc-error-schema', (spec) => {
      spec['x-error-schemas']['422'] = '#/components/schemas/Missing';
    });
    expect(found).toEqual([
      {
        code: 'svc-error-schema',
        path: ['x-error-schemas', '422'],
        message:
          "x-error-schemas['422'] points to #/components/schemas/Missing, which does not resolve to a schema: point it to the error schema in components.schemas.",
      },
    ]);
  });
});

describe('svc-body-open', () => {
  it('accepts a boolean on a response, with or without content, on operations, webhooks and components', async () => {
    const found = await lintVariant('svc-body-open', (spec) => {
      spec.paths[NUMBERS].get.responses['200']['x-body-open'] = true;
      spec.paths[NUMBERS].get.responses['401'] = { description: 'Not shown.', 'x-body-open': true };
      spec.webhooks.orderNotification.post.responses['200']['x-body-open'] = false;
      spec.components.responses.ValidationFailed['x-body-open'] = true;
    });
    expect(found).toEqual([]);
  });

  it('reports a value that is not a boolean, and the key anywhere but on a response', async () => {
    const found = await lintVariant('svc-body-open', (spec) => {
      spec.paths[NUMBERS].get.responses['200']['x-body-open'] = 'yes';
      spec.paths[NUMBERS].get['x-body-open'] = true;
    });
    expect(found).toEqual([
      {
        code: 'svc-body-open',
        path: [...LIST_RESPONSES, '200', 'x-body-open'],
        message:
          '`x-body-open` must be `true` (the source shows neither whether this response has a body nor its media type) or `false`.',
      },
      {
        code: 'svc-body-open',
        path: ['paths', NUMBERS, 'get', 'x-body-open'],
        message:
          '`x-body-open` belongs on a Response Object (a status under `responses`, or a `components.responses` entry); elsewhere nothing reads it.',
      },
    ]);
  });
});

describe('svc-method-open', () => {
  it('accepts a boolean on an operation of webhooks', async () => {
    const found = await lintVariant('svc-method-open', (spec) => {
      spec.webhooks.orderNotification.post['x-method-open'] = true;
    });
    expect(found).toEqual([]);
  });

  it('reports a value that is not a boolean, and the key on an operation of paths', async () => {
    const found = await lintVariant('svc-method-open', (spec) => {
      spec.webhooks.orderNotification.post['x-method-open'] = ['GET'];
      spec.paths[NUMBERS].get['x-method-open'] = true;
    });
    expect(found).toEqual([
      {
        code: 'svc-method-open',
        path: ['paths', NUMBERS, 'get', 'x-method-open'],
        message: '`x-method-open` belongs on an Operation Object of `webhooks`; elsewhere nothing reads it.',
      },
      {
        code: 'svc-method-open',
        path: ['webhooks', 'orderNotification', 'post', 'x-method-open'],
        message:
          '`x-method-open` must be `true` (the source does not show the method this callback is sent with) or `false`.',
      },
    ]);
  });
});

describe('svc-open-response-example', () => {
  it('accepts an open response of an operation with content, and an open webhook answer without', async () => {
    const found = await lintVariant('svc-open-response-example', (spec) => {
      spec.paths[NUMBERS].get.responses['401'] = {
        description: 'Not authenticated (body not shown).',
        'x-body-open': true,
        content: { 'application/xml': { schema: { type: 'string' }, example: '<Error/>' } },
      };
      spec.webhooks.orderNotification.post.responses['200'] = {
        description: 'Received.',
        'x-body-open': true,
      };
    });
    expect(found).toEqual([]);
  });

  it('reports an open response of an operation that describes no body', async () => {
    const found = await lintVariant('svc-open-response-example', (spec) => {
      spec.paths[NUMBERS].get.responses['401'] = {
        description: 'Not authenticated (body not shown).',
        'x-body-open': true,
      };
    });
    expect(found).toEqual([
      {
        code: 'svc-open-response-example',
        path: [...LIST_RESPONSES, '401'],
        message:
          'The 401 response is open (`x-body-open`) but describes no body, so the mocks answer it empty: add `content` with a plausible media type and an example (the checker still accepts no body, or another media type).',
      },
    ]);
  });
});

describe('svc-echoes', () => {
  it('accepts entries on a response that name top-level members', async () => {
    const found = await lintVariant('svc-echoes', (spec) => {
      spec.paths[NUMBERS].get.responses['200']['x-echoes'] = [
        { request: '/tag', response: '/tag', present: true, equal: true },
        { request: '/from', response: '/owner', equal: true },
      ];
    });
    expect(found).toEqual([]);
  });

  it('reports a malformed entry, an entry that asks nothing, and the key away from a response', async () => {
    const found = await lintVariant('svc-echoes', (spec) => {
      spec.paths[NUMBERS].get.responses['200']['x-echoes'] = [
        { request: 'tag', response: '/tag', present: true },
        { request: '/tag', response: '/tag' },
      ];
      spec.components.schemas.NumberList['x-echoes'] = [];
    });
    const shape =
      '`x-echoes` must be a non-empty list of `{request, response, present?, equal?}`: two top-level members (`/tag`) of the request and response bodies, and `present: true` (the answer has it when the request does), `equal: true` (the same value), or both.';
    expect(found).toEqual([
      { code: 'svc-echoes', path: [...LIST_RESPONSES, '200', 'x-echoes', '0'], message: shape },
      { code: 'svc-echoes', path: [...LIST_RESPONSES, '200', 'x-echoes', '1'], message: shape },
      {
        code: 'svc-echoes',
        path: ['components', 'schemas', 'NumberList', 'x-echoes'],
        message:
          '`x-echoes` belongs on a Response Object (a status under `responses`, or a `components.responses` entry); elsewhere nothing reads it.',
      },
    ]);
  });
});

describe('svc-filters', () => {
  it('accepts conditions on query parameters of the operation', async () => {
    const found = await lintVariant('svc-filters', (spec) => {
      spec.paths[NUMBERS].get.responses['200']['x-filters'] = {
        items: '/numbers',
        conditions: [
          { parameter: 'countryCodeA3', field: '/country', match: 'equals' },
          { parameter: 'areaCode', field: '/areaCode', match: 'in-list' },
        ],
      };
    });
    expect(found).toEqual([]);
  });

  it('reports a malformed value or condition, an undeclared parameter, filter objects of a plain one, and the key away from a response', async () => {
    const found = await lintVariant('svc-filters', (spec) => {
      spec.paths[NUMBERS].get.responses['200']['x-filters'] = {
        items: '/numbers',
        conditions: [
          { parameter: 'countryCodeA3', field: '/country', match: 'like' },
          { parameter: 'colour', field: '/colour', match: 'equals' },
          { parameter: 'tn', element: { attribute: 'tn' }, operand: '/value', field: '/tn', match: 'equals' },
          { parameter: 'areaCode' },
        ],
      };
      spec.paths[NUMBERS].get.responses['404'] = {
        description: 'Not found.',
        'x-filters': { items: 'numbers' },
      };
      spec.components.schemas.NumberList['x-filters'] = {};
    });
    const at = [...LIST_RESPONSES, '200', 'x-filters', 'conditions'];
    expect(found).toEqual([
      {
        code: 'svc-filters',
        path: [...at, '0'],
        message: '`match` must be one of equals, contains, any-of, in-list, between, not-before, not-after.',
      },
      {
        code: 'svc-filters',
        path: [...at, '1', 'parameter'],
        message:
          '`x-filters` reads the query parameter `colour`, which the operation does not declare: add it, or fix the condition.',
      },
      {
        code: 'svc-filters',
        path: [...at, '2', 'element'],
        message:
          '`x-filters` reads filter objects (`element`) from `tn`, which is not a JSON parameter (`content`): only a JSON array holds filter objects.',
      },
      {
        code: 'svc-filters',
        path: [...at, '3'],
        message:
          'A condition without `field` and `match` compares nothing: only a filter object (`element`) may be named without them, as one the service applies but no member of an item shows.',
      },
      {
        code: 'svc-filters',
        path: [...LIST_RESPONSES, '404', 'x-filters'],
        message:
          '`x-filters` must be `{items, conditions}`: `items` a JSON pointer to the list in the body (`/runs`, or `` for a body that is the list), `conditions` a non-empty list of `{parameter, element?, operand?, field, match}`.',
      },
      {
        code: 'svc-filters',
        path: ['components', 'schemas', 'NumberList', 'x-filters'],
        message:
          '`x-filters` belongs on a Response Object (a status under `responses`, or a `components.responses` entry); elsewhere nothing reads it.',
      },
    ]);
  });
});
