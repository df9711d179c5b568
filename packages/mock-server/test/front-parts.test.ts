import {
  errorResponse,
  failureStatus,
  locOf,
  noteChosenStatus,
  type Violation,
} from '@svc-contracts/error-answers';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { describe, expect, it } from 'vitest';
import { PreferError, parsePrefer } from '../src/prefer.ts';
import { prismDocument } from '../src/prism-document.ts';

const ok = { '200': { description: 'ok' } };

describe('parsePrefer', () => {
  it("reads Prism's code, example, dynamic and seed", () => {
    expect(parsePrefer('code=404, example=campaignNotFound')).toEqual({
      code: 404,
      example: 'campaignNotFound',
    });
    expect(parsePrefer('dynamic=true; seed=7')).toEqual({ dynamic: true, seed: '7' });
    expect(parsePrefer(undefined)).toEqual({});
  });

  it('refuses a code that is not a status and a dynamic that is not a boolean', () => {
    expect(() => parsePrefer('code=abc')).toThrow(PreferError);
    expect(() => parsePrefer('code=1000')).toThrow(PreferError);
    expect(() => parsePrefer('dynamic=yes')).toThrow(PreferError);
  });
});

describe('locOf', () => {
  it('names the request part first, as FastAPI does', () => {
    expect(locOf('query:limit')).toEqual(['query', 'limit']);
    expect(locOf('query:filters/0/value')).toEqual(['query', 'filters', 0, 'value']);
    expect(locOf('header:X-SVC-ORGANIZATION-ID')).toEqual(['header', 'X-SVC-ORGANIZATION-ID']);
    expect(locOf('/to/1')).toEqual(['body', 'to', 1]);
    expect(locOf(undefined)).toEqual(['body']);
  });
});

describe('prismDocument', () => {
  const spec: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'https://x.example.com' } } }],
    paths: {
      '/orders': {
        servers: [{ url: 'https://y.example.com' }],
        post: {
          requestBody: { $ref: '#/components/requestBodies/Order' },
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/xml': { schema: { type: 'object' }, example: '<R/>' } },
            },
          },
        },
      },
      '/orders.json': { post: { requestBody: { $ref: '#/components/requestBodies/Order' }, responses: ok } },
    },
    components: {
      requestBodies: {
        Order: {
          content: {
            'application/xml': { schema: { $ref: '#/components/schemas/Order' } },
            'application/json': { schema: { $ref: '#/components/schemas/Order' } },
          },
        },
      },
      schemas: { Order: { type: 'object', required: ['SiteId'] } },
    },
  };
  const doc = prismDocument(spec) as unknown as {
    servers?: unknown;
    paths: Record<
      string,
      {
        servers?: unknown;
        post: {
          requestBody: { content: Record<string, { schema: unknown }> };
          responses: Record<string, { content: Record<string, { schema: unknown; example: unknown }> }>;
        };
      }
    >;
  };

  it('serves the declared media type, not the */* a contract accepts where the source shows none', () => {
    const open = prismDocument({
      ...spec,
      paths: {
        '/token': {
          post: {
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { example: {} }, '*/*': { example: 'a=1' } },
              },
              '400': { description: 'any', content: { '*/*': { example: 'x' } } },
            },
          },
        },
      },
    }) as unknown as { paths: Record<string, { post: { responses: Record<string, { content: object }> } }> };
    const responses = open.paths['/token']?.post.responses;
    expect(Object.keys(responses?.['200']?.content ?? {})).toEqual(['application/json']);
    expect(Object.keys(responses?.['400']?.content ?? {})).toEqual(['*/*']);
  });

  it('removes every servers list, so the mock serves the spec paths at its root', () => {
    expect(doc.servers).toBeUndefined();
    expect(doc.paths['/orders']?.servers).toBeUndefined();
  });

  it('turns XML schemas into strings (Prism accepts the body, serves the literal example) and leaves JSON alone', () => {
    const order = doc.paths['/orders']?.post;
    expect(order?.requestBody.content['application/xml']?.schema).toEqual({ type: 'string' });
    expect(order?.requestBody.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/Order',
    });
    expect(order?.responses['200']?.content['application/xml']).toEqual({
      schema: { type: 'string' },
      example: '<R/>',
    });
  });

  it('does not change the shared component or the original spec', () => {
    expect(spec.servers).toBeDefined();
    const bodies = spec.components?.requestBodies as Record<
      string,
      { content: Record<string, { schema: unknown }> }
    >;
    const shared = bodies.Order;
    expect(shared?.content['application/xml']?.schema).toEqual({ $ref: '#/components/schemas/Order' });
  });
});

describe('errorResponse', () => {
  const violations: Violation[] = [
    { rule: 'parameter-invalid', message: 'limit must be <= 100', pointer: 'query:limit' },
    { rule: 'request-body-schema', message: "must have required property 'to'", pointer: '/to' },
  ];
  const spec: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    'x-error-schemas': { '400': '#/components/schemas/TnError' },
    // A status the source states: the bodies below carry the violations and nothing else.
    'x-validation-status': 400,
    paths: {},
    components: {
      schemas: {
        TnError: { type: 'object' },
        Item: { type: 'object', required: ['loc', 'msg', 'type'] },
        List: {
          type: 'object',
          properties: { detail: { type: 'array', items: { $ref: '#/components/schemas/Item' } } },
        },
      },
      responses: {
        TnError: {
          description: 'tn',
          content: {
            'application/xml': {
              schema: { $ref: '#/components/schemas/TnError' },
              example:
                '<E><ResponseStatus><ErrorCode>400</ErrorCode><Description>old</Description></ResponseStatus></E>',
            },
          },
        },
      },
    },
  };
  const operation = (responses: Record<string, unknown>) => ({ operationId: 'x', responses });
  const json = (example: unknown, schema: unknown = {}) => ({
    description: 'e',
    content: { 'application/json': { schema, example } },
  });

  it('a list body gets one item per violation, keeping only the required fields of the example item', () => {
    const template = {
      detail: [{ loc: ['query', 'x'], msg: 'old', type: 'old', input: '500', ctx: { le: 1 } }],
    };
    const answer = errorResponse(
      spec,
      operation({ '422': json(template, { $ref: '#/components/schemas/List' }) }),
      422,
      violations,
    );
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body ?? '')).toEqual({
      detail: [
        { loc: ['query', 'limit'], msg: 'limit must be <= 100', type: 'parameter-invalid' },
        { loc: ['body', 'to'], msg: "must have required property 'to'", type: 'request-body-schema' },
      ],
    });
  });

  it('a single-message body keeps its other fields and gets a fresh request id', () => {
    const voice = errorResponse(
      spec,
      operation({ '400': json({ type: 'validation', description: 'old', id: null }) }),
      400,
      violations,
    );
    expect(JSON.parse(voice.body ?? '')).toEqual({
      type: 'validation',
      // Two messages, two sentences (they ran together before).
      description: "limit must be <= 100. must have required property 'to'",
      id: null,
    });
    const mfa = errorResponse(
      spec,
      operation({ '400': json({ error: 'old', requestId: 'r-1' }) }),
      400,
      violations,
    );
    const body = JSON.parse(mfa.body ?? '') as { error: string; requestId: string };
    expect(body.error).toContain('limit');
    expect(body.requestId).not.toBe('r-1');
  });

  it('an XML error gets the message in its Description, escaped', () => {
    const answer = errorResponse(
      spec,
      operation({ '400': { $ref: '#/components/responses/TnError' } }),
      400,
      [{ rule: 'request-body-schema', message: 'element <Order> & co' }],
    );
    expect(answer.headers['content-type']).toBe('application/xml');
    expect(answer.body).toContain(
      '<ErrorCode>400</ErrorCode><Description>element &lt;Order&gt; &amp; co</Description>',
    );
  });

  it('a status the operation does not list takes the body of x-error-schemas', () => {
    const answer = errorResponse(spec, operation({ '200': { description: 'ok' } }), 400, violations);
    expect(answer.body).toContain('<Description>limit must be &lt;= 100');
  });

  it('a documented status without a body answers without one; an unknown status gets problem+json', () => {
    expect(errorResponse(spec, operation({ '401': { description: 'no body' } }), 401, violations)).toEqual({
      status: 401,
      headers: {},
      body: undefined,
      violations,
    });
    const problem = errorResponse(spec, operation({}), 403, violations);
    expect(problem.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(problem.body ?? '')).toMatchObject({ status: 403, validation: violations });
  });
});

describe('failureStatus: the status of a refusal, from the checker violations', () => {
  const spec: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    'x-validation-status': 400,
  };
  const documented = { responses: { '401': {}, '403': {}, '415': {} } };
  const violation = (rule: string, reason?: string): Violation => ({
    rule,
    message: rule,
    ...(reason !== undefined && { reason }),
  });
  const missing = violation('security-missing');
  const notAllowed = violation('security-exclusive', 'scheme-not-allowed');

  it('only a credential of a kind the operation does not take: 403 when documented, else 401', () => {
    expect(failureStatus(spec, documented, [missing, notAllowed])).toBe(403);
    expect(failureStatus(spec, { responses: { '401': {} } }, [missing, notAllowed])).toBe(401);
  });

  it('any other credential violation is 401, whatever else the request breaks', () => {
    expect(failureStatus(spec, documented, [missing])).toBe(401);
    // A bearer token with an API key: the bearer token satisfies the operation, so no security-missing.
    expect(failureStatus(spec, documented, [notAllowed])).toBe(401);
    expect(failureStatus(spec, documented, [violation('security-exclusive', 'credentials-together')])).toBe(
      401,
    );
    expect(failureStatus(spec, documented, [missing, notAllowed, violation('unsupported-credential')])).toBe(
      401,
    );
    expect(failureStatus(spec, documented, [violation('parameter-invalid'), missing])).toBe(401);
  });

  it('a Content-Type not taken is 415 when documented, else the validation status', () => {
    expect(failureStatus(spec, documented, [violation('request-content-type')])).toBe(415);
    expect(failureStatus(spec, { responses: {} }, [violation('request-content-type')])).toBe(400);
  });

  it('everything else gets x-validation-status; without one a documented default: 400, or 422 where only 422 is listed', () => {
    expect(failureStatus(spec, documented, [violation('request-body-schema')])).toBe(400);
    const { 'x-validation-status': _, ...plain } = spec;
    expect(failureStatus(plain as OpenApiDocument, documented, [violation('parameter-invalid')])).toBe(400);
    expect(
      failureStatus(plain as OpenApiDocument, { responses: { '422': {} } }, [violation('parameter-invalid')]),
    ).toBe(422);
  });
});

describe('noteChosenStatus: a status the source does not state is said to be the mock', () => {
  const unstated: OpenApiDocument = { openapi: '3.1.0', info: { title: 't', version: '1' } };
  const operation = { responses: { '400': {} } };
  const invalid: Violation[] = [
    { rule: 'parameter-invalid', message: 'limit must be <= 100' },
    { rule: 'request-body-schema', message: "must have required property 'to'" },
  ];

  it('notes the default once, on the first violation', () => {
    const status = failureStatus(unstated, operation, invalid);
    expect(
      noteChosenStatus(unstated, operation, status, invalid).map((violation) => violation.message),
    ).toEqual([
      "limit must be <= 100 (400 is the mock's answer: the source states no status for a request that fails validation)",
      "must have required property 'to'",
    ]);
  });

  it('leaves alone a stated validation status and a refusal for credentials, even beside invalid values', () => {
    const stated = { ...unstated, 'x-validation-status': 400 };
    expect(noteChosenStatus(stated, operation, 400, invalid)).toEqual(invalid);
    const withCredentials = [...invalid, { rule: 'security-missing', message: 'no credentials' }];
    const status = failureStatus(unstated, operation, withCredentials);
    expect(status).toBe(401);
    expect(noteChosenStatus(unstated, operation, status, withCredentials)).toEqual(withCredentials);
  });
});
