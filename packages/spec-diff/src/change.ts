/** How far a difference reaches: `major` can break a client, `minor` adds, `patch` only documents. */
export type Level = 'major' | 'minor' | 'patch';

/** One classified difference between two versions of a contract. */
export interface Change {
  /** Machine name of the rule that classified it (`removed-property`, `tighter-bound`, …). */
  kind: string;
  level: Level;
  /** JSON pointer (`#/paths/…`, `#/components/schemas/…`) or XSD path (`Order/SiteId`) where it happened. */
  pointer: string;
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
