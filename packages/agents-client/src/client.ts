import {
  type CallOptions,
  type ClientOptions,
  credentialCheck,
  errorInit,
  type FailedResponse,
  InvalidRequestError,
  ServiceClient,
} from '@svc-contracts/client-runtime';
import { type AgentsCredentials, describeAlternatives, resolveCredentials } from './credentials.js';
import { AgentsApiError, agentsErrorDetail } from './errors.js';
import { contract } from './generated/operations.js';
import type { paths } from './generated/schema.js';
import { type ListRunsParams, toRunsQuery } from './run-query.js';
import type {
  Agent,
  AgentStatus,
  AgentSummary,
  Campaign,
  CampaignProgress,
  RunsPage,
  RunWithUsage,
} from './types.js';

export interface AgentsClientOptions extends ClientOptions {
  credentials: AgentsCredentials;
}

/**
 * Client of the agent platform API: agents, campaigns and usage runs.
 *
 * ```ts
 * const agents = new AgentsClient({ baseUrl, credentials: { bearerToken: () => session.accessToken() } });
 * const agent = await agents.getAgent(17);
 * ```
 *
 * Every operation is also reachable untouched through `raw`, the typed openapi-fetch client
 * (`agents.raw.GET('/api/v1/workflow/fetch/{workflow_id}', { params: { path: { workflow_id: 17 } } })`),
 * with the same credentials, retries, timeouts and checks.
 */
export class AgentsClient extends ServiceClient<paths> {
  /** Which credentials this client sends. */
  readonly credentialKind: 'apiKey' | 'bearer';

  constructor(options: AgentsClientOptions) {
    const credentials = resolveCredentials(options?.credentials);
    const guard = credentialCheck(
      contract,
      credentials.schemes,
      (operationId, info) =>
        `${operationId} accepts only ${describeAlternatives(info.security)}, and this client was created with ${
          credentials.kind === 'apiKey' ? 'an API key' : 'a user access token'
        }; the service rejects ${credentials.kind === 'apiKey' ? 'API keys' : 'it'} there, so the request was not sent.`,
    );
    super({ options, auth: credentials.auth, checks: [guard], service: 'Agents', contract });
    this.credentialKind = credentials.kind;
  }

  /** Pauses a running campaign (bearer token only). Calls in progress run to completion. */
  async pauseCampaign(campaignId: number, call?: CallOptions): Promise<Campaign> {
    return this.send(
      'POST',
      this.api.POST('/api/v1/campaign/{campaign_id}/pause', {
        params: { path: { campaign_id: id(campaignId, 'campaignId') } },
        ...this.init(call),
      }),
    );
  }

  /** Resumes a paused campaign (bearer token only). */
  async resumeCampaign(campaignId: number, call?: CallOptions): Promise<Campaign> {
    return this.send(
      'POST',
      this.api.POST('/api/v1/campaign/{campaign_id}/resume', {
        params: { path: { campaign_id: id(campaignId, 'campaignId') } },
        ...this.init(call),
      }),
    );
  }

  /** The progress counters of a campaign (bearer token only). */
  async getCampaignProgress(campaignId: number, call?: CallOptions): Promise<CampaignProgress> {
    return this.send(
      'GET',
      this.api.GET('/api/v1/campaign/{campaign_id}/progress', {
        params: { path: { campaign_id: id(campaignId, 'campaignId') } },
        ...this.init(call),
      }),
    );
  }

  /** One agent (workflow) in full. */
  async getAgent(workflowId: number, call?: CallOptions): Promise<Agent> {
    return this.send(
      'GET',
      this.api.GET('/api/v1/workflow/fetch/{workflow_id}', {
        params: { path: { workflow_id: id(workflowId, 'workflowId') } },
        ...this.init(call),
      }),
    );
  }

  /** The agents of the workspace; `status` filters by one status or several (all when omitted). */
  async listAgents(
    params: { status?: AgentStatus | readonly AgentStatus[] } = {},
    call?: CallOptions,
  ): Promise<AgentSummary[]> {
    const status = params.status === undefined ? undefined : statusQuery(params.status);
    return this.send(
      'GET',
      this.api.GET('/api/v1/workflow/fetch', {
        params: { query: status === undefined ? {} : { status } },
        ...this.init(call),
      }),
    );
  }

  /** One page of runs with usage and totals. `limit` is 1 to 100, `page` at least 1. */
  async listRuns(params: ListRunsParams = {}, call?: CallOptions): Promise<RunsPage> {
    const query = toRunsQuery(params);
    return this.send(
      'GET',
      this.api.GET('/api/v1/organizations/usage/runs', {
        params: { query },
        ...this.init(call),
      }),
    );
  }

  /**
   * Every page of runs from `page` (default 1) until `total_pages`, one request per page, fetched as the
   * loop asks for them. Stops early when a page comes back empty or without `total_pages`.
   */
  async *iterateRunPages(
    params: ListRunsParams = {},
    call?: CallOptions,
  ): AsyncGenerator<RunsPage, void, undefined> {
    let page = params.page ?? 1;
    for (;;) {
      const result = await this.listRuns({ ...params, page }, call);
      yield result;
      const totalPages = result.total_pages;
      if (typeof totalPages !== 'number' || page >= totalPages || (result.runs ?? []).length === 0) return;
      page++;
    }
  }

  /** Every run of every page: `for await (const run of client.iterateRuns({ limit: 100 })) ...`. */
  async *iterateRuns(
    params: ListRunsParams = {},
    call?: CallOptions,
  ): AsyncGenerator<RunWithUsage, void, undefined> {
    for await (const page of this.iterateRunPages(params, call)) yield* page.runs ?? [];
  }

  protected createError(failure: FailedResponse): AgentsApiError {
    return new AgentsApiError({ ...errorInit('Agents', failure), detail: agentsErrorDetail(failure.body) });
  }
}

function id(value: number, name: string): number {
  if (!Number.isSafeInteger(value))
    throw new InvalidRequestError(`${name} must be an integer, got ${String(value)}.`);
  return value;
}

function statusQuery(status: AgentStatus | readonly AgentStatus[]): string {
  const values: readonly unknown[] = Array.isArray(status) ? status : [status];
  if (values.length === 0 || values.some((value) => value !== 'active' && value !== 'archived')) {
    throw new InvalidRequestError(
      `status must be 'active', 'archived' or a list of them, got ${JSON.stringify(status)}.`,
    );
  }
  return values.join(',');
}
