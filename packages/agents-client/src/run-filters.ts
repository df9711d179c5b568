import { InvalidRequestError } from '@svc-contracts/client-runtime';
import type { components } from './generated/schema.js';
import type { RunFilter } from './types.js';

type Schemas = components['schemas'];

/**
 * Builds the seven filter shapes of list runs (`RunFilter` in the contract), so `attribute`, `type` and
 * the value shape always go together:
 *
 * ```ts
 * client.listRuns({ filters: [runFilter.campaignId(381), runFilter.duration({ min: 30, max: 300 })] });
 * ```
 */
export const runFilter = {
  /** The run with exactly this id. */
  runId: (id: number): Schemas['RunIdFilter'] => ({
    attribute: 'runId',
    type: 'number',
    value: { value: num(id, 'runId') },
  }),
  /** The runs of the agent (workflow) with exactly this id. */
  workflowId: (id: number): Schemas['WorkflowIdFilter'] => ({
    attribute: 'workflowId',
    type: 'number',
    value: { value: num(id, 'workflowId') },
  }),
  /** The runs of the campaign with exactly this id. */
  campaignId: (id: number): Schemas['CampaignIdFilter'] => ({
    attribute: 'campaignId',
    type: 'number',
    value: { value: num(id, 'campaignId') },
  }),
  /** The runs whose `initial_context.caller_number` contains the text. */
  callerNumber: (text: string): Schemas['CallerNumberFilter'] => ({
    attribute: 'callerNumber',
    type: 'text',
    value: { value: str(text, 'callerNumber') },
  }),
  /** The runs whose `initial_context.called_number` contains the text. */
  calledNumber: (text: string): Schemas['CalledNumberFilter'] => ({
    attribute: 'calledNumber',
    type: 'text',
    value: { value: str(text, 'calledNumber') },
  }),
  /** The runs where any of the codes is in `gathered_context.mapped_call_disposition`. */
  dispositionCode: (codes: readonly string[]): Schemas['DispositionCodeFilter'] => {
    if (!Array.isArray(codes))
      throw new InvalidRequestError('dispositionCode filter: codes must be an array of strings.');
    return {
      attribute: 'dispositionCode',
      type: 'multiSelect',
      value: { codes: codes.map((code) => str(code, 'dispositionCode')) },
    };
  },
  /** The runs whose call duration in seconds is between `min` and `max`, both included. */
  duration: (range: { min: number; max: number }): Schemas['DurationFilter'] => ({
    attribute: 'duration',
    type: 'numberRange',
    value: { min: num(range?.min, 'duration min'), max: num(range?.max, 'duration max') },
  }),
} as const;

/**
 * The `filters` query value: the JSON text of the array, which the service parses (openapi-fetch then
 * percent-encodes it in the query string). An empty list gives `undefined`: the parameter is left out.
 */
export function serializeRunFilters(filters: readonly RunFilter[] | undefined): string | undefined {
  if (filters === undefined) return undefined;
  if (!Array.isArray(filters)) throw new InvalidRequestError('filters must be an array of run filters.');
  if (filters.length === 0) return undefined;
  for (const [index, filter] of filters.entries()) {
    const candidate = filter as Partial<Record<'attribute' | 'type' | 'value', unknown>> | null;
    if (
      typeof candidate !== 'object' ||
      candidate === null ||
      typeof candidate.attribute !== 'string' ||
      typeof candidate.type !== 'string' ||
      !('value' in candidate)
    ) {
      throw new InvalidRequestError(
        `filters[${index}] must be an object with attribute, type and value (use runFilter).`,
      );
    }
  }
  return JSON.stringify(filters);
}

function num(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvalidRequestError(`${what} filter: the value must be a finite number, got ${String(value)}.`);
  }
  return value;
}

function str(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new InvalidRequestError(`${what} filter: the value must be a string.`);
  return value;
}
