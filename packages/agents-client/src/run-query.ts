import { InvalidRequestError } from '@svc-contracts/client-runtime';
import { schemaPatterns } from './generated/operations.js';
import type { operations } from './generated/schema.js';
import { serializeRunFilters } from './run-filters.js';
import type { RunFilter } from './types.js';

type RunsQuery = NonNullable<operations['listRuns']['parameters']['query']>;

/** The parameters of list runs, with dates as `Date` or UTC text and `filters` as filter objects. */
export interface ListRunsParams {
  /**
   * Inclusive lower bound on `created_at`, in UTC: a `Date` (sent as `toISOString()` gives it) or ISO 8601
   * text in UTC, as the contract's `UtcDateTime` pattern accepts it (`2025-03-01T00:00:00Z`,
   * `2025-03-01T00:00Z`, `20250301T000000Z`, `+00:00`...).
   */
  start_date?: Date | string;
  /** Inclusive upper bound on `created_at`, in UTC. */
  end_date?: Date | string;
  /** Page number, at least 1. */
  page?: number;
  /** Page size, from 1 to 100. */
  limit?: number;
  /** Filters, built with `runFilter` (sent as the JSON text the service expects). */
  filters?: readonly RunFilter[];
}

// The contract's own pattern (generated from specs/common/schemas/UtcDateTime.yaml), with the `u` flag
// JSON Schema reads patterns with.
const UTC_DATE_TIME = new RegExp(schemaPatterns.UtcDateTime, 'u');

/** Checks the parameters against the documented bounds and turns them into the query openapi-fetch sends. */
export function toRunsQuery(params: ListRunsParams = {}): RunsQuery {
  const query: RunsQuery = {};
  if (params.page !== undefined) query.page = integerAtLeast(params.page, 'page', 1, Number.MAX_SAFE_INTEGER);
  if (params.limit !== undefined) query.limit = integerAtLeast(params.limit, 'limit', 1, 100);
  if (params.start_date !== undefined) query.start_date = utcDateTime(params.start_date, 'start_date');
  if (params.end_date !== undefined) query.end_date = utcDateTime(params.end_date, 'end_date');
  const filters = serializeRunFilters(params.filters);
  if (filters !== undefined) query.filters = filters;
  return query;
}

function integerAtLeast(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range =
      max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer from ${min} to ${max}`;
    throw new InvalidRequestError(`${name} must be ${range}, got ${String(value)}.`);
  }
  return value;
}

function utcDateTime(value: Date | string, name: string): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new InvalidRequestError(`${name} is an invalid Date.`);
    return value.toISOString();
  }
  if (typeof value !== 'string' || !UTC_DATE_TIME.test(value)) {
    throw new InvalidRequestError(
      `${name} must be a Date or an ISO 8601 date-time in UTC (ending in Z or a zero offset such as +00:00), got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}
