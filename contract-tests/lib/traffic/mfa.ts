import { type Body, basic, type Call, json, type Recording } from '../call.ts';

// Source 001, D5 and D6: verification codes. Errors: 400, 429 and 500 carry {error, requestId};
// 401 {message}; 403 {Message}. The success answers are not shown; the bodies here are plausible.
const base = 'https://mfa.example.com/api/v1/accounts/9900000/code';
const source = '001 D5, D6';
const sendCode = {
  to: '+14155550199',
  from: '+14155550100',
  applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
  scope: '2FA',
  digits: 6,
  message: 'Your Acme verification code is {CODE}',
};
const verify = {
  to: '+14155550199',
  applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
  scope: '2FA',
  expirationTimeInMinutes: 3,
  code: '123456',
};

const failure = (error: string, requestId: string): Body => json({ error, requestId });

function post(
  path: 'messaging' | 'verify',
  note: string,
  body: Body,
  status: number,
  response: Body | undefined,
  auth = true,
): Call {
  return {
    note,
    method: 'POST',
    url: `${base}/${path}`,
    ...(auth ? { auth: basic } : {}),
    body,
    status,
    response: response === undefined ? {} : { body: response },
  };
}

const sendBody = json(sendCode);
const verifyBody = json(verify);

function accessErrors(path: 'messaging' | 'verify', operation: string, body: Body): Recording[] {
  return [
    {
      path: `recordings/mfa/${operation}-401.har`,
      source,
      calls: [
        post(
          path,
          'The user has no access to the account: 401 {message}.',
          body,
          401,
          json({ message: 'Unauthorized' }),
        ),
        post(
          path,
          'No credentials: 401 (security-missing, rejected as expected).',
          body,
          401,
          json({ message: 'Unauthorized' }),
          false,
        ),
      ],
    },
    {
      path: `recordings/mfa/${operation}-403.har`,
      source,
      calls: [
        post(
          path,
          'The user has no access to verification: 403 {Message}, capitalized.',
          body,
          403,
          json({ Message: 'User is not authorized to access this resource' }),
        ),
      ],
    },
    {
      path: `recordings/mfa/${operation}-500.har`,
      source,
      calls: [
        post(
          path,
          'Internal error: 500 (not billed).',
          body,
          500,
          failure('An internal error occurred', '5a9e3c1d-2b4f-4d6a-8e0c-1f2a3b4c5d6e'),
        ),
      ],
    },
  ];
}

const { to: _to, ...withoutTo } = sendCode;

export const mfa: Recording[] = [
  {
    path: 'recordings/mfa/send-messaging-code-2xx.har',
    source,
    calls: [
      post(
        'messaging',
        'D5 send a 6-digit code by message: 200 (plausible body).',
        sendBody,
        200,
        json({ messageId: '1589228074636lm4k2je7j7jklbn2' }),
      ),
      post(
        'messaging',
        'D5 the same request sent as JSON text with text/plain;charset=UTF-8, the form of the source examples: checked as a send code request (text/plain;charset=UTF-8, contentSchema): 200.',
        { type: 'text/plain;charset=UTF-8', text: JSON.stringify(sendCode) },
        200,
        json({ messageId: '1589228074637lm4k2je7j7jklbn3' }),
      ),
      post(
        'messaging',
        'D5 sent as a form: the source shows no content type for D5 and refuses none, so it is accepted (*/*, unchecked): 200.',
        {
          type: 'application/x-www-form-urlencoded',
          text: new URLSearchParams({ to: sendCode.to, message: sendCode.message }).toString(),
        },
        200,
        json({ messageId: '1589228074638lm4k2je7j7jklbn4' }),
      ),
      post(
        'messaging',
        'D5 answered 200 without a body: the source shows neither the success body nor its media type (x-body-open).',
        sendBody,
        200,
        undefined,
      ),
    ],
  },
  {
    path: 'recordings/mfa/send-messaging-code-400.har',
    source,
    calls: [
      post(
        'messaging',
        'D5 a missing to gives 400 (rejected as expected).',
        json(withoutTo),
        400,
        failure('Missing required field: to', '3b6a1f0e-5c2d-4c1a-9f4e-2a7d9e1b8c55'),
      ),
      post(
        'messaging',
        'digits is not an integer: 400 (rejected as expected).',
        json({ ...sendCode, digits: 'six' }),
        400,
        failure('Invalid request: digits must be an integer', '8e0c2b7a-1f3d-4e5a-b6c7-d8e9f0a1b2c3'),
      ),
      post(
        'messaging',
        'D5 sent as text/plain;charset=UTF-8 without to: the JSON text is checked like a JSON body, so a missing to gives 400 (rejected as expected).',
        { type: 'text/plain;charset=UTF-8', text: JSON.stringify(withoutTo) },
        400,
        failure('Missing required field: to', '4c7b2a1e-6d3f-4b5a-8c9d-0e1f2a3b4c5d'),
      ),
    ],
  },
  ...accessErrors('messaging', 'send-messaging-code', sendBody),
  {
    path: 'recordings/mfa/verify-code-2xx.har',
    source,
    calls: [
      post(
        'verify',
        'D6 verify a code sent as application/json: 200 (plausible body).',
        verifyBody,
        200,
        json({ valid: true }),
      ),
      post(
        'verify',
        'D6 the same JSON sent as text/plain;charset=UTF-8, as in the source examples: 200.',
        { type: 'text/plain;charset=UTF-8', text: JSON.stringify({ ...verify, code: '654321' }) },
        200,
        json({ valid: false }),
      ),
      post(
        'verify',
        'D6 as a bare text/plain (no charset): the same media type as text/plain;charset=UTF-8 (matched by essence), so its JSON text is checked: 200.',
        { type: 'text/plain', text: JSON.stringify({ ...verify, code: '123457' }) },
        200,
        json({ valid: false }),
      ),
      post(
        'verify',
        'D6 sent as a form: the source shows text/plain;charset=UTF-8 in its examples and refuses no other content type, so it is accepted (*/*, unchecked): 200.',
        { type: 'application/x-www-form-urlencoded', text: 'to=%2B14155550199&code=123456' },
        200,
        json({ valid: true }),
      ),
      post(
        'verify',
        'D6 answered 204: the source shows neither the success status nor whether there is a body (x-body-open).',
        verifyBody,
        204,
        undefined,
      ),
      post(
        'verify',
        'D6 answered 200 with a plain-text body: a media type the contract does not declare is accepted (x-body-open).',
        verifyBody,
        200,
        { type: 'text/plain', text: 'verified' },
      ),
    ],
  },
  {
    path: 'recordings/mfa/verify-code-400.har',
    source,
    calls: [
      post(
        'verify',
        'A verify request without to: 400 (rejected as expected).',
        json({ ...verify, to: undefined }),
        400,
        failure('Missing required field: to', '0c9b8a7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d'),
      ),
    ],
  },
  ...accessErrors('verify', 'verify-code', verifyBody),
  {
    path: 'recordings/mfa/verify-code-429.har',
    source,
    calls: [
      post(
        'verify',
        'D6 too many invalid codes: 429, the message states the wait time.',
        { type: 'text/plain;charset=UTF-8', text: JSON.stringify({ ...verify, code: '000000' }) },
        429,
        failure(
          'Too many invalid verification attempts for this number. Try again in 10 minutes.',
          '0f4d8a2e-7b1c-4e9a-8d3f-6c5b4a3e2d1f',
        ),
      ),
    ],
  },
  {
    path: 'recordings/mfa/verification-callback.har',
    source: '001 Events',
    calls: [
      {
        note: "Events: a verification callback with a plausible JSON payload (the source names verification callbacks but shows nothing of them: any body, any 2xx). Told apart from a request by the entry's _webhook (mfa/verificationCallback).",
        method: 'POST',
        url: 'https://app.example.com/callbacks/verification',
        body: json({ type: 'verification-completed', to: '+14155550199', scope: '2FA' }),
        status: 204,
        webhook: 'mfa/verificationCallback',
      },
      {
        note: 'Events: a verification callback sent as a form, answered 200 with a plain-text body: neither the payload, its media type nor the answer is shown by the source.',
        method: 'POST',
        url: 'https://app.example.com/callbacks/verification',
        body: {
          type: 'application/x-www-form-urlencoded',
          text: 'type=verification-completed&to=%2B14155550199',
        },
        status: 200,
        response: { body: { type: 'text/plain', text: 'OK' } },
        webhook: 'mfa/verificationCallback',
      },
    ],
  },
  ...(
    [
      ['messaging', 'send-messaging-code', sendBody],
      ['verify', 'verify-code', verifyBody],
    ] as const
  ).map(
    ([path, operation, body]): Recording => ({
      path: `recordings/mfa/${operation}-5XX.har`,
      source,
      calls: [
        post(
          path,
          '"Any 4xx or 5xx response of the verification API is not billed": a 503 (only 500 is shown) is open, its body too (x-body-open).',
          body,
          503,
          json({ message: 'Service Unavailable' }),
        ),
        post(path, 'A 502 without a body (x-body-open).', body, 502, undefined),
      ],
    }),
  ),
];
