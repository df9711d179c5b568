import { beforeAll, describe, expect, it } from 'vitest';
import { deref } from '../../scripts/lib/examples.ts';
import {
  createSchemaValidator,
  type SchemaIssue,
  type SchemaValidator,
} from '../../scripts/lib/schema-validator.ts';
import { bundleService, type OpenApiDocument } from '../../scripts/lib/specs.ts';

// Each rule that source 001 states for D1–D6 rejects a bad value and accepts a good one, checked against
// the bundled specs. Where the source leaves a value open, the test shows that the schema stays open.

type Node = Record<string, unknown>;
type Service = 'token' | 'messaging' | 'voice' | 'mfa';

const services: Service[] = ['token', 'messaging', 'voice', 'mfa'];
const specs = {} as Record<Service, OpenApiDocument>;
const validators = {} as Record<Service, SchemaValidator>;

beforeAll(async () => {
  for (const name of services) {
    const { spec, problems } = await bundleService(name);
    expect(problems).toEqual([]);
    specs[name] = spec;
    validators[name] = createSchemaValidator(spec, name);
  }
});

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function node(value: unknown, what: string): Node {
  if (!isNode(value)) throw new Error(`${what} is missing`);
  return value;
}

function operation(
  service: Service,
  path: string,
  method = 'post',
  group: 'paths' | 'webhooks' = 'paths',
): Node {
  const spec = specs[service];
  const item = node(deref(spec, spec[group]?.[path]), `${service} ${group} ${path}`);
  return node(deref(spec, item[method]), `${service} ${method} ${path}`);
}

function requestSchema(
  service: Service,
  path: string,
  mediaType: string,
  group: 'paths' | 'webhooks' = 'paths',
) {
  const spec = specs[service];
  const body = node(deref(spec, operation(service, path, 'post', group).requestBody), 'requestBody');
  return node(deref(spec, node(body.content, 'content')[mediaType]), mediaType).schema;
}

function responseSchema(service: Service, path: string, status: string, mediaType = 'application/json') {
  const spec = specs[service];
  const response = node(deref(spec, node(operation(service, path).responses, 'responses')[status]), status);
  return node(deref(spec, node(response.content, 'content')[mediaType]), mediaType).schema;
}

function componentSchema(name: string): unknown {
  return { $ref: `#/components/schemas/${name}` };
}

/** The issues reduced to what the assertions name: keyword and instance path. */
function issues(
  service: Service,
  schema: unknown,
  value: unknown,
): Array<Pick<SchemaIssue, 'keyword' | 'instancePath'>> {
  return validators[service]
    .validate(schema, value)
    .map(({ keyword, instancePath }) => ({ keyword, instancePath }));
}

function without<T extends Node>(value: T, key: string): Node {
  const { [key]: _removed, ...rest } = value;
  return rest;
}

const tokenPath = '/api/v1/oauth2/token';
const messagesPath = '/v2/users/{userId}/messages';
const callsPath = '/api/v2/accounts/{accountId}/calls/';
const callPath = '/api/v2/accounts/{accountId}/calls/{callId}';
const sendCodePath = '/api/v1/accounts/{accountId}/code/messaging';
const verifyPath = '/api/v1/accounts/{accountId}/code/verify';
const plainJson = 'application/json';

describe('token (D1)', () => {
  const form = 'application/x-www-form-urlencoded';
  const good = { grant_type: 'client_credentials', scope: 'voice.webrtc' };
  const token = {
    access_token: 'eyJhbGciOiJSUzI1NiJ9.eyJqdGkiOiJhYmMifQ.c2ln',
    access_token_id: 'abc',
    token_type: 'Bearer',
    expires_in: 3600,
  };

  it('accepts the client-credentials grant with scope voice.webrtc', () => {
    expect(issues('token', requestSchema('token', tokenPath, form), good)).toEqual([]);
  });

  it('rejects any other grant type', () => {
    expect(
      issues('token', requestSchema('token', tokenPath, form), { ...good, grant_type: 'password' }),
    ).toEqual([{ keyword: 'enum', instancePath: '/grant_type' }]);
  });

  it('rejects any other scope', () => {
    expect(
      issues('token', requestSchema('token', tokenPath, form), { ...good, scope: 'voice.admin' }),
    ).toEqual([{ keyword: 'enum', instancePath: '/scope' }]);
  });

  it.each(['grant_type', 'scope'])('requires %s', (field) => {
    expect(issues('token', requestSchema('token', tokenPath, form), without(good, field))).toEqual([
      { keyword: 'required', instancePath: '/' },
    ]);
  });

  it('accepts the access token response; the source does not say each field is always present', () => {
    const schema = responseSchema('token', tokenPath, '2XX');
    expect(issues('token', schema, token)).toEqual([]);
    for (const field of Object.keys(token)) {
      expect(issues('token', schema, without(token, field))).toEqual([]);
    }
  });

  it('declares the success status open (2XX, no invented 200) and no validation status', () => {
    const responses = node(operation('token', tokenPath).responses, 'responses');
    expect(Object.keys(responses)).toContain('2XX');
    expect(Object.keys(responses)).not.toContain('200');
    expect(specs.token['x-validation-status']).toBeUndefined();
    // 400 and 401 are kept for documentation, marked as not from the provider's documentation.
    for (const status of ['400', '401']) {
      expect(String(node(deref(specs.token, responses[status]), status).description)).toMatch(
        /Not from the provider's documentation/,
      );
    }
  });

  it('checks the token type, integer seconds, and a JWT in one of its two compact serializations', () => {
    const schema = responseSchema('token', tokenPath, '2XX');
    expect(issues('token', schema, { ...token, token_type: 'MAC' })).toEqual([
      { keyword: 'enum', instancePath: '/token_type' },
    ]);
    // "a JSON Web Token": RFC 7519 writes one as JWS (three parts) or JWE (five parts) compact text.
    for (const access_token of ['aGRy.cGF5bG9hZA.c2ln', 'aGRy.cGF5bG9hZA.', 'aGRy.a2V5.aXY.Y2lwaGVy.dGFn']) {
      expect(issues('token', schema, { ...token, access_token })).toEqual([]);
    }
    for (const access_token of [
      'not a jwt',
      'aGRy.cGF5bG9hZA',
      'aGRy.cGF5bG9hZA.c2ln.x',
      'aGRy.cGF5+bG9h.c2ln',
    ]) {
      expect(issues('token', schema, { ...token, access_token })).toEqual([
        { keyword: 'pattern', instancePath: '/access_token' },
      ]);
    }
    expect(issues('token', schema, { ...token, access_token: 7 })).toEqual([
      { keyword: 'type', instancePath: '/access_token' },
    ]);
    expect(issues('token', schema, { ...token, expires_in: '3600' })).toEqual([
      { keyword: 'type', instancePath: '/expires_in' },
    ]);
  });

  it('marks the operation server-side only', () => {
    expect(operation('token', tokenPath)['x-server-side-only']).toBe(true);
  });
});

describe('group messaging (D2)', () => {
  const good = {
    from: '+14155550100',
    to: ['+14155550199', '+14155550142'],
    text: 'hello',
    applicationId: 'app-1',
  };
  const message = {
    id: 'm-1',
    time: '2021-02-10T20:14:34.636Z',
    to: ['+14155550199'],
    from: '+14155550100',
    text: 'hello',
    applicationId: 'app-1',
    owner: '+14155550100',
    direction: 'out',
  };
  const schema = () => requestSchema('messaging', messagesPath, plainJson);

  it('declares the request as application/json: with or without a charset (the source states no 415)', () => {
    const body = node(deref(specs.messaging, operation('messaging', messagesPath).requestBody), 'body');
    expect(Object.keys(node(body.content, 'content'))).toEqual([plainJson]);
    expect(Object.keys(node(operation('messaging', messagesPath).responses, 'responses'))).not.toContain(
      '415',
    );
    expect(specs.messaging['x-validation-status']).toBeUndefined();
  });

  it('accepts 2048 characters of text and rejects 2049', () => {
    expect(issues('messaging', schema(), { ...good, text: 'a'.repeat(2048) })).toEqual([]);
    expect(issues('messaging', schema(), { ...good, text: 'a'.repeat(2049) })).toEqual([
      { keyword: 'maxLength', instancePath: '/text' },
    ]);
  });

  it('rejects a from number that is not E.164', () => {
    expect(issues('messaging', schema(), { ...good, from: '4155550100' })).toEqual([
      { keyword: 'pattern', instancePath: '/from' },
    ]);
  });

  it('rejects a recipient that is not E.164; the number of recipients stays open', () => {
    expect(issues('messaging', schema(), { ...good, to: ['+14155550199', '0415'] })).toEqual([
      { keyword: 'pattern', instancePath: '/to/1' },
    ]);
    expect(issues('messaging', schema(), { ...good, to: [] })).toEqual([]);
  });

  it.each(['from', 'to', 'text', 'applicationId'])('requires %s', (field) => {
    expect(issues('messaging', schema(), without(good, field))).toEqual([
      { keyword: 'required', instancePath: '/' },
    ]);
  });

  it('takes media as URLs and tag as any string, both optional', () => {
    expect(
      issues('messaging', schema(), { ...good, media: ['https://media.example.com/a.jpg'], tag: '' }),
    ).toEqual([]);
    expect(issues('messaging', schema(), { ...good, media: ['not a url'] })).toEqual([
      { keyword: 'format', instancePath: '/media/0' },
    ]);
  });

  it('accepts the 202 group message; no field is required, time is a UTC date-time, owner is open', () => {
    const accepted = responseSchema('messaging', messagesPath, '202');
    expect(issues('messaging', accepted, message)).toEqual([]);
    // "ISO 8601 UTC timestamp": any ISO 8601 form (not only RFC 3339's) with Z or a zero offset.
    for (const time of [
      '2021-02-10T20:14:34.636Z',
      '2021-02-10T20:14:34+00:00',
      '20210210T201434Z',
      '2021-02-10T20:14Z',
      '2021-041T20:14:34,5Z',
    ]) {
      expect(issues('messaging', accepted, { ...message, time })).toEqual([]);
    }
    for (const time of [
      '10/02/2021',
      '2021-02-10',
      '2021-02-10T20:14:34',
      '2021-02-10 20:14:34Z',
      '2021-02-10T15:14:34-05:00',
      '2021-02-10T21:44:34+01:30',
    ]) {
      expect(issues('messaging', accepted, { ...message, time })).toEqual([
        { keyword: 'pattern', instancePath: '/time' },
      ]);
    }
    expect(issues('messaging', accepted, { ...message, from: '14155550100' })).toEqual([
      { keyword: 'pattern', instancePath: '/from' },
    ]);
    // "the sending number": its format is not stated.
    expect(issues('messaging', accepted, { ...message, owner: '14155550100' })).toEqual([]);
    for (const field of Object.keys(message)) {
      expect(issues('messaging', accepted, without(message, field))).toEqual([]);
    }
  });

  it('holds direction to out ("out for a message sent through this operation"), and leaves it optional', () => {
    const accepted = responseSchema('messaging', messagesPath, '202');
    expect(issues('messaging', accepted, { ...message, direction: 'out' })).toEqual([]);
    for (const direction of ['in', 'something-new']) {
      expect(issues('messaging', accepted, { ...message, direction })).toEqual([
        { keyword: 'const', instancePath: '/direction' },
      ]);
    }
    expect(issues('messaging', accepted, { ...message, direction: 1 })).toEqual([
      { keyword: 'type', instancePath: '/direction' },
      { keyword: 'const', instancePath: '/direction' },
    ]);
    expect(issues('messaging', accepted, without(message, 'direction'))).toEqual([]);
  });

  it('writes the callback payload as any value ({} with its description): where the tag sits is not shown', () => {
    const callback = requestSchema('messaging', 'messageCallback', 'application/json', 'webhooks');
    const written = deref(specs.messaging, callback) as object;
    expect(Object.keys(written).filter((key) => key !== 'title' && key !== 'description')).toEqual([]);
    for (const payload of [{ tag: 't', anything: { else: true } }, { tag: 7 }, [{ tag: 1 }], 'x', null]) {
      expect(issues('messaging', callback, payload), JSON.stringify(payload)).toEqual([]);
    }
  });
});

describe('voice (D3, D4)', () => {
  const good = {
    from: '+14155550100',
    to: '+14155550199',
    answerUrl: 'https://app.example.com/answer',
    applicationId: 'app-1',
  };
  const create = () => requestSchema('voice', callsPath, plainJson);
  const modify = () => requestSchema('voice', callPath, plainJson);

  it('declares both requests as application/json, with or without a charset, and keeps the documented 415', () => {
    // The source sends `application/json; charset=utf-8`; its 415 ("Content type <type> not supported")
    // does not show that JSON without the charset parameter is a type not supported.
    for (const path of [callsPath, callPath]) {
      const body = node(deref(specs.voice, operation('voice', path).requestBody), 'body');
      expect(Object.keys(node(body.content, 'content'))).toEqual([plainJson]);
      expect(Object.keys(node(operation('voice', path).responses, 'responses'))).toContain('415');
    }
  });

  it('accepts http and https answer URLs and rejects ftp', () => {
    for (const answerUrl of [
      'http://app.example.com/a',
      'https://app.example.com/a',
      'HTTPS://app.example.com/a',
    ]) {
      expect(issues('voice', create(), { ...good, answerUrl })).toEqual([]);
    }
    expect(issues('voice', create(), { ...good, answerUrl: 'ftp://files.example.com/a' })).toEqual([
      { keyword: 'pattern', instancePath: '/answerUrl' },
    ]);
  });

  it('accepts answerMethod POST and GET and rejects PUT', () => {
    expect(issues('voice', create(), { ...good, answerMethod: 'POST' })).toEqual([]);
    expect(issues('voice', create(), { ...good, answerMethod: 'GET' })).toEqual([]);
    expect(issues('voice', create(), { ...good, answerMethod: 'PUT' })).toEqual([
      { keyword: 'enum', instancePath: '/answerMethod' },
    ]);
  });

  it('rejects from and to numbers that are not E.164', () => {
    expect(issues('voice', create(), { ...good, from: '+0123' })).toEqual([
      { keyword: 'pattern', instancePath: '/from' },
    ]);
    expect(issues('voice', create(), { ...good, to: '4155550199' })).toEqual([
      { keyword: 'pattern', instancePath: '/to' },
    ]);
  });

  it.each(['from', 'to', 'answerUrl', 'applicationId'])('requires %s', (field) => {
    expect(issues('voice', create(), without(good, field))).toEqual([
      { keyword: 'required', instancePath: '/' },
    ]);
  });

  it('records that tag has a maximum without inventing its value', () => {
    const tag = node(
      node(
        node(specs.voice.components?.schemas?.CreateCallRequest, 'CreateCallRequest').properties,
        'properties',
      ).tag,
      'tag',
    );
    expect(tag['x-bound-not-shown']).toEqual(['maxLength']);
    expect(tag).not.toHaveProperty('maxLength');
    expect(issues('voice', create(), { ...good, tag: 'x'.repeat(10_000) })).toEqual([]);
    expect(issues('voice', create(), { ...good, tag: 1 })).toEqual([
      { keyword: 'type', instancePath: '/tag' },
    ]);
  });

  it('accepts state completed and rejects any other state or none', () => {
    expect(issues('voice', modify(), { state: 'completed' })).toEqual([]);
    expect(issues('voice', modify(), { state: 'active' })).toEqual([
      { keyword: 'enum', instancePath: '/state' },
    ]);
    expect(issues('voice', modify(), {})).toEqual([{ keyword: 'required', instancePath: '/' }]);
  });

  it('VoiceError: id is a string or null, never a number', () => {
    const error = componentSchema('VoiceError');
    const body = { type: 'validation', description: 'Bad Request' };
    expect(issues('voice', error, { ...body, id: null })).toEqual([]);
    expect(issues('voice', error, { ...body, id: '' })).toEqual([]);
    expect(issues('voice', error, { ...body, id: 42 })).toEqual([{ keyword: 'type', instancePath: '/id' }]);
    expect(issues('voice', error, body)).toEqual([{ keyword: 'required', instancePath: '/' }]);
  });

  it.each([
    ['400', 'validation'],
    ['401', 'authentication-error'],
    ['403', 'authorization-error'],
    ['404', 'validation'],
    ['405', 'validation'],
    ['409', 'validation'],
    ['415', 'validation'],
    ['429', 'error'],
    ['500', 'internal-error'],
    ['503', 'system-overloaded'],
  ])('status %s answers type %s and no other', (status, type) => {
    const schema = responseSchema('voice', callPath, status);
    expect(issues('voice', schema, { type, description: 'x', id: null })).toEqual([]);
    const other = type === 'validation' ? 'internal-error' : 'validation';
    expect(issues('voice', schema, { type: other, description: 'x', id: null })).toEqual([
      { keyword: 'const', instancePath: '/type' },
    ]);
  });

  it('keeps the success bodies and the Disconnect event payload open, with string pai and identity', () => {
    for (const value of [{ callId: 'c-1' }, {}, 'text']) {
      expect(issues('voice', responseSchema('voice', callsPath, '2XX'), value)).toEqual([]);
    }
    const event = requestSchema('voice', 'disconnectEvent', 'application/json', 'webhooks');
    expect(
      issues('voice', event, { pai: '<sip:+14155550100@example.com>', identity: 'x', cause: 'y' }),
    ).toEqual([]);
    expect(issues('voice', event, { pai: 1 })).toEqual([{ keyword: 'type', instancePath: '/pai' }]);
  });
});

describe('verification (D5, D6)', () => {
  const send = () => requestSchema('mfa', sendCodePath, 'application/json');
  const verify = () => requestSchema('mfa', verifyPath, 'application/json');
  const good = { to: '+14155550199', from: '+14155550100', digits: 6, message: 'Your code is {CODE}' };

  it('requires the {CODE} placeholder in message', () => {
    expect(issues('mfa', send(), good)).toEqual([]);
    for (const message of ['Your code is CODE', 'Your code is {code}']) {
      expect(issues('mfa', send(), { ...good, message })).toEqual([
        { keyword: 'pattern', instancePath: '/message' },
      ]);
    }
  });

  it('rejects a from number that is not E.164 but leaves to open', () => {
    expect(issues('mfa', send(), { ...good, from: '4155550100' })).toEqual([
      { keyword: 'pattern', instancePath: '/from' },
    ]);
    expect(issues('mfa', send(), { ...good, to: '4155550199' })).toEqual([]);
  });

  it('requires to in both bodies and nothing else', () => {
    expect(issues('mfa', send(), without(good, 'to'))).toEqual([{ keyword: 'required', instancePath: '/' }]);
    expect(issues('mfa', verify(), { code: '123456' })).toEqual([{ keyword: 'required', instancePath: '/' }]);
    expect(issues('mfa', send(), { to: '+14155550199' })).toEqual([]);
    expect(issues('mfa', verify(), { to: '+14155550199' })).toEqual([]);
  });

  it('types digits and expirationTimeInMinutes as integers', () => {
    expect(issues('mfa', send(), { ...good, digits: '6' })).toEqual([
      { keyword: 'type', instancePath: '/digits' },
    ]);
    expect(issues('mfa', verify(), { to: '+14155550199', expirationTimeInMinutes: 2.5 })).toEqual([
      { keyword: 'type', instancePath: '/expirationTimeInMinutes' },
    ]);
  });

  it('accepts the verify body as JSON text with text/plain;charset=UTF-8', () => {
    const text = node(requestSchema('mfa', verifyPath, 'text/plain;charset=UTF-8'), 'text schema');
    const component = node(deref(specs.mfa, text), 'VerifyCodeRequestText');
    expect(component.type).toBe('string');
    expect(component.contentMediaType).toBe('application/json');
    const content = component.contentSchema;
    expect(issues('mfa', content, JSON.parse('{"to":"+14155550199","code":"123456"}'))).toEqual([]);
    expect(issues('mfa', content, JSON.parse('{"code":"123456"}'))).toEqual([
      { keyword: 'required', instancePath: '/' },
    ]);
    expect(issues('mfa', text, { to: '+14155550199' })).toEqual([{ keyword: 'type', instancePath: '/' }]);
  });

  it('has one error body shape per status: error+requestId, message, Message', () => {
    const withRequestId = { error: 'Missing required field: to', requestId: 'r-1' };
    for (const [path, status] of [
      [sendCodePath, '400'],
      [verifyPath, '429'],
      [verifyPath, '500'],
    ] as const) {
      expect(issues('mfa', responseSchema('mfa', path, status), withRequestId)).toEqual([]);
      expect(issues('mfa', responseSchema('mfa', path, status), { error: 'x' })).toEqual([
        { keyword: 'required', instancePath: '/' },
      ]);
    }
    expect(issues('mfa', responseSchema('mfa', verifyPath, '401'), { message: 'Unauthorized' })).toEqual([]);
    expect(issues('mfa', responseSchema('mfa', verifyPath, '401'), { Message: 'Unauthorized' })).toEqual([
      { keyword: 'required', instancePath: '/' },
    ]);
    expect(issues('mfa', responseSchema('mfa', verifyPath, '403'), { Message: 'Forbidden' })).toEqual([]);
    expect(issues('mfa', responseSchema('mfa', verifyPath, '403'), { message: 'Forbidden' })).toEqual([
      { keyword: 'required', instancePath: '/' },
    ]);
  });

  it('declares 429 on verify only', () => {
    expect(Object.keys(node(operation('mfa', verifyPath).responses, 'responses'))).toContain('429');
    expect(Object.keys(node(operation('mfa', sendCodePath).responses, 'responses'))).not.toContain('429');
  });
});

// Document-level rules of specs/README.md for these four services, until the Spectral ruleset lands.
const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function conventionProblems(spec: OpenApiDocument): string[] {
  const problems: string[] = [];
  const prefix = spec['x-version-prefix'];
  const errorSchemas = (spec['x-error-schemas'] ?? {}) as Record<string, string>;
  for (const [group, items] of [
    ['paths', spec.paths ?? {}],
    ['webhooks', spec.webhooks ?? {}],
  ] as const) {
    for (const [key, rawItem] of Object.entries(items)) {
      if (group === 'paths' && (typeof prefix !== 'string' || !key.startsWith(`${prefix}/`))) {
        problems.push(`${key}: does not start with x-version-prefix`);
      }
      const item = node(deref(spec, rawItem), key);
      for (const method of httpMethods) {
        const op = deref(spec, item[method]);
        if (!isNode(op)) continue;
        const at = `${group} ${key} ${method}`;
        if (typeof op.operationId !== 'string' || !/^[a-z][a-zA-Z0-9]*$/.test(op.operationId)) {
          problems.push(`${at}: operationId`);
        }
        if (!Array.isArray(op.security)) problems.push(`${at}: no explicit security`);
        if (typeof op['x-source'] !== 'string') problems.push(`${at}: no x-source`);
        if (!Array.isArray(op.tags) || op.tags.length === 0) problems.push(`${at}: no tag`);
        for (const [status, rawResponse] of Object.entries(isNode(op.responses) ? op.responses : {})) {
          const response = node(deref(spec, rawResponse), status);
          for (const [mediaType, rawMedia] of Object.entries(
            isNode(response.content) ? response.content : {},
          )) {
            const media = node(deref(spec, rawMedia), mediaType);
            if (!('example' in media) && !isNode(media.examples))
              problems.push(`${at} ${status}: no example`);
            const expected = errorSchemas[status];
            const schema = media.schema;
            if (expected !== undefined && (!isNode(schema) || schema.$ref !== expected)) {
              problems.push(`${at} ${status}: schema is not ${expected}`);
            }
          }
        }
      }
    }
  }
  for (const pointer of Object.values(errorSchemas)) {
    if (deref(spec, { $ref: pointer }) === undefined)
      problems.push(`x-error-schemas: ${pointer} does not resolve`);
  }
  return problems;
}

describe('document conventions', () => {
  it.each(services)('%s follows the conventions', (service) => {
    expect(conventionProblems(specs[service])).toEqual([]);
  });

  it('reports a response that strays from x-error-schemas, a missing example and a missing prefix', () => {
    const broken = structuredClone(specs.voice);
    broken['x-error-schemas'] = {
      ...(broken['x-error-schemas'] as object),
      '401': '#/components/schemas/VoiceError',
    };
    broken['x-version-prefix'] = '/api/v3';
    const unauthorized = node(
      node(broken.components?.responses?.Unauthorized, 'Unauthorized').content,
      'content',
    );
    delete node(unauthorized['application/json'], 'media').examples;
    const problems = conventionProblems(broken);
    expect(problems).toContain(`paths ${callsPath} post 401: schema is not #/components/schemas/VoiceError`);
    expect(problems).toContain(`paths ${callsPath} post 401: no example`);
    expect(problems).toContain(`${callsPath}: does not start with x-version-prefix`);
  });
});

// Every message of the voice error table is a named example under its status, so a mock can serve it.
const voiceExamples: Record<string, Record<string, string[]>> = {
  [callsPath]: {
    '400': [
      'badRequest',
      'invalidTo',
      'invalidFrom',
      'missingRequiredField',
      'valueOutOfRange',
      'tagTooLong',
      'invalidAnswerUrl',
      'invalidAnswerMethod',
      'applicationNotFound',
      'somethingWrong',
    ],
    '404': ['pathNotFound'],
  },
  [callPath]: {
    '400': ['badRequest', 'somethingWrong'],
    '404': ['callNotFound', 'pathNotFound'],
    '409': ['callNotModifiable'],
  },
};
const sharedVoiceExamples: Record<string, string[]> = {
  '401': ['unauthorized', 'invalidCredentials', 'invalidBasicAuthToken', 'undecodableBasicAuthToken'],
  '403': ['forbidden', 'accessDenied'],
  '405': ['methodNotAllowed'],
  '415': ['unsupportedMediaType', 'contentTypeNotSupported'],
  '429': ['rateLimitExceeded'],
  '500': ['internalServerError', 'unknownInternalError'],
  '503': ['tooManyRequests', 'tooManyConcurrentCalls'],
};

function exampleNames(spec: OpenApiDocument, path: string, status: string): string[] {
  const item = node(deref(spec, spec.paths?.[path]), path);
  const responses = node(node(deref(spec, item.post), 'post').responses, 'responses');
  if (!(status in responses)) return [];
  const response = node(deref(spec, responses[status]), status);
  const media = node(deref(spec, node(response.content, 'content')['application/json']), 'media');
  return Object.keys(isNode(media.examples) ? media.examples : {});
}

describe('voice error messages as named examples', () => {
  it.each([callsPath, callPath])('%s has every documented message of its statuses', (path) => {
    const expected = { ...sharedVoiceExamples, ...voiceExamples[path] };
    for (const [status, names] of Object.entries(expected)) {
      expect(exampleNames(specs.voice, path, status).sort(), `${path} ${status}`).toEqual([...names].sort());
    }
  });

  it('declares 409 on modify only', () => {
    expect(exampleNames(specs.voice, callsPath, '409')).toEqual([]);
    expect(exampleNames(specs.voice, callPath, '409')).toEqual(['callNotModifiable']);
  });
});
