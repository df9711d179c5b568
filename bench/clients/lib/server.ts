import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const ORDER_RESPONSE = `<?xml version="1.0" encoding="UTF-8"?>
<OrderResponse><Order><id>6d7da966</id><ExistingTelephoneNumberOrderType><TelephoneNumberList><TelephoneNumber>+14155550100</TelephoneNumber></TelephoneNumberList></ExistingTelephoneNumberOrderType><PartialAllowed>false</PartialAllowed><SiteId>12345</SiteId></Order><OrderStatus>RECEIVED</OrderStatus></OrderResponse>`;

const TOKEN = JSON.stringify({
  access_token: 'eyJhbGciOiJSUzI1NiJ9.eyJqdGkiOiIxIn0.c2ln',
  access_token_id: 'jti-1',
  token_type: 'Bearer',
  expires_in: 3600,
});

const AGENT = JSON.stringify({ id: 17, name: 'Renewal reminder', status: 'active', total_runs: 12 });
const RUNS = JSON.stringify({ runs: [{ id: 1, charge_usd: 0.12 }], total_pages: 1, page: 1, limit: 50 });

/** 202 of a group message (the accepted message, as specs/messaging's example and bandwidth-sdk's `Message`). */
const GROUP_MESSAGE = JSON.stringify({
  id: '1589228074636lm4k2je7j7jklbn2',
  owner: '+14155550100',
  applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
  time: '2021-02-10T20:14:34.636Z',
  segmentCount: 1,
  direction: 'out',
  to: ['+14155550199', '+14155550142'],
  from: '+14155550100',
  text: 'Your table for 4 is ready.',
  tag: 'table-42',
});

/** 201 of create call (the fields of bandwidth-sdk's `CreateCallResponse`, values of specs/voice's example). */
const CREATED_CALL = JSON.stringify({
  applicationId: '7fc9698a-b04a-468b-9e8f-91238c0d0086',
  accountId: '9900000',
  callId: 'c-15ac29a2-1331029c-2cb0-4a07-b215-b22865662d85',
  to: '+14155550199',
  from: '+14155550100',
  enqueuedTime: '2021-02-10T20:14:34.636Z',
  callUrl:
    'https://voice.bandwidth.com/api/v2/accounts/9900000/calls/c-15ac29a2-1331029c-2cb0-4a07-b215-b22865662d85',
  callTimeout: 30,
  callbackTimeout: 15,
  tag: 'order-4711',
  answerMethod: 'POST',
  answerUrl: 'https://app.example.com/voice/answer',
  answerFallbackMethod: 'POST',
  answerFallbackUrl: null,
  disconnectMethod: 'POST',
  disconnectUrl: null,
  username: null,
  password: null,
  fallbackUsername: null,
  fallbackPassword: null,
  priority: 5,
});

/** 200 of send code by message (specs/mfa's example, bandwidth-sdk's `MessagingCodeResponse`). */
const CODE_SENT = JSON.stringify({ messageId: '1589228074636lm4k2je7j7jklbn2' });

interface Route {
  method: string;
  /** Matched against the path without the query; a trailing slash is optional. */
  path: RegExp;
  status: number;
  contentType: string;
  body: string;
}

const JSON_TYPE = 'application/json';

/**
 * Every request the benchmark makes. Our clients and bandwidth-sdk use the same paths (bandwidth-sdk's
 * `Configuration.basePath` points each API at this server with the prefix our client has), except that
 * our voice client sends create call to `/calls/` and bandwidth-sdk to `/calls`: both are answered.
 */
const ROUTES: Route[] = [
  {
    method: 'GET',
    path: /^\/api\/v1\/workflow\/fetch\/\d+$/,
    status: 200,
    contentType: JSON_TYPE,
    body: AGENT,
  },
  {
    method: 'GET',
    path: /^\/api\/v1\/organizations\/usage\/runs$/,
    status: 200,
    contentType: JSON_TYPE,
    body: RUNS,
  },
  { method: 'POST', path: /^\/api\/v1\/oauth2\/token$/, status: 200, contentType: JSON_TYPE, body: TOKEN },
  {
    method: 'POST',
    path: /^\/v2\/users\/[^/]+\/messages$/,
    status: 202,
    contentType: JSON_TYPE,
    body: GROUP_MESSAGE,
  },
  {
    method: 'POST',
    path: /^\/api\/v2\/accounts\/[^/]+\/calls$/,
    status: 201,
    contentType: JSON_TYPE,
    body: CREATED_CALL,
  },
  {
    method: 'POST',
    path: /^\/api\/v1\/accounts\/[^/]+\/code\/messaging$/,
    status: 200,
    contentType: JSON_TYPE,
    body: CODE_SENT,
  },
  {
    method: 'POST',
    path: /^\/api\/v2\/accounts\/[^/]+\/orders$/,
    status: 200,
    contentType: 'application/xml',
    body: ORDER_RESPONSE,
  },
];

/** What the server saw of one request, while recording (to check that two ways of calling send the same). */
export interface RecordedRequest {
  method: string;
  /** Without the query and a trailing slash. */
  path: string;
  /** The query, without `?`. */
  query: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

export interface BenchServer {
  origin: string;
  /** Records the requests made while `during` runs (bodies included) and returns them. */
  record(during: () => Promise<unknown>): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

/**
 * A loopback server answering every benchmark request at once with a canned, realistic 2xx body, so what
 * is measured is the client, not the server. Keep-alive as Node's fetch and axios use it. An unknown
 * path gets a 404, so a benchmark that calls the wrong path fails instead of measuring an error.
 */
export async function startBenchServer(): Promise<BenchServer> {
  let recorded: RecordedRequest[] | undefined;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] | undefined = recorded === undefined ? undefined : [];
    if (chunks === undefined) request.resume();
    else request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const [rawPath = '', query = ''] = (request.url ?? '').split('?');
      const path = rawPath.replace(/(.)\/$/, '$1');
      if (chunks !== undefined)
        recorded?.push(describe(request, path, query, Buffer.concat(chunks).toString()));
      const route = ROUTES.find(
        (candidate) => candidate.method === request.method && candidate.path.test(path),
      );
      if (route === undefined) {
        response.writeHead(404, { 'content-type': JSON_TYPE });
        response.end(JSON.stringify({ type: 'not-found', description: `${request.method} ${path}` }));
        return;
      }
      response.writeHead(route.status, { 'content-type': route.contentType });
      response.end(route.body);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async record(during) {
      recorded = [];
      try {
        await during();
        return recorded;
      } finally {
        recorded = undefined;
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function describe(request: IncomingMessage, path: string, query: string, body: string): RecordedRequest {
  return {
    method: request.method ?? '',
    path,
    query,
    authorization: request.headers.authorization,
    contentType: request.headers['content-type'],
    body,
  };
}
