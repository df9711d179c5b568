// What every family module shares while two documents are compared: the documents, where the walk is
// (a pointer in each), the operation it came from, and the one place a change is recorded.
import { derefWithPointer, escapePointer, isObject, type JsonObject } from '@svc-contracts/openapi-utils';
import { type CheckId, checkOf, type SchemaCheck } from '../catalogue/index.js';
import type { Change, Direction } from '../change.js';

export type Json = JsonObject;

/** Where the walk is: `b` in the old document, `a` in the new one, and `p` the pointer a change is reported
 * at (the new side's referenced component when there is one, else the old side's, else the inline path). */
export interface Loc {
  p: string;
  b: string;
  a: string;
}

export function rootLoc(pointer: string): Loc {
  return { p: pointer, b: pointer, a: pointer };
}

/** The location one step further; `segment` is escaped here. */
export function child(loc: Loc, ...segments: Array<string | number>): Loc {
  const tail = segments.map((segment) => `/${escapePointer(String(segment))}`).join('');
  return { p: loc.p + tail, b: loc.b + tail, a: loc.a + tail };
}

/** Which sides hold the changed part: a removal exists only before, an addition only after. */
export type Sides = 'both' | 'before' | 'after';

export function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function show(value: unknown): string {
  return `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
}

/** The id of a schema check on one side (`response-type-narrowed`). */
export function sided(direction: Direction, check: SchemaCheck): CheckId {
  return `${direction}-${check}` as CheckId;
}

/** How deep schemas may nest before the comparison stops: far beyond any real spec, well within the stack. */
export const maxSchemaDepth = 256;

/** A limit stopped the comparison: the documents were not judged (the CLI exits 2 with this message). */
export class SpecDiffLimitError extends Error {
  override name = 'SpecDiffLimitError';
}

export class Walk {
  readonly changes: Change[] = [];
  /** How many schemas the comparison is inside of (see maxSchemaDepth). */
  depth = 0;
  /** Pairs of referenced schemas already compared, per direction (cycle-safe, each side judged once). */
  readonly seen = new Set<string>();
  /** The operation the walk is in (`POST /items`), for the verdict lines. */
  operation: string | undefined;
  /** Path parameters of the old path renamed in the new one (same URL template), old name → new name. */
  pathRenames = new Map<string, string>();

  constructor(
    readonly before: Json,
    readonly after: Json,
  ) {}

  /** Changes already recorded (one place compared twice, a base schema gathered by several allOfs). */
  private readonly recorded = new Set<string>();

  emit(id: CheckId, loc: Loc, reason: string, sides: Sides = 'both'): void {
    const key = `${id}|${loc.p}|${sides === 'after' ? '' : loc.b}|${sides === 'before' ? '' : loc.a}|${reason}`;
    if (this.recorded.has(key)) return;
    this.recorded.add(key);
    const check = checkOf(id);
    const change: Change = {
      id,
      level: check.bump,
      severity: check.level,
      direction: check.direction,
      pointer: loc.p,
      reason,
    };
    if (sides !== 'after') change.before = loc.b;
    if (sides !== 'before') change.after = loc.a;
    if (this.operation !== undefined) change.operation = this.operation;
    this.changes.push(change);
  }

  /** Follows local `$ref`s (`#/…`) on both sides. A change is reported where the new side's component lives
   * (shared by whoever refers to it); where only the old side referred to one, at the place that no longer
   * does. A dangling reference is compared as it is written. */
  resolvePair(
    rawBefore: unknown,
    rawAfter: unknown,
    loc: Loc,
  ): { b: unknown; a: unknown; loc: Loc; refB: boolean; refA: boolean } {
    const b = this.resolve(this.before, rawBefore, loc.b);
    const a = this.resolve(this.after, rawAfter, loc.a);
    return {
      b: b.node,
      a: a.node,
      refB: b.ref,
      refA: a.ref,
      loc: { p: a.ref ? a.pointer : loc.p, b: b.pointer, a: a.pointer },
    };
  }

  resolve(doc: Json, node: unknown, pointer: string): { node: unknown; pointer: string; ref: boolean } {
    const found = derefWithPointer(doc, node, pointer);
    if (found.node === undefined && node !== undefined) return { node, pointer, ref: false };
    return { ...found, ref: found.node !== node };
  }

  /** The object a node is or refers to; `{}` for anything else, so a missing part compares as empty. */
  objectOf(doc: Json, node: unknown): Json {
    const { node: resolved } = this.resolve(doc, node, '');
    return isObject(resolved) ? resolved : {};
  }
}

export const documentationKeys = ['description', 'title', 'summary', 'example', 'examples'] as const;

/** Documentation keys (description, title, summary, example, examples): patch. */
export function documentation(walk: Walk, before: unknown, after: unknown, loc: Loc): void {
  if (!isObject(before) || !isObject(after)) return;
  for (const key of documentationKeys) {
    if (same(before[key], after[key])) continue;
    const verb = before[key] === undefined ? 'added' : after[key] === undefined ? 'removed' : 'changed';
    walk.emit(
      'documentation-changed',
      child(loc, key),
      `${verb} ${key}`,
      verb === 'added' ? 'after' : verb === 'removed' ? 'before' : 'both',
    );
  }
}

export function objectOr(value: unknown): Json {
  return isObject(value) ? value : {};
}
