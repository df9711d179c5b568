import { basic, form, json, type Recording } from '../call.ts';

// Source 001, D1: the in-app calling token. The error format of the token endpoint is not shown by the
// source; the bodies are the plausible OAuth 2.0 `{error, error_description}`.
const url = 'https://token.example.com/api/v1/oauth2/token';
const source = '001 D1';
const grant = { grant_type: 'client_credentials', scope: 'voice.webrtc' };
const accessToken =
  'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJqdGkiOiI4ZjE0ZTQ1Zi1lYTZhLTRmMmEtYjk3Yi1lZTk2YjFlZDY4NmQiLCJzY29wZSI6InZvaWNlLndlYnJ0YyJ9.ZmFrZS1zaWduYXR1cmU';

export const token: Recording[] = [
  {
    path: 'recordings/token/get-access-token-200.har',
    source,
    calls: [
      {
        note: 'D1 client-credentials grant for in-app calling: a token valid for one hour (the access token is masked).',
        method: 'POST',
        url,
        auth: basic,
        body: form(grant),
        status: 200,
        response: {
          body: json({
            access_token: accessToken,
            access_token_id: '8f14e45f-ea6a-4f2a-b97b-ee96b1ed686d',
            token_type: 'Bearer',
            expires_in: 3600,
          }),
          headers: [{ name: 'Cache-Control', value: 'no-store' }],
        },
      },
      {
        note: 'The same grant answered form-encoded: the source lists the fields of the token response but not its media type (*/*, not checked).',
        method: 'POST',
        url,
        auth: basic,
        body: form(grant),
        status: 200,
        response: {
          body: form({ access_token: accessToken, token_type: 'Bearer', expires_in: '3600' }),
          headers: [{ name: 'Cache-Control', value: 'no-store' }],
        },
      },
    ],
  },
  {
    path: 'recordings/token/get-access-token-400.har',
    source,
    calls: [
      {
        note: 'grant_type password: only client_credentials is supported (rejected as expected).',
        method: 'POST',
        url,
        auth: basic,
        body: form({ grant_type: 'password', scope: 'voice.webrtc' }),
        status: 400,
        response: {
          body: json({
            error: 'unsupported_grant_type',
            error_description: 'Only client_credentials is supported',
          }),
        },
      },
      {
        note: 'A scope other than voice.webrtc (rejected as expected).',
        method: 'POST',
        url,
        auth: basic,
        body: form({ grant_type: 'client_credentials', scope: 'voice.admin' }),
        status: 400,
        response: { body: json({ error: 'invalid_scope', error_description: 'scope must be voice.webrtc' }) },
      },
      {
        note: 'scope is missing (rejected as expected).',
        method: 'POST',
        url,
        auth: basic,
        body: form({ grant_type: 'client_credentials' }),
        status: 400,
        response: {
          body: json({ error: 'invalid_request', error_description: 'Missing required parameter: scope' }),
        },
      },
    ],
  },
  {
    path: 'recordings/token/get-access-token-401.har',
    source,
    calls: [
      {
        note: 'Wrong client id or secret: 401.',
        method: 'POST',
        url,
        auth: basic,
        body: form(grant),
        status: 401,
        response: {
          body: json({ error: 'invalid_client', error_description: 'Client authentication failed' }),
          headers: [{ name: 'WWW-Authenticate', value: 'Basic realm="token"' }],
        },
      },
      {
        note: 'No Authorization header: 401 (security-missing, rejected as expected).',
        method: 'POST',
        url,
        body: form(grant),
        status: 401,
        response: {
          body: json({ error: 'invalid_client', error_description: 'Client authentication required' }),
          headers: [{ name: 'WWW-Authenticate', value: 'Basic realm="token"' }],
        },
      },
      {
        note: 'Wrong client id or secret, answered 401 without a body: the source shows no error format for the token endpoint (x-body-open).',
        method: 'POST',
        url,
        auth: basic,
        body: form(grant),
        status: 401,
        response: { headers: [{ name: 'WWW-Authenticate', value: 'Basic realm="token"' }] },
      },
    ],
  },
  {
    path: 'recordings/token/get-access-token-4xx.har',
    source,
    calls: [
      {
        note: 'Too many token requests: 429, under the declared 4XX (the source leaves status and body open).',
        method: 'POST',
        url,
        auth: basic,
        body: form(grant),
        status: 429,
        response: {
          body: json({
            error: 'too_many_requests',
            error_description: 'Too many token requests, retry later',
          }),
          headers: [{ name: 'Retry-After', value: '30' }],
        },
      },
    ],
  },
  {
    path: 'recordings/token/get-access-token-5xx.har',
    source,
    calls: [
      {
        note: 'The token service is down: 503, under the declared 5XX.',
        method: 'POST',
        url,
        auth: basic,
        body: form(grant),
        status: 503,
        response: {
          body: json({
            error: 'server_error',
            error_description: 'The token service is temporarily unavailable',
          }),
        },
      },
      {
        note: 'A load balancer answers 503 with an HTML page: the source shows no error format for the token endpoint (x-body-open).',
        method: 'POST',
        url,
        auth: basic,
        body: form(grant),
        status: 503,
        response: { body: { type: 'text/html', text: '<html><body>Service Unavailable</body></html>' } },
      },
    ],
  },
];
