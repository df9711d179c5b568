import type { HarNameValue } from '@svc-contracts/contract-recorder';
import { type Body, basic, type Call, json, type Recording } from '../call.ts';

// Source 001, D3 and D4: voice calls, shown through their errors. Every error has the body
// {type, description, id}; the descriptions are the messages the source lists.
const host = 'https://voice.example.com/api/v2/accounts/9900000';
const createUrl = `${host}/calls/`;
const callId = 'c-15ac29a2-1331029c-2cb0-4a07-b215-b22865662d85';
const callUrl = `${host}/calls/${callId}`;
const source = '001 D3, D4';
const jsonUtf8 = 'application/json; charset=utf-8';

const createCall = {
  from: '+14155550100',
  to: '+14155550199',
  answerUrl: 'https://app.example.com/voice/answer',
  answerMethod: 'POST',
  applicationId: '7fc9698a-b04a-468b-9e8f-91238c0d0086',
  tag: 'order-4711',
};

const error = (type: string, description: string, id: string | null = null): Body =>
  json({ type, description, id });

type Kind = 'create' | 'modify';

function call(
  kind: Kind,
  note: string,
  status: number,
  response: Body | undefined,
  overrides: { body?: Body; auth?: HarNameValue[] | null; headers?: HarNameValue[]; url?: string } = {},
): Call {
  return {
    note,
    method: 'POST',
    url: overrides.url ?? (kind === 'create' ? createUrl : callUrl),
    ...(overrides.auth === null ? {} : { auth: overrides.auth ?? basic }),
    ...(overrides.headers ? { headers: overrides.headers } : {}),
    body: overrides.body ?? json(kind === 'create' ? createCall : { state: 'completed' }, jsonUtf8),
    status,
    response: response === undefined ? {} : { body: response },
  };
}

/** The statuses both operations declare with the same messages (D3 errors table). */
function commonErrors(kind: Kind, operation: string): Recording[] {
  const file = (status: string, calls: Call[]): Recording => ({
    path: `recordings/voice/${operation}-${status}.har`,
    source,
    calls,
  });
  return [
    file('401', [
      call(
        kind,
        'Wrong username or password: 401.',
        401,
        error('authentication-error', 'The credentials provided were invalid'),
      ),
      call(
        kind,
        'No Authorization header: 401 (security-missing, rejected as expected).',
        401,
        error('authentication-error', 'Unauthorized'),
        { auth: null },
      ),
      call(
        kind,
        'user:password sent in clear instead of base64: 401 (security-malformed, rejected as expected).',
        401,
        error('authentication-error', 'Invalid basic authentication token', ''),
        { auth: [{ name: 'Authorization', value: 'Basic user:pass' }] },
      ),
      call(
        kind,
        'base64 without the colon of user:password: 401 (security-malformed, rejected as expected).',
        401,
        error('authentication-error', 'Failed to decode basic authentication token'),
        { auth: [{ name: 'Authorization', value: `Basic ${Buffer.from('user').toString('base64')}` }] },
      ),
    ]),
    file('403', [
      call(
        kind,
        'The user has no access to the voice API: 403.',
        403,
        error('authorization-error', 'Access is denied'),
      ),
      call(kind, 'Generic 403.', 403, error('authorization-error', 'Forbidden')),
    ]),
    file('405', [
      call(
        kind,
        'A client tunnelling DELETE through POST (X-HTTP-Method-Override), which the path does not support: 405.',
        405,
        error('validation', 'Method Not Allowed'),
        { headers: [{ name: 'X-HTTP-Method-Override', value: 'DELETE' }] },
      ),
    ]),
    file('415', [
      call(
        kind,
        'The body sent as text/plain: 415 (request-content-type, rejected as expected).',
        415,
        error('validation', 'Content type text/plain not supported'),
        {
          body: {
            type: 'text/plain',
            text: JSON.stringify(kind === 'create' ? createCall : { state: 'completed' }),
          },
        },
      ),
      call(
        kind,
        'The body sent as a form: 415 (rejected as expected).',
        415,
        error('validation', 'Unsupported Media Type'),
        {
          body: {
            type: 'application/x-www-form-urlencoded',
            text: new URLSearchParams(kind === 'create' ? createCall : { state: 'completed' }).toString(),
          },
        },
      ),
    ]),
    file('429', [
      call(
        kind,
        'The user rate limit or concurrency limit is reached: 429.',
        429,
        error('error', 'User rate limit or concurrency limit exceeded'),
      ),
    ]),
    file('500', [
      call(kind, 'Internal error: 500.', 500, error('internal-error', 'Internal Server Error')),
      call(
        kind,
        'Unknown internal error: 500.',
        500,
        error('internal-error', 'An unknown internal error occurred'),
      ),
    ]),
    file('503', [
      call(
        kind,
        'System capacity reached (retry; contact support if it persists): 503.',
        503,
        error('system-overloaded', 'Handling too many requests'),
      ),
      call(
        kind,
        'Too many concurrent calls system-wide: 503.',
        503,
        error('system-overloaded', 'Managing too many concurrent calls'),
      ),
    ]),
  ];
}

const invalid = (note: string, body: unknown, description: string, id: string | null = null): Call =>
  call('create', note, 400, error('validation', description, id), { body: json(body, jsonUtf8) });

const { applicationId: _dropped, ...withoutApplicationId } = createCall;

export const voice: Recording[] = [
  {
    path: 'recordings/voice/create-call-2xx.har',
    source,
    calls: [
      call(
        'create',
        'D3 create call: 201 with a plausible body (the source does not show the success answer).',
        201,
        json({
          callId,
          accountId: '9900000',
          applicationId: createCall.applicationId,
          from: createCall.from,
          to: createCall.to,
          answerUrl: createCall.answerUrl,
          answerMethod: 'POST',
          tag: createCall.tag,
          startTime: '2025-03-14T10:02:03.112Z',
        }),
        { url: createUrl },
      ),
      call(
        'create',
        'D3 create call answered 201 without a body and without Content-Type: the source shows neither the success body nor its media type (x-body-open).',
        201,
        undefined,
      ),
      call(
        'create',
        'D3 create call sent to `.../calls` without the trailing slash, as published vendor clients do: matched through x-path-aliases, passes with a warning.',
        201,
        undefined,
        { url: createUrl.replace(/\/$/, '') },
      ),
      call(
        'create',
        'D3 create call sent as application/json without charset=utf-8, as published vendor clients send it: 201 (the source sends the charset but does not show its absence refused).',
        201,
        undefined,
        { body: json(createCall, 'application/json') },
      ),
    ],
  },
  {
    path: 'recordings/voice/create-call-400.har',
    source,
    calls: [
      invalid(
        'to without + and country code: 400 (rejected as expected).',
        { ...createCall, to: '4155550199' },
        'Invalid to: must be an E164 telephone number',
        '',
      ),
      invalid(
        'from without + and country code: 400 (rejected as expected).',
        { ...createCall, from: '(415) 555-0100' },
        'Invalid from: must be an E164 telephone number',
      ),
      invalid(
        'applicationId missing: 400 (rejected as expected).',
        withoutApplicationId,
        'Missing at least one required field (required: from, to, answerUrl, applicationId)',
      ),
      invalid(
        'answerUrl with an ftp scheme: 400 (rejected as expected).',
        { ...createCall, answerUrl: 'ftp://app.example.com/answer.xml' },
        'Invalid answerUrl: only http and https are allowed',
        '',
      ),
      invalid(
        'answerMethod PUT: 400 (rejected as expected).',
        { ...createCall, answerMethod: 'PUT' },
        'Invalid answerUrl method (supported: POST, GET)',
      ),
      invalid('The whole body is an array: 400 (rejected as expected).', [createCall], 'Bad Request'),
      call(
        'create',
        'A body that is not JSON: 400 (request-body-unparseable, rejected as expected).',
        400,
        error('validation', 'There is something wrong with the request'),
        {
          body: { type: jsonUtf8, text: '{"from": "+14155550100", "to": ' },
        },
      ),
      call(
        'create',
        'An application id that does not exist: 400 (the request itself conforms).',
        400,
        error('validation', 'Application id not found'),
        {
          body: json({ ...createCall, applicationId: '00000000-0000-4000-8000-000000000000' }, jsonUtf8),
        },
      ),
      call(
        'create',
        'A tag longer than its maximum (the source does not show the maximum): 400.',
        400,
        error('validation', 'Invalid tag: longer than its maximum length'),
        {
          body: json({ ...createCall, tag: `order-4711-${'x'.repeat(300)}` }, jsonUtf8),
        },
      ),
      call(
        'create',
        'A field outside its range, reported with its name, bounds and value (the source does not name the field): 400.',
        400,
        error('validation', 'Value of callTimeout out of range: must be between 1 and 300, was 900'),
        { body: json({ ...createCall, callTimeout: 900 }, jsonUtf8) },
      ),
    ],
  },
  {
    path: 'recordings/voice/create-call-404.har',
    source,
    calls: [
      call(
        'create',
        'An account path that does not exist: 404 Not Found.',
        404,
        error('validation', 'Not Found'),
        {
          url: 'https://voice.example.com/api/v2/accounts/0000000/calls/',
        },
      ),
    ],
  },
  ...commonErrors('create', 'create-call'),
  {
    path: 'recordings/voice/modify-call-2xx.har',
    source,
    calls: [
      call(
        'modify',
        'D4 end an active call with state completed: 200 (plausible body; the source does not show it).',
        200,
        json({ callId, state: 'completed' }),
      ),
      call(
        'modify',
        'D4 answered 200 without a body: the source shows neither the success body nor its media type (x-body-open).',
        200,
        undefined,
      ),
      call(
        'modify',
        'D4 answered 200 with a plain-text body: a media type the contract does not declare is accepted (x-body-open).',
        200,
        { type: 'text/plain', text: 'OK' },
      ),
    ],
  },
  {
    path: 'recordings/voice/modify-call-400.har',
    source,
    calls: [
      call(
        'modify',
        'state paused: only completed is shown by the source, 400 (rejected as expected).',
        400,
        error('validation', 'Bad Request'),
        {
          body: json({ state: 'paused' }, jsonUtf8),
        },
      ),
      call(
        'modify',
        'A body without state: 400 (rejected as expected).',
        400,
        error('validation', 'There is something wrong with the request'),
        {
          body: json({ status: 'completed' }, jsonUtf8),
        },
      ),
    ],
  },
  {
    path: 'recordings/voice/modify-call-404.har',
    source,
    calls: [
      call(
        'modify',
        'D4 the call is no longer active: 404.',
        404,
        error('validation', `Call [${callId}] not found`),
      ),
    ],
  },
  {
    path: 'recordings/voice/modify-call-409.har',
    source,
    calls: [
      call(
        'modify',
        'D4 the call has recently ended or has not been answered yet: 409.',
        409,
        error('validation', `Call [${callId}] cannot be modified in its current state`),
      ),
    ],
  },
  ...commonErrors('modify', 'modify-call'),
  {
    path: 'recordings/voice/disconnect-event.har',
    source: '001 D3, Events',
    calls: [
      {
        note: "Events: a Disconnect event (the answer URL returned a 500) POSTed by the voice service to the call's disconnectUrl, with pai and identity; told apart from a request by the entry's _webhook (voice/disconnectEvent).",
        method: 'POST',
        url: 'https://app.example.com/voice/disconnect',
        body: json({
          eventType: 'disconnect',
          callId,
          cause: 'error',
          errorMessage: 'The callback URL returned a 500 status',
          pai: '<sip:+14155550100@sip.example.com>',
          identity:
            'eyJhbGciOiJFUzI1NiJ9.eyJhdHRlc3QiOiJBIn0.c2lnbmF0dXJl;info=<https://cert.example.com/cert.pem>',
        }),
        status: 204,
        webhook: 'voice/disconnectEvent',
      },
      {
        note: "Events: the same kind of event, answered 200 with a plain-text body by the application: the source leaves the receiver's answer open (x-body-open).",
        method: 'POST',
        url: 'https://app.example.com/voice/disconnect',
        body: json({ eventType: 'disconnect', callId, cause: 'error' }),
        status: 200,
        response: { body: { type: 'text/plain', text: 'received' } },
        webhook: 'voice/disconnectEvent',
      },
    ],
  },
  ...(['create', 'modify'] as const).map(
    (kind): Recording => ({
      path: `recordings/voice/${kind}-call-5XX.har`,
      source,
      calls: [
        call(
          kind,
          'A 502 (a 5xx the source does not list): any 5xx is open; a JSON body is the uniform voice error body, its type open (x-body-open).',
          502,
          error('bad-gateway', 'Bad Gateway'),
        ),
        call(
          kind,
          'A 504 without a body: the source leaves the body of another 5xx open (x-body-open).',
          504,
          undefined,
        ),
      ],
    }),
  ),
];
