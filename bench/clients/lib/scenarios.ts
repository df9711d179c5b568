// The calls the clients bench times: each as our client makes it, as a raw fetch makes the same request,
// through openapi-fetch alone and, where there is one, through bandwidth-sdk.
import { AgentsClient } from '@svc-contracts/agents-client';
import { CallRequest } from '@svc-contracts/client-runtime';
import { MessagingClient } from '@svc-contracts/messaging-client';
import { MfaClient } from '@svc-contracts/mfa-client';
import { NumbersClient } from '@svc-contracts/numbers-client';
import { AccessTokenProvider, TokenClient } from '@svc-contracts/token-client';
import { VoiceClient } from '@svc-contracts/voice-client';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { missingReason, pinnedVersion } from '../../lib/compare-tools.ts';
import { packageVersion } from '../../lib/versions.ts';
import { bandwidthApis } from './bandwidth.ts';
import type { OpenapiFetchModule, PlainOpenapiFetch } from './packages.ts';
import {
  accountId,
  agentHeaders,
  authorization,
  bandwidthMessage,
  basic,
  call,
  code,
  credentials,
  filters,
  message,
  order,
  orderXml,
} from './payloads.ts';

export const bandwidthMissing = missingReason('bandwidth-sdk');
export const bandwidthVersion = pinnedVersion('bandwidth-sdk');
export const fastXmlParserVersion = packageVersion('node_modules/fast-xml-parser/package.json');
export const rawFetchTool = `raw fetch (Node ${process.versions.node} global fetch)`;

/**
 * The same raw fetch bounded the usual way: an `AbortController`'s signal handed to fetch and a 30 s
 * timer that would abort it. Not a comparison of its own: the detail shows it as what a timeout that
 * cancels costs a bare fetch (undici links every `AbortSignal` to its request); our clients bound every
 * call the same way, with an AbortController of their own and one timer (client-runtime README).
 */
export function withTimeout(send: (signal: AbortSignal) => Promise<unknown>): () => Promise<unknown> {
  return async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    try {
      return await send(controller.signal);
    } finally {
      clearTimeout(timer);
    }
  };
}

export interface CallScenario {
  slug: string;
  label: string;
  /** Our package. */
  tool: string;
  ours: () => Promise<unknown>;
  /** The same request with a bare fetch; `signal` is given only for the variant with a timeout. */
  rawFetch: (signal?: AbortSignal) => Promise<unknown>;
  /** The raw fetch's tool name when it does more than send the request and parse JSON. */
  rawFetchTool?: string;
  /**
   * A lighter raw fetch of the same request, measured in the same rounds and shown in the detail as
   * context, not compared: the ratio against a bare fetch stays visible next to the like-for-like one.
   */
  lighterRawFetch?: { label: string; call: () => Promise<unknown> };
  /**
   * The same call through openapi-fetch alone (the library our clients are built on, with nothing of
   * ours): what the per-call work of openapi-fetch costs by itself, next to what ours adds to it. Made
   * with `plain` (a WHATWG `Request`, the global `fetch`) and with `plainLight` (as a client method).
   */
  openapiFetch?: (client: PlainOpenapiFetch) => Promise<unknown>;
  /** The bandwidth-sdk operation making the same call, when there is one. */
  bandwidth?: { operation: string; call: (() => Promise<unknown>) | undefined };
  /** Extra context for the figure's detail. */
  note?: string;
}

/** The variants of a call through openapi-fetch: alone, and as a client method drives it. */
export interface ThroughOpenapiFetch {
  alone: () => Promise<unknown>;
  asMethod: () => Promise<unknown>;
}

export interface CallSet {
  scenarios: CallScenario[];
  /** A token provider of the same server (its cached `getToken` is timed apart). */
  tokens: AccessTokenProvider;
  throughOpenapiFetch(scenario: CallScenario): ThroughOpenapiFetch | undefined;
}

/** The clients and calls against the loopback server at `origin`. */
export function callScenarios(origin: string, openapiFetch: OpenapiFetchModule): CallSet {
  const agents = new AgentsClient({
    baseUrl: origin,
    credentials: { apiKey: 'sk-bench', organizationId: 42 },
  });
  const tokenClient = new TokenClient({
    baseUrl: origin,
    credentials: { clientId: 'id', clientSecret: 'secret' },
  });
  const tokens = new AccessTokenProvider({
    baseUrl: origin,
    credentials: { clientId: 'id', clientSecret: 'secret' },
  });
  const messaging = new MessagingClient({ baseUrl: origin, userId: accountId, credentials });
  const voice = new VoiceClient({ baseUrl: origin, accountId, credentials });
  const mfa = new MfaClient({ baseUrl: origin, accountId, credentials });
  const numbers = new NumbersClient({ baseUrl: origin, accountId, credentials });
  const numbersUnchecked = new NumbersClient({
    baseUrl: origin,
    accountId,
    credentials,
    validateRequests: false,
  });
  const bandwidth = bandwidthApis(origin, credentials);
  const plain = openapiFetch.default({ baseUrl: origin });
  /**
   * openapi-fetch as a client method drives it, with nothing of ours after it: the clients' `CallRequest`
   * as its `Request` (no WHATWG `Request` built) and a bare `fetch` of what it holds (no transport, timer,
   * signal or credentials). Ours over this is what our runtime adds to openapi-fetch's own work.
   */
  const plainLight = openapiFetch.default({
    baseUrl: origin,
    Request: CallRequest,
    fetch: (request) =>
      fetch(request.url, { method: request.method, headers: request.headers, body: request.body }),
  });
  /** A scenario's call through openapi-fetch alone (`plain`) and as a client method drives it (`plainLight`). */
  function throughOpenapiFetch(
    scenario: CallScenario,
  ): { alone: () => Promise<unknown>; asMethod: () => Promise<unknown> } | undefined {
    const call = scenario.openapiFetch;
    return call && { alone: () => call(plain), asMethod: () => call(plainLight) };
  }
  /** openapi-fetch on its own, as a user of openapi-typescript's types would call it: data, or a throw. */
  async function plainCall(pending: Promise<{ data?: unknown; error?: unknown; response: Response }>) {
    const { data, error, response } = await pending;
    if (error !== undefined || !response.ok) throw new Error(`openapi-fetch alone: ${response.status}`);
    return data;
  }
  const plainPostJson = (client: PlainOpenapiFetch, path: string, body: unknown, contentType: string) =>
    plainCall(client.POST(path, { body, headers: { authorization, 'content-type': contentType } }));

  /** A raw fetch that, like the clients, fails on a non-2xx answer. */
  async function rawResponse(path: string, init: RequestInit): Promise<Response> {
    const response = await fetch(`${origin}${path}`, init);
    if (!response.ok) throw new Error(`raw fetch ${init.method ?? 'GET'} ${path}: ${response.status}`);
    return response;
  }
  /** A raw fetch of a JSON API: the answer is read and parsed, as the JSON clients do. */
  async function rawFetch(path: string, init: RequestInit): Promise<unknown> {
    return (await rawResponse(path, init)).json();
  }
  const postJson = (path: string, body: unknown, contentType: string, signal: AbortSignal | undefined) =>
    rawFetch(path, {
      method: 'POST',
      headers: { authorization, 'content-type': contentType },
      body: JSON.stringify(body),
      signal,
    });
  // The numbers client's job done by hand, the way a developer without it would: fast-xml-parser (the XML
  // library of this repository, same pinned version) with a builder and a parser made once, not per call.
  const orderBuilder = new XMLBuilder({ ignoreAttributes: true });
  const answerParser = new XMLParser({
    ignoreDeclaration: true,
    // Left on, value parsing turns '+14155550100' into the number 14155550100 and the site id into a
    // number: a user reading telephone numbers switches it off.
    parseTagValue: false,
    // Otherwise a list of one number comes back as a string instead of an array.
    isArray: (name) => name === 'TelephoneNumber',
  });
  const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
  const postOrderXml = async (body: string, signal: AbortSignal | undefined): Promise<string> => {
    const response = await rawResponse(`/api/v2/accounts/${accountId}/orders`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/xml' },
      body,
      signal,
    });
    return response.text();
  };
  /** The same job as `createOrder`: the order object to an XML document, the XML answer to an object. */
  const postOrder = async (signal?: AbortSignal): Promise<unknown> =>
    answerParser.parse(
      await postOrderXml(`${XML_DECLARATION}${orderBuilder.build({ Order: order })}`, signal),
    );
  /** Less than the client's job: a prebuilt body sent and the answer read as text (context only). */
  const postPrebuiltOrder = (): Promise<string> => postOrderXml(orderXml, undefined);
  const prebuiltOrderContext = {
    label: 'raw fetch of a prebuilt XML string, answer read as text (no XML work)',
    call: postPrebuiltOrder,
  };

  const rawFetchXmlTool = `${rawFetchTool} + fast-xml-parser ${fastXmlParserVersion} (build the order, parse the answer)`;

  const scenarios: CallScenario[] = [
    {
      slug: 'agents-get-agent',
      label: 'agents getAgent (API key)',
      tool: '@svc-contracts/agents-client',
      rawFetch: (signal) => rawFetch('/api/v1/workflow/fetch/17', { headers: agentHeaders, signal }),
      ours: () => agents.getAgent(17),
      openapiFetch: (client) =>
        plainCall(
          client.GET('/api/v1/workflow/fetch/{workflow_id}', {
            params: { path: { workflow_id: 17 } },
            headers: agentHeaders,
          }),
        ),
    },
    {
      slug: 'agents-list-runs',
      label: 'agents listRuns (2 filters)',
      tool: '@svc-contracts/agents-client',
      rawFetch: (signal) =>
        rawFetch(
          `/api/v1/organizations/usage/runs?limit=50&filters=${encodeURIComponent(JSON.stringify(filters))}`,
          { headers: agentHeaders, signal },
        ),
      ours: () => agents.listRuns({ limit: 50, filters }),
      openapiFetch: (client) =>
        plainCall(
          client.GET('/api/v1/organizations/usage/runs', {
            params: { query: { limit: 50, filters: JSON.stringify(filters) } },
            headers: agentHeaders,
          }),
        ),
    },
    {
      slug: 'token-request-token',
      label: 'token requestToken (no cache)',
      tool: '@svc-contracts/token-client',
      rawFetch: (signal) =>
        rawFetch('/api/v1/oauth2/token', {
          method: 'POST',
          headers: {
            authorization: basic('id', 'secret'),
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'grant_type=client_credentials&scope=voice.webrtc',
          signal,
        }),
      ours: () => tokenClient.requestToken(),
      openapiFetch: (client) =>
        plainCall(
          client.POST('/api/v1/oauth2/token', {
            body: 'grant_type=client_credentials&scope=voice.webrtc',
            bodySerializer: (body: string) => body,
            headers: {
              authorization: basic('id', 'secret'),
              'content-type': 'application/x-www-form-urlencoded',
            },
          }),
        ),
    },
    {
      slug: 'messaging-send-group-message',
      label: 'messaging sendGroupMessage',
      tool: '@svc-contracts/messaging-client',
      rawFetch: (signal) =>
        postJson(`/v2/users/${accountId}/messages`, message, 'application/json; charset=utf-8', signal),
      ours: () => messaging.sendGroupMessage(message),
      openapiFetch: (client) =>
        plainPostJson(client, `/v2/users/${accountId}/messages`, message, 'application/json; charset=utf-8'),
      bandwidth: {
        operation: 'MessagesApi.createMessage',
        call: bandwidth && (() => bandwidth.createMessage(accountId, bandwidthMessage)),
      },
    },
    {
      slug: 'voice-create-call',
      label: 'voice createCall',
      tool: '@svc-contracts/voice-client',
      rawFetch: (signal) =>
        postJson(`/api/v2/accounts/${accountId}/calls/`, call, 'application/json; charset=utf-8', signal),
      ours: () => voice.createCall(call),
      openapiFetch: (client) =>
        plainPostJson(
          client,
          `/api/v2/accounts/${accountId}/calls/`,
          call,
          'application/json; charset=utf-8',
        ),
      bandwidth: {
        operation: 'CallsApi.createCall',
        call: bandwidth && (() => bandwidth.createCall(accountId, call)),
      },
      note: 'ours posts to /calls/ as the voice spec has it, bandwidth-sdk to /calls',
    },
    {
      slug: 'mfa-send-code',
      label: 'mfa sendCode (by message)',
      tool: '@svc-contracts/mfa-client',
      rawFetch: (signal) =>
        postJson(`/api/v1/accounts/${accountId}/code/messaging`, code, 'application/json', signal),
      ours: () => mfa.sendCode(code),
      openapiFetch: (client) =>
        plainPostJson(client, `/api/v1/accounts/${accountId}/code/messaging`, code, 'application/json'),
      bandwidth: {
        operation: 'MFAApi.generateMessagingCode',
        call: bandwidth && (() => bandwidth.generateMessagingCode(accountId, code)),
      },
    },
    {
      slug: 'numbers-create-order-no-xsd',
      label: 'numbers createOrder (no XSD check)',
      tool: '@svc-contracts/numbers-client',
      rawFetch: postOrder,
      rawFetchTool: rawFetchXmlTool,
      lighterRawFetch: prebuiltOrderContext,
      ours: () => numbersUnchecked.createOrder(order),
      note: 'XML body built from the object, validateRequests: false',
    },
    {
      slug: 'numbers-create-order-xsd',
      label: 'numbers createOrder (XSD check)',
      tool: '@svc-contracts/numbers-client',
      rawFetch: postOrder,
      rawFetchTool: rawFetchXmlTool,
      lighterRawFetch: prebuiltOrderContext,
      ours: () => numbers.createOrder(order),
      note: 'XML body built from the object and validated against the XSD (resident libxml2-wasm) before sending',
    },
  ];
  return { scenarios, tokens, throughOpenapiFetch };
}
