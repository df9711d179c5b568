import type { CheckId, Severity } from './catalogue/index.js';
import type { Level } from './catalogue/types.js';

// The bump a difference asks for is defined beside the catalogue, which ranks each check by one.
export type { Level };

/** Who writes the value, from the client's side: `request` it writes, `response` it reads. */
export type Direction = 'request' | 'response';

/** One classified difference between two versions of a contract. */
export interface Change {
  /** The catalogue id of the check that found it (`response-property-removed`, …). */
  id: CheckId;
  /** The bump it asks for (the catalogue's, for this id). */
  level: Level;
  /** The catalogue's verdict for a client: breaking, possibly breaking, not breaking. */
  severity: Severity;
  /** Request (the client writes it) or response (it reads it); `both` for documentation and role-free XSD checks. */
  direction: Direction | 'both';
  /** Where to look: JSON pointer (`#/paths/…`, `#/components/schemas/…`) or XSD path (`Order/SiteId`). */
  pointer: string;
  /** JSON pointer in the old document, when the changed part exists there. */
  before?: string;
  /** JSON pointer in the new document, when the changed part exists there. */
  after?: string;
  /** The file it was found in, when the caller knows it (the repository mode sets it). */
  file?: string;
  /** The operation it was reached from (`POST /items`, `webhook orderEvent POST`), when there is one. */
  operation?: string;
  /** Human reason, for example ``removed property `state` ``. */
  reason: string;
}

const rank: Record<Level | 'none', number> = { none: 0, patch: 1, minor: 2, major: 3 };

/** The order of bump levels (`none` < `patch` < `minor` < `major`). */
export function levelRank(level: Level | 'none'): number {
  return rank[level];
}

/** The highest level any change needs, or `none` when there is no change. */
export function requiredBump(changes: readonly Change[]): Level | 'none' {
  let best: Level | 'none' = 'none';
  for (const change of changes) if (rank[change.level] > rank[best]) best = change.level;
  return best;
}

/** `reason at pointer`, the way every message prints a change. */
export function describeChange(change: Change): string {
  return `${change.reason} at ${change.pointer}`;
}

/** `reason (response, GET /agents) at pointer [id]`: a verdict line that says which side and where. */
export function describeChangeFully(change: Change): string {
  const where = [change.direction === 'both' ? '' : change.direction, change.operation ?? '']
    .filter(Boolean)
    .join(', ');
  return `${change.reason}${where ? ` (${where})` : ''} at ${change.pointer} [${change.id}]`;
}
