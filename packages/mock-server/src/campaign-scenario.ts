import type { OperationMatch } from '@svc-contracts/contract-checker';
import type { Violation } from '@svc-contracts/error-answers';
import {
  deref,
  firstExample,
  isObject,
  type JsonObject,
  type OpenApiDocument,
  operationsOf,
} from '@svc-contracts/openapi-utils';

/** What the scenario makes of a request Prism has answered with success. */
export type ScenarioOutcome =
  | { kind: 'answer'; body: unknown }
  | { kind: 'refuse'; status: number; violations: Violation[] };

export interface Scenario {
  /** `undefined` when the scenario has nothing to say about this operation. */
  apply(match: OperationMatch, body: unknown): ScenarioOutcome | undefined;
}

/** Pause and resume change what progress reports (`--stateful`). */
export class CampaignScenario implements Scenario {
  private readonly states = new Map<string, string>();
  private readonly running: string;
  private readonly paused: string;
  private readonly resumed: string;

  private constructor(operations: Map<string, JsonObject>, spec: OpenApiDocument) {
    this.running = stateOf(spec, operations.get('getCampaignProgress')) ?? 'running';
    this.paused = stateOf(spec, operations.get('pauseCampaign')) ?? 'paused';
    this.resumed = stateOf(spec, operations.get('resumeCampaign')) ?? this.running;
  }

  /** The scenario for a service that has pause and resume operations, else `undefined`. */
  static for(spec: OpenApiDocument): CampaignScenario | undefined {
    const operations = new Map<string, JsonObject>();
    for (const { operation } of operationsOf(spec, ['paths'])) {
      if (typeof operation.operationId === 'string') operations.set(operation.operationId, operation);
    }
    if (!operations.has('pauseCampaign') || !operations.has('resumeCampaign')) return undefined;
    return new CampaignScenario(operations, spec);
  }

  apply(match: OperationMatch, body: unknown): ScenarioOutcome | undefined {
    const [param, id] = Object.entries(match.pathParams)[0] ?? [];
    if (param === undefined || id === undefined) return undefined;
    const current = this.states.get(id) ?? this.running;

    if (match.operationId === 'pauseCampaign' || match.operationId === 'resumeCampaign') {
      const pausing = match.operationId === 'pauseCampaign';
      const from = pausing ? this.running : this.paused;
      if (current !== from) {
        const verb = pausing ? 'paused' : 'resumed';
        return {
          kind: 'refuse',
          status: 422,
          violations: [
            {
              rule: 'campaign-state',
              message: `Campaign ${id} is ${current}: only a ${from} campaign can be ${verb}. (422 and this body are the mock's choice: the source does not show the answer for a campaign that is not ${from}.)`,
              pointer: `path:${param}`,
              side: 'request',
            },
          ],
        };
      }
      const next = pausing ? this.paused : this.resumed;
      this.states.set(id, next);
      return { kind: 'answer', body: withState(body, id, next) };
    }
    if (match.operationId === 'getCampaignProgress')
      return { kind: 'answer', body: withState(body, id, current) };
    return undefined;
  }
}

function stateOf(spec: OpenApiDocument, operation: JsonObject | undefined): string | undefined {
  const responses = operation?.responses;
  const ok = isObject(responses) ? deref(spec, responses['200']) : undefined;
  const content = isObject(ok) && isObject(ok.content) ? ok.content : {};
  for (const media of Object.values(content)) {
    const example = isObject(media) ? firstExample(spec, media) : undefined;
    if (isObject(example) && typeof example.state === 'string') return example.state;
  }
  return undefined;
}

/** The example body with this campaign's id and state. */
function withState(body: unknown, id: string, state: string): unknown {
  if (!isObject(body)) return body;
  const out: JsonObject = { ...body, state };
  for (const key of ['id', 'campaign_id']) {
    if (key in out) out[key] = typeof out[key] === 'number' && /^-?\d+$/.test(id) ? Number(id) : id;
  }
  return out;
}
