/** The semver bump a difference asks for: `major` can break a client, `minor` adds, `patch` only documents. */
export type Level = 'major' | 'minor' | 'patch';

/** What a check says about a client: it breaks, it may break (cannot be proven either way), or it does not. */
export type Severity = 'breaking' | 'possibly-breaking' | 'not-breaking';

/** Who writes the value a check reads, from the client's side: `request` it writes, `response` it reads. */
export type Side = 'request' | 'response' | 'both';

/** One check of the catalogue, as written in a family module (the id is its key). */
export interface CheckSpec {
  level: Severity;
  direction: Side;
  /** The part of the spec the check reads (`paths.*.*.parameters[*].required`). */
  reads: string;
  /** One line: what changed, and why a client is (not) broken by it. */
  doc: string;
  /** The semver bump the gate asks for; default: `major` for (possibly) breaking, `minor` otherwise. */
  bump?: Level;
  /** oasdiff's id for the same check, when it has one. */
  oasdiff?: string;
  /** Where the gate departs from oasdiff or from the wire on purpose, and why. */
  policy?: string;
}

/** A check of a schema keyword, defined once and emitted on each side with its own level. */
export interface SchemaCheckSpec {
  /** Level when the schema is one the client writes; absent when the check does not apply there. */
  request?: Severity;
  /** Level when the schema is one the client reads. */
  response?: Severity;
  reads: string;
  doc: string;
  /** oasdiff's id for the same check on each side, when it has one. */
  oasdiff?: { request?: string; response?: string };
  policy?: string;
}

/** A catalogue row: a check with its id and family. */
export interface Check extends Omit<CheckSpec, 'bump'> {
  id: string;
  family: string;
  bump: Level;
}

export function bumpOf(spec: { level: Severity; bump?: Level }): Level {
  return spec.bump ?? (spec.level === 'not-breaking' ? 'minor' : 'major');
}
