import { fileURLToPath } from 'node:url';
import { bundleSpecs, listServices as servicesFromConfig } from '@svc-contracts/contract-model';
import {
  deref,
  httpMethods,
  isObject,
  type JsonObject,
  type OpenApiDocument,
} from '@svc-contracts/openapi-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractSet,
  loadContracts,
  type RecordedRequest,
  type RecordedResponse,
  scoreMutants,
  type Violation,
} from '../src/index.js';

// The repository's own specs, as they are written: they must load without problems, the documented
// matching cases must hold, and an exchange built from each operation's examples must pass the checker.
const configPath = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));
const basicCredentials = `Basic ${Buffer.from('user:password').toString('base64')}`;

/** A POST with Basic credentials and its answer, checked against one service. */
function checkPost(
  service: string,
  path: string,
  request: { type: string; body: string },
  response: { status: number; type: string; body: string },
) {
  return contracts.checkExchange(
    {
      method: 'POST',
      url: `http://h${path}`,
      headers: [
        { name: 'Authorization', value: basicCredentials },
        { name: 'Content-Type', value: request.type },
      ],
      body: request.body,
    },
    {
      status: response.status,
      headers: [{ name: 'Content-Type', value: response.type }],
      body: response.body,
    },
    { service },
  );
}

let contracts: ContractSet;
let documents: Array<{ name: string; document: OpenApiDocument }>;
beforeAll(async () => {
  contracts = await loadContracts({ configPath });
  const { specs } = await bundleSpecs(servicesFromConfig(configPath), { configPath });
  documents = specs.map((spec) => ({ name: spec.name, document: spec.document }));
});
afterAll(() => contracts?.close());

/** The repository's specs are always there: a service missing from them fails the test that needs it. */
function need(service: string): void {
  expect(contracts.services, `redocly.yaml lists no ${service} service`).toContain(service);
}

function firstExample(doc: OpenApiDocument, holder: unknown): unknown {
  if (!isObject(holder)) return undefined;
  if ('example' in holder) return holder.example;
  const [first] = Object.values(isObject(holder.examples) ? holder.examples : {});
  const example = deref(doc, first);
  return isObject(example) ? example.value : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One request per operation from its examples, and one response per documented status. */
function exampleExchanges(
  doc: OpenApiDocument,
): Array<{ label: string; request: RecordedRequest; response: RecordedResponse }> {
  const exchanges: Array<{ label: string; request: RecordedRequest; response: RecordedResponse }> = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!isObject(item)) continue;
    for (const method of httpMethods) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      let url = path;
      const query: string[] = [];
      const headers: RecordedRequest['headers'] = [];
      const parameters = [
        ...(Array.isArray(item.parameters) ? item.parameters : []),
        ...(Array.isArray(operation.parameters) ? operation.parameters : []),
      ];
      for (const raw of parameters) {
        const parameter = deref(doc, raw) as JsonObject;
        const content = isObject(parameter.content) ? Object.values(parameter.content)[0] : undefined;
        const value =
          firstExample(doc, parameter) ??
          firstExample(doc, content) ??
          (isObject(parameter.schema) ? parameter.schema.example : undefined) ??
          1;
        if (parameter.in === 'path')
          url = url.replace(`{${String(parameter.name)}}`, encodeURIComponent(text(value)));
        if (parameter.in === 'query' && parameter.required === true)
          query.push(`${String(parameter.name)}=${encodeURIComponent(text(value))}`);
        if (parameter.in === 'header') headers.push({ name: String(parameter.name), value: text(value) });
      }
      const security = (
        Array.isArray(operation.security)
          ? operation.security
          : Array.isArray(doc.security)
            ? doc.security
            : []
      )[0];
      for (const name of Object.keys(isObject(security) ? security : {})) {
        const scheme = ((doc.components?.securitySchemes ?? {}) as JsonObject)[name] as JsonObject;
        if (scheme.type === 'http' && scheme.scheme === 'basic')
          headers.push({ name: 'Authorization', value: basicCredentials });
        else if (scheme.type === 'http')
          headers.push({ name: 'Authorization', value: 'Bearer example-token' });
        else if (scheme.type === 'apiKey') headers.push({ name: String(scheme.name), value: '17' });
      }
      const request: RecordedRequest = {
        method: method.toUpperCase(),
        url: `http://localhost:4010${url}${query.length > 0 ? `?${query.join('&')}` : ''}`,
        headers,
      };
      const body = deref(doc, operation.requestBody);
      if (isObject(body) && isObject(body.content)) {
        const [contentType, media] = Object.entries(body.content)[0] ?? [];
        const value = firstExample(doc, media);
        if (contentType && value !== undefined) {
          headers.push({ name: 'Content-Type', value: contentType });
          request.body = contentType.includes('form')
            ? new URLSearchParams(value as Record<string, string>).toString()
            : text(value);
        }
      }
      for (const [status, raw] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
        const declared = deref(doc, raw) as JsonObject;
        const code = status === 'default' ? 599 : Number(status.replace(/XX$/i, '99'));
        const response: RecordedResponse = { status: code, headers: [], body: '' };
        if (isObject(declared.content)) {
          const [contentType, media] = Object.entries(declared.content)[0] ?? [];
          const value = firstExample(doc, media);
          if (contentType && value !== undefined) {
            response.headers.push({ name: 'Content-Type', value: contentType });
            response.body = text(value);
          } else delete response.body;
        }
        for (const [name, rawHeader] of Object.entries(isObject(declared.headers) ? declared.headers : {})) {
          const header = deref(doc, rawHeader) as JsonObject;
          const value = header.example ?? (isObject(header.schema) ? header.schema.example : undefined);
          if (value !== undefined) response.headers.push({ name, value: String(value) });
        }
        exchanges.push({ label: `${method.toUpperCase()} ${path} ${status}`, request, response });
      }
    }
  }
  return exchanges;
}

describe('the repository specs', () => {
  it('load and compile without problems', () => {
    expect(contracts.problems).toEqual([]);
    expect(contracts.services.length).toBeGreaterThan(0);
  });

  it('every example exchange passes the checker', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { name, document } of documents) {
      for (const exchange of exampleExchanges(document)) {
        checked++;
        const verdict = await contracts.checkExchange(exchange.request, exchange.response, { service: name });
        if (verdict.verdict !== 'conforms') {
          failures.push(
            `${name} ${exchange.label}: ${verdict.verdict} ${verdict.violations.map((violation) => `${violation.rule} ${violation.message}`).join('; ')}`,
          );
        }
      }
    }
    // Not an empty pass: every service's operations were built into exchanges and checked.
    expect(documents.map(({ name }) => name).sort()).toEqual([...contracts.services].sort());
    expect(checked).toBeGreaterThan(documents.length);
    expect(failures).toEqual([]);
  });

  it('every mutant of a passing example exchange is rejected', async () => {
    const passing = [];
    for (const { name, document } of documents) {
      for (const exchange of exampleExchanges(document)) {
        const verdict = await contracts.checkExchange(exchange.request, exchange.response, { service: name });
        if (verdict.verdict === 'violation') continue;
        passing.push({ ...exchange, requestConforms: verdict.verdict === 'conforms', file: name });
      }
    }
    const report = await scoreMutants(passing, contracts);
    expect(report.mutants).toBeGreaterThan(0);
    expect(
      report.services.flatMap((service) =>
        service.survivors.map(
          (survivor) => `${survivor.file} ${survivor.operationId}: ${survivor.description}`,
        ),
      ),
    ).toEqual([]);
  });

  it('agents: the URL path decides the operation, literal before template', () => {
    need('agents');
    expect(contracts.match('GET', 'http://host:4010/api/v1/workflow/fetch/42')?.operationId).toBe('getAgent');
    expect(contracts.match('GET', 'http://host:4010/api/v1/workflow/fetch')?.operationId).toBe('listAgents');
  });

  it('voice: create keeps its documented trailing slash; the slash-less spelling is an alias (x-path-aliases)', () => {
    need('voice');
    const documented = contracts.match('POST', 'http://h/api/v2/accounts/1/calls/');
    expect(documented?.operationId).toBe('createCall');
    expect(documented?.pathAlias).toBeUndefined();
    expect(contracts.match('POST', 'http://h/api/v2/accounts/1/calls')).toMatchObject({
      operationId: 'createCall',
      pathAlias: '/api/v2/accounts/{accountId}/calls',
    });
    expect(contracts.match('POST', 'http://h/api/v2/accounts/1/calls/c-1/')).toBeUndefined();
  });

  it('numbers: a document without an XSD (x-xsd: false) must still be well-formed XML', async () => {
    need('numbers');
    // The create operation of the tns (the source shows no method for the update one).
    const put = (body: string) =>
      contracts.checkRequest(
        {
          method: 'POST',
          url: 'http://h/api/v2/accounts/1/sites/2/sippeers/3/tns',
          headers: [
            { name: 'Authorization', value: basicCredentials },
            { name: 'Content-Type', value: 'application/xml' },
          ],
          body,
        },
        { service: 'numbers' },
      );
    expect((await put('<SipPeerTelephoneNumber/>')).violations).toEqual([]);
    const broken = await put('<SipPeerTelephoneNumber><Open></SipPeerTelephoneNumber>');
    expect(broken.violations.map((violation) => violation.rule)).toEqual(['request-body-unparseable']);
  });

  describe('token: access_token_id must be the jti claim of a readable access token (x-jwt-claims)', () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const jwt = (claims: object) => `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.c2ln`;
    /** `given` the answer's fields beside token_type and expires_in; `want` each violation's rule, pointer (and message). */
    const rows: Array<{ name: string; given: object; want: string[][] }> = [
      {
        name: 'the jti claim of the access token',
        given: { access_token: jwt({ jti: 'abc' }), access_token_id: 'abc' },
        want: [],
      },
      {
        name: 'another id than the jti claim',
        given: { access_token: jwt({ jti: 'abc' }), access_token_id: 'xyz' },
        want: [
          [
            'response-body-schema',
            '/access_token_id',
            '/access_token_id "xyz" is not the jti claim of /access_token ("abc") (x-jwt-claims)',
          ],
        ],
      },
      // Nothing to compare: a masked token, an encrypted one (five parts), no jti, no access_token_id.
      {
        name: 'a masked token: nothing to compare',
        given: { access_token: 'REDACTED.REDACTED.REDACTED', access_token_id: 'xyz' },
        want: [],
      },
      {
        name: 'an encrypted token (five parts): nothing to compare',
        given: { access_token: 'aGVhZGVy.a2V5.aXY.Y2lwaGVy.dGFn', access_token_id: 'xyz' },
        want: [],
      },
      {
        name: 'a token without jti: nothing to compare',
        given: { access_token: jwt({ sub: 'someone' }), access_token_id: 'xyz' },
        want: [],
      },
      {
        name: 'no access_token_id: nothing to compare',
        given: { access_token: jwt({ jti: 'abc' }) },
        want: [],
      },
      {
        name: 'a JWT is one of the two compact serializations: anything else fails the pattern',
        given: { access_token: 'opaque-token-value' },
        want: [['response-body-schema', '/access_token']],
      },
    ];

    it.each(rows)('$name', async ({ given, want }) => {
      need('token');
      const answer = await checkPost(
        'token',
        '/api/v1/oauth2/token',
        {
          type: 'application/x-www-form-urlencoded',
          body: 'grant_type=client_credentials&scope=voice.webrtc',
        },
        {
          status: 200,
          type: 'application/json',
          body: JSON.stringify({ token_type: 'Bearer', expires_in: 3600, ...given }),
        },
      );
      expect(
        answer.violations.map((violation, at) =>
          [violation.rule, violation.pointer, violation.message].slice(0, want[at]?.length ?? 3),
        ),
      ).toEqual(want);
    });
  });

  it('messaging: the answer carries the tag and media sent, and owner is the from (x-echoes)', async () => {
    const sent = {
      from: '+14155550100',
      to: ['+14155550199'],
      text: 'hi',
      applicationId: 'app-1',
    };
    const answer = (request: object, response: object) =>
      checkPost(
        'messaging',
        '/v2/users/9900000/messages',
        { type: 'application/json', body: JSON.stringify({ ...sent, ...request }) },
        {
          status: 202,
          type: 'application/json',
          body: JSON.stringify({ ...sent, direction: 'out', ...response }),
        },
      );
    const found = async (request: object, response: object) =>
      (await answer(request, response)).violations.map((v) => [v.rule, v.pointer, v.message]);
    const media = ['https://cdn.example.com/a.png'];
    expect(await found({ tag: 't-1', media }, { tag: 't-1', media, owner: sent.from })).toEqual([]);
    // Media "present when sent": its URLs may be the service's own.
    expect(await found({ media }, { media: ['https://media.example.com/1'] })).toEqual([]);
    // Nothing sent, nothing to echo; an answer without owner is not judged on it.
    expect(await found({}, { tag: 'anything' })).toEqual([]);
    expect(await found({ tag: 't-1', media }, { owner: '+14155550111' })).toEqual([
      ['response-body-schema', '/tag', '/tag is missing, but the request sent /tag (x-echoes)'],
      ['response-body-schema', '/media', '/media is missing, but the request sent /media (x-echoes)'],
      ['response-body-schema', '/owner', "/owner is not the request's /from (x-echoes)"],
    ]);
    expect(await found({ tag: 't-1' }, { tag: 't-2' })).toEqual([
      ['response-body-schema', '/tag', "/tag is not the request's /tag (x-echoes)"],
    ]);
  });

  it('agents: list answers hold only what the query asks for (x-filters)', async () => {
    const list = (query: string, body: unknown) =>
      contracts.checkExchange(
        {
          method: 'GET',
          url: `http://h/api/v1/${query}`,
          headers: [{ name: 'Authorization', value: 'Bearer t' }],
        },
        {
          status: 200,
          headers: [{ name: 'Content-Type', value: 'application/json' }],
          body: JSON.stringify(body),
        },
        { service: 'agents' },
      );
    const found = async (query: string, body: unknown) => {
      const { violations, verdict } = await list(query, body);
      return { verdict, violations: violations.map((v) => [v.rule, v.pointer, v.specLocation]) };
    };
    const agent = (id: number, status: string) => ({ id, name: `agent ${id}`, status });
    const agents = [agent(17, 'active'), agent(9, 'archived')];
    expect(await found('workflow/fetch?status=active%2Carchived', agents)).toEqual({
      verdict: 'conforms',
      violations: [],
    });
    expect(await found('workflow/fetch', agents)).toEqual({ verdict: 'conforms', violations: [] });
    expect(await found('workflow/fetch?status=active', agents)).toEqual({
      verdict: 'violation',
      violations: [
        [
          'response-filter',
          '/1',
          'specs/agents/openapi.yaml#/paths/~1api~1v1~1workflow~1fetch/get/responses/200/x-filters',
        ],
      ],
    });
    const run = (id: number, created_at: string) => ({ id, created_at });
    const page = (...runs: object[]) => ({ runs, page: 1, limit: 50, total_pages: 1 });
    const runs = 'organizations/usage/runs';
    expect(
      await found(
        `${runs}?start_date=2025-03-01T00:00:00Z`,
        page(run(1, '2025-03-01T00:00:00Z'), run(2, '2025-02-01T00:00:00Z')),
      ),
    ).toEqual({
      verdict: 'violation',
      violations: [
        [
          'response-filter',
          '/runs/1',
          'specs/agents/openapi.yaml#/paths/~1api~1v1~1organizations~1usage~1runs/get/responses/200/x-filters',
        ],
      ],
    });
    const byRun = encodeURIComponent(
      JSON.stringify([{ attribute: 'runId', type: 'number', value: { value: 1 } }]),
    );
    expect((await found(`${runs}?filters=${byRun}`, page(run(1, 'x'), run(2, 'x')))).violations).toHaveLength(
      1,
    );
  });

  it('agents: x-filters reads the query the request side decoded, as a response checked alone decodes it', async () => {
    const agents = [17, 9].map((id, at) => ({ id, name: `agent ${id}`, status: ['active', 'archived'][at] }));
    const response = {
      status: 200,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: JSON.stringify(agents),
    };
    const rows: Array<[query: string, excluded: number]> = [
      ['status=active', 1],
      ['status=active%2C+archived', 0],
      ['st%61tus=archived', 1],
      ['status=active&status=archived', 0],
      ['status=deleted#status=active', 2],
      ['other=1&status=%E2%9C%93', 2],
      ['', 0],
    ];
    for (const [query, excluded] of rows) {
      const request = {
        method: 'GET',
        url: `http://h/api/v1/workflow/fetch?${query}`,
        headers: [{ name: 'Authorization', value: 'Bearer t' }],
      };
      const filtered = (violations: Violation[]) =>
        violations.filter((v) => v.rule === 'response-filter').map((v) => v.pointer);
      const both = filtered(
        (await contracts.checkExchange(request, response, { service: 'agents' })).violations,
      );
      const alone = filtered(
        (await contracts.checkResponse(request, response, { service: 'agents' })).violations,
      );
      expect({ query, excluded: both.length, same: both }).toEqual({ query, excluded, same: alone });
    }
  });

  describe('numbers: a tns request that switches messaging is refused 400 with ErrorCode 400 (x-refusals, rule 4)', () => {
    const tns = '/api/v2/accounts/9/sites/1/sippeers/2/tns';
    const xml = 'application/xml';
    const sms = (enabled: boolean) =>
      `<SipPeerTelephoneNumber><FullNumber>+14155550100</FullNumber><SmsSettings><SmsEnabled>${enabled}</SmsEnabled></SmsSettings></SipPeerTelephoneNumber>`;
    const plain = '<SipPeerTelephoneNumber><FullNumber>+14155550100</FullNumber></SipPeerTelephoneNumber>';
    const tnError = (code: string) =>
      `<SipPeerTelephoneNumberResponse><ResponseStatus><ErrorCode>${code}</ErrorCode><Description>Use a tn-option order.</Description></ResponseStatus></SipPeerTelephoneNumberResponse>`;
    /** `given` the request body, the status and the body of the answer; `want` the verdict and its rules. */
    const rows: Array<{ name: string; given: [string, number, string]; want: [string, string[]] }> = [
      {
        name: 'the refusal as the source states it, switching on',
        given: [sms(true), 400, tnError('400')],
        want: ['conforms', []],
      },
      {
        name: 'the refusal as the source states it, switching off',
        given: [sms(false), 400, tnError('400')],
        want: ['conforms', []],
      },
      { name: 'a 401 is not judged against it', given: [sms(true), 401, ''], want: ['conforms', []] },
      {
        name: 'other 400s are open: another ErrorCode',
        given: [plain, 400, tnError('5005')],
        want: ['conforms', []],
      },
      {
        name: 'other 400s are open: another document',
        given: [plain, 400, '<Error><Message>bad</Message></Error>'],
        want: ['conforms', []],
      },
      { name: 'a 2xx to a plain request', given: [plain, 201, ''], want: ['conforms', []] },
      {
        name: 'the switch accepted',
        given: [sms(true), 200, '<SipPeerTelephoneNumberResponse/>'],
        want: ['violation', ['refused-request']],
      },
      {
        name: 'the switch answered with another status',
        given: [sms(true), 409, ''],
        want: ['violation', ['refused-request']],
      },
      {
        name: 'the switch refused with another ErrorCode',
        given: [sms(true), 400, tnError('5005')],
        want: ['violation', ['refused-request']],
      },
      {
        name: 'a malformed Tn error',
        given: [
          plain,
          400,
          '<SipPeerTelephoneNumberResponse><ResponseStatus><ErrorCode>400</ErrorCode></ResponseStatus></SipPeerTelephoneNumberResponse>',
        ],
        want: ['violation', ['response-body-schema']],
      },
    ];

    it.each(rows)('$name', async ({ given: [body, status, answer], want }) => {
      need('numbers');
      const judged = await checkPost(
        'numbers',
        tns,
        { type: xml, body },
        { status, type: xml, body: answer },
      );
      expect([judged.verdict, judged.violations.map((violation) => violation.rule)]).toEqual(want);
    });
  });

  it('numbers: the v1 paths replaced by v2 are undocumented', () => {
    need('numbers');
    expect(contracts.match('GET', 'http://h/api/v2/accounts/1/e911Addresses')).toBeDefined();
    for (const [method, path] of [
      ['GET', '/addresses'],
      ['GET', '/importTnOrders'],
      ['POST', '/externalTns'],
    ] as const) {
      expect(contracts.match(method, `http://h/api/v2/accounts/1${path}`), path).toBeUndefined();
    }
  });
});
