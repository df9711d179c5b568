import { type ErrorResponses, TypedApiError } from '@svc-contracts/client-runtime';
import type { operations } from './generated/schema.js';
import type { HTTPValidationError, ValidationErrorItem } from './types.js';

/** The error answers of every agents operation: `{ status: 422; body: HTTPValidationError } | ...`. */
export type AgentsErrorResponses = ErrorResponses<operations[keyof operations]>;

/**
 * A non-2xx answer of the agent service. `hasStatus(422)` narrows `body` to the validation error body;
 * the 401, 403 and 404 bodies are open in the contract (`unknown`).
 */
export class AgentsApiError extends TypedApiError<AgentsErrorResponses> {
  override name = 'AgentsApiError';

  /** The validation failures of a 422 answer, empty for any other status. */
  get validationErrors(): ValidationErrorItem[] {
    if (!this.hasStatus(422)) return [];
    const detail = (this.body as HTTPValidationError | undefined)?.detail;
    return Array.isArray(detail) ? detail : [];
  }
}

/** A short human-readable summary of an agents error body, for the error message. */
export function agentsErrorDetail(body: unknown): string | undefined {
  if (typeof body === 'string') return body.slice(0, 200) || undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const detail = (body as { detail?: unknown }).detail;
  if (typeof detail === 'string') return detail;
  if (!Array.isArray(detail)) return undefined;
  return detail
    .slice(0, 3)
    .map((item: Partial<ValidationErrorItem>) => `${(item.loc ?? []).join('.')}: ${item.msg ?? ''}`)
    .join('; ');
}
