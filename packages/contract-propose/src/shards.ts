import { readFileSync } from 'node:fs';
import { isObject } from '@svc-contracts/openapi-utils';
import { keptValues, type Tallies, type Tally } from './tally.js';

/** Which shard of which input a run is (the checker's `Shard` and `InputIdentity`). */
export interface RunIdentity {
  shard?: { index: number; count: number } | undefined;
  input?: { digest: string; entries: number } | undefined;
}
type TalliesFile = RunIdentity & { contractPropose: 1; judged: number; tallies: Array<[string, Tally]> };

/** What `--propose` writes beside a shard's overlay: the counts `merge` adds up, never entries. */
export const talliesText = (tallies: Tallies, run: RunIdentity): string =>
  JSON.stringify(
    { contractPropose: 1, ...run, judged: tallies.judged, tallies: [...tallies.byAt] },
    (_, v) => (v instanceof Map ? { $map: [...v] } : v instanceof Set ? { $set: [...v] } : v),
  );

function readTallies(file: string): TalliesFile {
  let read: unknown;
  try {
    read = JSON.parse(readFileSync(file, 'utf8'), (_, v) =>
      isObject(v) && Array.isArray(v.$map)
        ? new Map(v.$map)
        : isObject(v) && Array.isArray(v.$set)
          ? new Set(v.$set)
          : v,
    );
  } catch (error) {
    throw new Error(`${file}: cannot read the tallies (${(error as Error).message})`);
  }
  if (isObject(read) && read.contractPropose === 1 && Array.isArray(read.tallies)) return read as never;
  throw new Error(`${file}: not the tallies contract-check --propose --shard writes beside an overlay`);
}

/** Adds the tallies of every shard of one run, checked as `merge` checks the reports: one input, one split,
 * each shard once. */
export function addShards(tallies: Tallies, files: string[]): void {
  const read = files.map((file) => ({ file, run: readTallies(file) }));
  const [first] = read;
  const count = first?.run.shard?.count ?? 1;
  const seen = new Set<number>();
  for (const { file, run } of read) {
    if ((run.shard?.count ?? 1) !== count || run.input?.digest !== first?.run.input?.digest)
      throw new Error(`${file} and ${first?.file} are not tallies of the shards of one run`);
    if (seen.has(run.shard?.index ?? 1)) throw new Error(`${file}: shard ${run.shard?.index}/${count} twice`);
    seen.add(run.shard?.index ?? 1);
    tallies.judged += run.judged;
    for (const [key, tally] of run.tallies) {
      const mine = tallies.byAt.get(key);
      if (mine) addInto(mine as never, tally as never, '');
      else tallies.byAt.set(key, { ...tally, last: -1 });
    }
  }
  if (seen.size < count)
    throw new Error(`the tallies of ${count - seen.size} of ${count} shards are missing`);
}

/** Counts add, flags join, maps and sets unite within the bounds one run keeps; the earliest example stays. */
function addInto(mine: Record<string, unknown>, theirs: Record<string, unknown>, field: string): void {
  for (const [key, value] of Object.entries(theirs)) {
    const own = mine[key];
    if (key === 'last' || key === 'plan' || key.startsWith('example')) continue;
    if (typeof value === 'number') mine[key] = (own as number) + value;
    else if (typeof value === 'boolean') mine[key] = own || value;
    else if (value instanceof Set && own instanceof Set) {
      for (const item of value) if (own.size < (key === 'sources' ? 16 : 8)) own.add(item);
    } else if (value instanceof Map && own instanceof Map) {
      for (const [name, item] of value) {
        const known = own.get(name);
        if (known === undefined && own.size >= keptValues && (key === 'values' || key === 'members')) {
          if (key === 'values') mine.overflow = true;
        } else if (typeof item === 'number') own.set(name, ((known as number | undefined) ?? 0) + item);
        else if (known !== undefined) addInto(known, item, key);
        else own.set(name, item);
      }
    }
  }
  if (field === '' && (theirs.exampleAt as number) < ((mine.exampleAt as number | undefined) ?? Infinity))
    Object.assign(mine, { example: theirs.example, exampleAt: theirs.exampleAt });
}
