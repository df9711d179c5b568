import { apiKey, bearer, type Call, json, query, type Recording } from '../call.ts';

// Source 000, E1-E6: the agent service. Errors: 422 is the validation error body; 401, 403 and 404
// bodies are not shown by the source, so the bodies here are the plausible `{"detail": ...}`.
const base = 'https://agents.example.com/api/v1';
const source = '000 E1-E6';
/** The organization header alone: what a console sends beside its bearer token. */
const organizationHeader = apiKey().slice(1);

const retryConfig = {
  enabled: true,
  max_retries: 2,
  retry_delay_seconds: 3600,
  retry_on_busy: true,
  retry_on_no_answer: true,
  retry_on_voicemail: false,
};

/** A Campaign as E1/E2 return it, in the state given; shared by the positive and negative sets. */
export function campaign(state: string, extra: Record<string, unknown> = {}) {
  return {
    id: 381,
    name: 'March renewals',
    workflow_id: 17,
    workflow_name: 'Renewal reminder',
    state,
    source_type: 'google_sheet',
    source_id: '1a2b3c4d5e',
    total_rows: 1200,
    processed_rows: 457,
    failed_rows: 12,
    created_at: '2025-03-10T14:02:11Z',
    started_at: '2025-03-14T09:00:00Z',
    completed_at: null,
    retry_config: retryConfig,
    ...extra,
  };
}

const paused = campaign('paused', {
  max_concurrency: 10,
  schedule_config: {
    enabled: true,
    timezone: 'America/New_York',
    slots: [
      { day_of_week: 1, start_time: '09:00', end_time: '17:00' },
      { day_of_week: 2, start_time: '09:00', end_time: '17:00' },
    ],
  },
  circuit_breaker: { enabled: true, failure_threshold: 0.5, window_seconds: 120, min_calls_in_window: 5 },
  executed_count: 469,
  total_queued_count: 1200,
  parent_campaign_id: null,
  redialed_campaign_id: null,
  telephony_configuration_id: 4,
  telephony_configuration_name: 'Main outbound trunk',
  logs: [
    {
      ts: '2025-03-14T09:00:00Z',
      level: 'info',
      event: 'campaign_started',
      message: 'Campaign started.',
      details: null,
    },
    {
      ts: '2025-03-14T11:27:45Z',
      level: 'info',
      event: 'campaign_paused',
      message: 'Campaign paused by user; 3 calls in progress run to completion.',
      details: { in_progress_calls: 3 },
    },
  ],
});

const resumed = campaign('running', {
  max_concurrency: null,
  schedule_config: null,
  circuit_breaker: null,
  executed_count: 469,
  total_queued_count: 1200,
  logs: [
    {
      ts: '2025-03-14T13:05:10Z',
      level: 'info',
      event: 'campaign_resumed',
      message: 'Campaign resumed; dispatching continues from row 458.',
    },
  ],
});

const notAuthenticated = json({ detail: 'Not authenticated' });
const forbidden = json({ detail: 'Not enough permissions' });

function intParsing(location: string, name: string, input: string) {
  return json({
    detail: [
      {
        loc: [location, name],
        msg: 'Input should be a valid integer, unable to parse string as an integer',
        type: 'int_parsing',
        input,
      },
    ],
  });
}

function campaignOperation(
  operation: string,
  method: 'GET' | 'POST',
  action: string,
  success: { note: string; body: unknown; more?: (url: string) => Call[] },
): Recording[] {
  const url = (id: string | number) => `${base}/campaign/${id}/${action}`;
  return [
    {
      path: `recordings/agents/${operation}-200.har`,
      source,
      calls: [
        {
          note: success.note,
          method,
          url: url(381),
          auth: bearer,
          status: 200,
          response: { body: json(success.body) },
        },
        // pause-campaign-200.har stays one entry (contract.test.ts uses it as a one-entry file).
        ...(operation === 'pause-campaign'
          ? []
          : [
              {
                note: 'A console request: the bearer token and the organization header (not a credential, so not a second one).',
                method,
                url: url(381),
                auth: [...bearer, ...organizationHeader],
                status: 200,
                response: { body: json(success.body) },
              },
            ]),
        ...(success.more?.(url(381)) ?? []),
      ],
    },
    {
      path: `recordings/agents/${operation}-401.har`,
      source,
      calls: [
        {
          note: 'No credential at all: refused with 401 (security-missing, rejected as expected).',
          method,
          url: url(381),
          status: 401,
          response: { body: notAuthenticated },
        },
        {
          note: 'A bearer token that has expired (tokens live at most 15 minutes): 401.',
          method,
          url: url(381),
          auth: bearer,
          status: 401,
          response: { body: json({ detail: 'Token has expired' }) },
        },
        {
          note: 'A 401 without a body and without Content-Type: the source shows no 401 body (x-body-open).',
          method,
          url: url(381),
          auth: bearer,
          status: 401,
        },
      ],
    },
    {
      path: `recordings/agents/${operation}-403.har`,
      source,
      calls: [
        {
          note: 'A bearer token of a user without role super_user: 403.',
          method,
          url: url(381),
          auth: bearer,
          status: 403,
          response: { body: forbidden },
        },
        {
          note: 'A 403 in plain text: the source shows neither the 403 body nor its media type (x-body-open).',
          method,
          url: url(381),
          auth: bearer,
          status: 403,
          response: { body: { type: 'text/plain; charset=utf-8', text: 'Forbidden' } },
        },
        {
          note: 'An API key on a bearer-only campaign operation: refused with 403 (rejected as expected).',
          method,
          url: url(381),
          auth: apiKey(),
          status: 403,
          response: { body: json({ detail: 'API keys are not accepted for this operation' }) },
        },
      ],
    },
    {
      path: `recordings/agents/${operation}-422.har`,
      source,
      calls: [
        {
          note: 'campaign_id is not an integer: 422 with the validation error body (rejected as expected).',
          method,
          url: url('spring-renewals'),
          auth: bearer,
          status: 422,
          response: { body: intParsing('path', 'campaign_id', 'spring-renewals') },
        },
      ],
    },
  ];
}

const fullAgent = {
  id: 17,
  name: 'Renewal reminder',
  status: 'active',
  created_at: '2025-01-20T08:15:00Z',
  workflow_definition: {
    nodes: [
      { id: 'start', type: 'greeting', prompt: 'Hello, this is Acme Insurance calling about your renewal.' },
      { id: 'offer', type: 'question', prompt: 'Would you like to renew for another year?' },
      { id: 'end', type: 'hangup' },
    ],
    edges: [
      { from: 'start', to: 'offer' },
      { from: 'offer', to: 'end' },
    ],
  },
  current_definition_id: 112,
  template_context_variables: { customer_name: 'string', renewal_date: 'string' },
  call_disposition_codes: { disposition_codes: ['INTERESTED', 'CALLBACK_REQUESTED', 'NOT_INTERESTED'] },
  total_runs: 1843,
  workflow_configurations: { voice: 'alloy', max_call_duration_seconds: 600 },
  version_number: 6,
  version_status: 'published',
  workflow_uuid: '0b6f1c52-8f4e-4d4a-9c1e-2a7d5b3e9f10',
};

const summaries = [
  {
    id: 17,
    name: 'Renewal reminder',
    status: 'active',
    created_at: '2025-01-20T08:15:00Z',
    total_runs: 1843,
    folder_id: 3,
    workflow_uuid: '0b6f1c52-8f4e-4d4a-9c1e-2a7d5b3e9f10',
    assistant_mode: 'voice',
    created_by: 'ops@acme.example',
  },
  {
    id: 21,
    name: 'Appointment confirmation',
    status: 'active',
    created_at: '2025-02-02T16:40:12Z',
    total_runs: 310,
    folder_id: 3,
    workflow_uuid: '7d2e9a41-3b5c-4f6e-8a9b-1c2d3e4f5a6b',
    assistant_mode: 'voice',
    created_by: 'ops@acme.example',
  },
];
const archived = {
  id: 9,
  name: 'Holiday greeting 2024',
  status: 'archived',
  created_at: '2024-11-28T10:00:00Z',
  total_runs: 5120,
  folder_id: 5,
  workflow_uuid: 'c4a1e7b2-9d3f-4e5a-b6c7-d8e9f0a1b2c3',
  assistant_mode: 'voice',
  created_by: 'marketing@acme.example',
};

const run = (id: number, extra: Record<string, unknown>) => ({
  id,
  workflow_id: 17,
  workflow_name: 'Renewal reminder',
  name: `Renewal reminder run ${id}`,
  created_at: '2025-03-14T09:12:44Z',
  svc_token_usage: 1820.5,
  call_duration_seconds: 143,
  recording_url: `https://recordings.agents.example.com/runs/${id}.mp3`,
  transcript_url: `https://recordings.agents.example.com/runs/${id}.txt`,
  phone_number: '+14155550100',
  caller_number: '+14155550100',
  called_number: '+12125550142',
  call_type: 'outbound',
  mode: 'campaign',
  disposition: 'INTERESTED',
  initial_context: {
    caller_number: '+14155550100',
    called_number: '+12125550142',
    customer_name: 'Dana Smith',
  },
  gathered_context: { mapped_call_disposition: 'INTERESTED', renewal_confirmed: true },
  charge_usd: 0.42,
  ...extra,
});

const runsPage = {
  runs: [
    run(1042, {}),
    run(1043, { call_duration_seconds: 61, disposition: 'CALLBACK_REQUESTED', charge_usd: 0.19 }),
  ],
  total_svc_tokens: 2904.25,
  total_duration_seconds: 204,
  total_count: 2,
  page: 1,
  limit: 50,
  total_pages: 1,
};

const allFilters = [
  { attribute: 'runId', type: 'number', value: { value: 1042 } },
  { attribute: 'workflowId', type: 'number', value: { value: 17 } },
  { attribute: 'campaignId', type: 'number', value: { value: 381 } },
  { attribute: 'callerNumber', type: 'text', value: { value: '415555' } },
  { attribute: 'calledNumber', type: 'text', value: { value: '212555' } },
  {
    attribute: 'dispositionCode',
    type: 'multiSelect',
    value: { codes: ['INTERESTED', 'CALLBACK_REQUESTED'] },
  },
  { attribute: 'duration', type: 'numberRange', value: { min: 30, max: 300 } },
];

const runs = (params: Record<string, string | number>) => `${base}/organizations/usage/runs?${query(params)}`;

function readOperation(operation: string, url: string, success: Call[], invalid: Call[]): Recording[] {
  return [
    { path: `recordings/agents/${operation}-200.har`, source, calls: success },
    {
      path: `recordings/agents/${operation}-401.har`,
      source,
      calls: [
        {
          note: 'The retired X-API-Key header alone: refused with 401 (unsupported-credential, rejected as expected).',
          method: 'GET',
          url,
          headers: [{ name: 'X-API-Key', value: 'fake-retired-key-0000' }],
          status: 401,
          response: { body: notAuthenticated },
        },
        {
          note: 'A bearer token and an API key together (x-security-exclusive): 401 (rejected as expected).',
          method: 'GET',
          url,
          auth: [...bearer, ...apiKey()],
          status: 401,
          response: { body: json({ detail: 'Send either a bearer token or an API key, not both' }) },
        },
        {
          note: 'An API key without the organization header (the source requires both): 401 (security-missing, rejected as expected).',
          method: 'GET',
          url,
          auth: apiKey().slice(0, 1),
          status: 401,
          response: { body: notAuthenticated },
        },
        {
          note: 'An API key sent as a bearer token: 401.',
          method: 'GET',
          url,
          auth: [{ name: 'Authorization', value: 'Bearer fake-agents-api-key-0000' }],
          status: 401,
          response: { body: json({ detail: 'Invalid token' }) },
        },
      ],
    },
    {
      path: `recordings/agents/${operation}-403.har`,
      source,
      calls: [
        {
          note: 'An API key with a workspace id its owner is not a member of: 403.',
          method: 'GET',
          url,
          auth: apiKey('12'),
          status: 403,
          response: { body: forbidden },
        },
      ],
    },
    { path: `recordings/agents/${operation}-422.har`, source, calls: invalid },
  ];
}

export const agents: Recording[] = [
  ...campaignOperation('pause-campaign', 'POST', 'pause', {
    note: 'E1 pause campaign: the campaign is paused; calls in progress run to completion.',
    body: paused,
  }),
  {
    path: 'recordings/agents/pause-campaign-404.har',
    source,
    calls: [
      {
        note: 'E1 declares 404 when the campaign is not found.',
        method: 'POST',
        url: `${base}/campaign/99999/pause`,
        auth: bearer,
        status: 404,
        response: { body: json({ detail: 'Campaign not found' }) },
      },
      {
        note: 'E1 404 without a body: the source shows no 404 body "beyond its description" (x-body-open).',
        method: 'POST',
        url: `${base}/campaign/99998/pause`,
        auth: bearer,
        status: 404,
      },
    ],
  },
  {
    path: 'recordings/agents/pause-campaign-4XX.har',
    source,
    calls: [
      {
        note: 'E1 pause of a campaign that is not running: the source shows only the move from running to paused, so any 4xx passes (409 here).',
        method: 'POST',
        url: `${base}/campaign/381/pause`,
        auth: bearer,
        status: 409,
        response: { body: json({ detail: 'Campaign 381 is not running' }) },
      },
      {
        note: 'E1 pause of a campaign that is not running, answered 400 without a body (x-body-open).',
        method: 'POST',
        url: `${base}/campaign/381/pause`,
        auth: bearer,
        status: 400,
      },
    ],
  },
  ...campaignOperation('resume-campaign', 'POST', 'resume', {
    note: 'E2 resume campaign: dispatching continues (the state value after resume is not shown; running is plausible).',
    body: resumed,
  }),
  {
    path: 'recordings/agents/resume-campaign-4XX.har',
    source,
    calls: [
      {
        note: 'E2 resume of a campaign that is not paused: the source does not show the answer, so any 4xx passes (409 here).',
        method: 'POST',
        url: `${base}/campaign/381/resume`,
        auth: bearer,
        status: 409,
        response: { body: json({ detail: 'Campaign 381 is not paused' }) },
      },
      {
        note: 'E2 the same refusal in plain text: the source leaves the body and its media type open (x-body-open).',
        method: 'POST',
        url: `${base}/campaign/381/resume`,
        auth: bearer,
        status: 400,
        response: { body: { type: 'text/plain', text: 'campaign is not paused' } },
      },
    ],
  },
  ...campaignOperation('get-campaign-progress', 'GET', 'progress', {
    note: 'E3 campaign progress, payload names (total_rows, processed_rows, failed_calls, progress_percentage).',
    body: {
      campaign_id: 381,
      state: 'running',
      total_rows: 1200,
      processed_rows: 457,
      failed_calls: 12,
      progress_percentage: 38.08,
      source_sync: { last_synced_at: '2025-03-14T08:55:00Z', rows_added: 0 },
      rate_limit: 10,
      started_at: '2025-03-14T09:00:00Z',
      // A running campaign has no completion time: null must pass (the source leaves nullability open).
      completed_at: null,
    },
    more: (url) => [
      {
        note: 'E3 a campaign whose contact source is not synced yet: total_rows, started_at and completed_at null (the Campaign fields of the same names are nullable; the payload list leaves it open).',
        method: 'GET',
        url,
        auth: bearer,
        status: 200,
        response: {
          body: json({
            campaign_id: 381,
            state: 'created',
            total_rows: null,
            processed_rows: 0,
            failed_calls: 0,
            progress_percentage: 0,
            source_sync: {},
            rate_limit: 10,
            started_at: null,
            completed_at: null,
          }),
        },
      },
    ],
  }),
  ...readOperation(
    'list-agents',
    `${base}/workflow/fetch`,
    [
      {
        note: 'E5 list agents, active only, with a bearer token.',
        method: 'GET',
        url: `${base}/workflow/fetch?status=active`,
        auth: bearer,
        status: 200,
        response: { body: json(summaries) },
      },
      {
        note: 'E5 list agents, active and archived (comma-separated), with an API key and the organization header.',
        method: 'GET',
        url: `${base}/workflow/fetch?${query({ status: 'active,archived' })}`,
        auth: apiKey(),
        status: 200,
        response: { body: json([...summaries, archived]) },
      },
      {
        note: 'E5 list agents, a comma-separated list with a space after the comma (the source leaves spaces open).',
        method: 'GET',
        url: `${base}/workflow/fetch?${query({ status: 'active, archived' })}`,
        auth: bearer,
        status: 200,
        response: { body: json([...summaries, archived]) },
      },
      {
        note: 'E5 without status: every agent of the workspace.',
        method: 'GET',
        url: `${base}/workflow/fetch`,
        auth: apiKey(),
        status: 200,
        response: { body: json([...summaries, archived]) },
      },
      {
        note: 'E5 an agent without folder, mode or creator: null (the source leaves which agent fields are nullable open).',
        method: 'GET',
        url: `${base}/workflow/fetch`,
        auth: bearer,
        status: 200,
        response: {
          body: json([
            { ...archived, folder_id: null, assistant_mode: null, created_by: null, status: null },
          ]),
        },
      },
    ],
    [
      {
        note: 'status=deleted is neither active nor archived: 422 (rejected as expected).',
        method: 'GET',
        url: `${base}/workflow/fetch?status=deleted`,
        auth: bearer,
        status: 422,
        response: {
          body: json({
            detail: [
              {
                loc: ['query', 'status'],
                msg: "Value error, status must be 'active', 'archived' or a comma-separated list of them",
                type: 'value_error',
                input: 'deleted',
              },
            ],
          }),
        },
      },
    ],
  ),
  ...readOperation(
    'get-agent',
    `${base}/workflow/fetch/17`,
    [
      {
        note: 'E4 get agent, with an API key and the organization header.',
        method: 'GET',
        url: `${base}/workflow/fetch/17`,
        auth: apiKey(),
        status: 200,
        response: { body: json(fullAgent) },
      },
      {
        note: 'E4 get agent, with a bearer token.',
        method: 'GET',
        url: `${base}/workflow/fetch/17`,
        auth: bearer,
        status: 200,
        response: { body: json(fullAgent) },
      },
      {
        note: 'E4 get agent, a console request: bearer token and organization header (x-credential: false).',
        method: 'GET',
        url: `${base}/workflow/fetch/17`,
        auth: [...bearer, ...organizationHeader],
        status: 200,
        response: { body: json(fullAgent) },
      },
      {
        note: 'E4 get agent whose version fields and configurations are null (the source leaves which agent fields are nullable open).',
        method: 'GET',
        url: `${base}/workflow/fetch/17`,
        auth: bearer,
        status: 200,
        response: {
          body: json({
            ...fullAgent,
            version_status: null,
            workflow_configurations: null,
            call_disposition_codes: null,
            current_definition_id: null,
          }),
        },
      },
    ],
    [
      {
        note: 'workflow_id latest answered 422 with the validation body (the source says only that workflow_id identifies the agent, so the contract does not call the request invalid; the body is checked).',
        method: 'GET',
        url: `${base}/workflow/fetch/latest`,
        auth: apiKey(),
        status: 422,
        response: { body: intParsing('path', 'workflow_id', 'latest') },
      },
    ],
  ),
  ...readOperation(
    'list-runs',
    runs({ page: 1, limit: 50 }),
    [
      {
        note: 'E6 runs of March (inclusive UTC bounds), first page of 50.',
        method: 'GET',
        url: runs({
          start_date: '2025-03-01T00:00:00Z',
          end_date: '2025-03-31T23:59:59Z',
          page: 1,
          limit: 50,
        }),
        auth: bearer,
        status: 200,
        response: { body: json(runsPage) },
      },
      {
        note: 'E6 bounds in ISO 8601 forms that RFC 3339 lacks (minutes only; the basic format): the source names ISO 8601.',
        method: 'GET',
        url: runs({ start_date: '2025-03-01T00:00Z', end_date: '20250331T235959Z', page: 1, limit: 50 }),
        auth: bearer,
        status: 200,
        response: { body: json(runsPage) },
      },
      {
        note: 'E6 with every documented filter combination.',
        method: 'GET',
        url: runs({ filters: JSON.stringify(allFilters), limit: 100 }),
        auth: apiKey(),
        status: 200,
        response: {
          body: json({
            ...runsPage,
            runs: [run(1042, {})],
            total_count: 1,
            limit: 100,
            total_svc_tokens: 1820.5,
            total_duration_seconds: 143,
          }),
        },
      },
      {
        note: 'E6 an unknown filter attribute and an unsupported type are silently ignored.',
        method: 'GET',
        url: runs({
          filters: JSON.stringify([
            { attribute: 'sentiment', type: 'text', value: { value: 'positive' } },
            { attribute: 'runId', type: 'text', value: { value: '1042' } },
          ]),
          page: 2,
          limit: 1,
        }),
        auth: bearer,
        status: 200,
        response: {
          body: json({ ...runsPage, runs: [runsPage.runs[1]], page: 2, limit: 1, total_pages: 2 }),
        },
      },
      {
        note: 'E6 the date bounds are inclusive: runs created at the very start_date and end_date, written in other ISO 8601 forms than the bounds (x-filters compares instants).',
        method: 'GET',
        url: runs({ start_date: '20250301T000000Z', end_date: '2025-03-31T23:59:59Z', page: 1, limit: 50 }),
        auth: bearer,
        status: 200,
        response: {
          body: json({
            ...runsPage,
            runs: [
              run(1001, { created_at: '2025-03-01T00:00:00+00:00' }),
              run(1099, { created_at: '2025-03-31T23:59:59.000Z' }),
            ],
          }),
        },
      },
      {
        note: 'E6 a duration filter includes its bounds: runs of 61 s and 143 s for min 61, max 143.',
        method: 'GET',
        url: runs({
          filters: JSON.stringify([
            { attribute: 'duration', type: 'numberRange', value: { min: 61, max: 143 } },
          ]),
        }),
        auth: apiKey(),
        status: 200,
        response: { body: json(runsPage) },
      },
      {
        note: 'E6 a disposition code found inside a longer mapped disposition (the source leaves equality or containment open), and a run without gathered_context (not judged: the source leaves which run fields are present open).',
        method: 'GET',
        url: runs({
          filters: JSON.stringify([
            { attribute: 'dispositionCode', type: 'multiSelect', value: { codes: ['CALLBACK'] } },
          ]),
        }),
        auth: bearer,
        status: 200,
        response: {
          body: json({
            ...runsPage,
            runs: [
              run(1043, { gathered_context: { mapped_call_disposition: 'CALLBACK_REQUESTED' } }),
              run(1044, { gathered_context: undefined }),
            ],
          }),
        },
      },
      {
        note: 'E6 a run whose recording and transcript are not there yet: null (the source leaves which run fields are nullable open).',
        method: 'GET',
        url: runs({ page: 1, limit: 50 }),
        auth: bearer,
        status: 200,
        response: {
          body: json({
            ...runsPage,
            runs: [
              run(1045, {
                recording_url: null,
                transcript_url: null,
                disposition: null,
                charge_usd: null,
                gathered_context: null,
              }),
            ],
            total_count: 1,
          }),
        },
      },
    ],
    [
      {
        note: 'limit=500 is above 100: 422 with the validation error body (rejected as expected).',
        method: 'GET',
        url: runs({ limit: 500 }),
        auth: bearer,
        status: 422,
        response: {
          body: json({
            detail: [
              {
                loc: ['query', 'limit'],
                msg: 'Input should be less than or equal to 100',
                type: 'less_than_equal',
                input: '500',
                ctx: { le: 100 },
              },
            ],
          }),
        },
      },
      {
        note: 'start_date with a +02:00 offset is not UTC: 422 with the validation error body (rejected as expected).',
        method: 'GET',
        url: runs({ start_date: '2025-03-01T00:00:00+02:00' }),
        auth: bearer,
        status: 422,
        response: {
          body: json({
            detail: [
              {
                loc: ['query', 'start_date'],
                msg: 'Input should be a UTC date-time',
                type: 'value_error',
                input: '2025-03-01T00:00:00+02:00',
              },
            ],
          }),
        },
      },
      {
        note: 'page=0 is below 1: 422 (rejected as expected).',
        method: 'GET',
        url: runs({ page: 0, limit: 50 }),
        auth: apiKey(),
        status: 422,
        response: {
          body: json({
            detail: [
              {
                loc: ['query', 'page'],
                msg: 'Input should be greater than or equal to 1',
                type: 'greater_than_equal',
                input: '0',
                ctx: { ge: 1 },
              },
            ],
          }),
        },
      },
      {
        note: 'filters is not a JSON array: 422 (parameter-unparseable, rejected as expected).',
        method: 'GET',
        url: runs({ filters: 'campaignId=381' }),
        auth: bearer,
        status: 422,
        response: {
          body: json({
            detail: [
              {
                loc: ['query', 'filters'],
                msg: 'Invalid JSON',
                type: 'json_invalid',
                input: 'campaignId=381',
              },
            ],
          }),
        },
      },
    ],
  ),
  ...(
    [
      ['pause-campaign', 'POST', `${base}/campaign/381/pause`, bearer],
      ['resume-campaign', 'POST', `${base}/campaign/381/resume`, bearer],
      ['get-campaign-progress', 'GET', `${base}/campaign/381/progress`, bearer],
      ['get-agent', 'GET', `${base}/workflow/fetch/17`, apiKey()],
      ['list-agents', 'GET', `${base}/workflow/fetch`, apiKey()],
      ['list-runs', 'GET', runs({ page: 1, limit: 50 }), bearer],
    ] as const
  ).map(
    ([operation, method, url, auth]): Recording => ({
      path: `recordings/agents/${operation}-5XX.har`,
      source,
      calls: [
        {
          note: 'A 500: the source shows no 5xx for the agent service and leaves server errors open (5XX, x-body-open).',
          method,
          url,
          auth: [...auth],
          status: 500,
          response: { body: json({ detail: 'Internal Server Error' }) },
        },
        {
          note: 'A 502 from a gateway, as an HTML page: status, body and media type open (x-body-open).',
          method,
          url,
          auth: [...auth],
          status: 502,
          response: { body: { type: 'text/html', text: '<html><body>502 Bad Gateway</body></html>' } },
        },
      ],
    }),
  ),
];
