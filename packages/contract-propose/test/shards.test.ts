import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { proposalsOf, Tallies } from '../src/index.js';
import { addShards, talliesText } from '../src/shards.js';

const open = "The provider's documentation leaves the allowed values open.";
const document = {
  openapi: '3.1.0',
  paths: {
    '/t': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { kind: { type: 'string', description: open } } },
              },
            },
          },
        },
      },
    },
  },
};
const dir = mkdtempSync(join(tmpdir(), 'propose-shards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const match = { service: 't', method: 'GET', pathTemplate: '/t' };
const observe = (tallies: Tallies, kind: string, position: number) =>
  tallies.observe(
    match,
    {
      status: 200,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: JSON.stringify({ kind }),
    },
    position,
  );
const input = { digest: 'd', entries: 200 };

/** One run over `kinds`, and its shards 1/2 and 2/2 (every other entry) merged. */
function both(kinds: string[]): { one: Tallies; merged: Tallies } {
  const one = new Tallies(new Map([['t', document]]));
  const shards = [0, 1].map(() => new Tallies(new Map([['t', document]])));
  kinds.forEach((kind, i) => {
    observe(one, kind, i);
    observe(shards[i % 2] as Tallies, kind, i);
  });
  const files = shards.map((tallies, i) => {
    const file = join(dir, `s${i}.tallies.json`);
    writeFileSync(file, talliesText(tallies, { shard: { index: i + 1, count: 2 }, input }));
    return file;
  });
  const merged = new Tallies(new Map([['t', document]]));
  addShards(merged, files);
  return { one, merged };
}

describe('shards merged', () => {
  it('propose what one run proposes: an enum of few values', () => {
    const { one, merged } = both(Array.from({ length: 40 }, (_, i) => ['a', 'b', 'c'][i % 3] as string));
    expect(proposalsOf(merged)).toEqual(proposalsOf(one));
    expect(proposalsOf(merged).proposals[0]?.actions[0]?.update).toEqual({ enum: ['a', 'b', 'c'] });
  });

  it('know, as one run does, that more values were seen than are kept', () => {
    const { one, merged } = both(Array.from({ length: 160 }, (_, i) => `v${i % 80}`));
    const [mine, theirs] = [merged, one].map((t) => [...t.byAt.values()][0] as { overflow?: boolean });
    expect(mine?.overflow).toBe(true);
    expect(theirs?.overflow).toBe(true);
    expect(proposalsOf(merged).unsettled).toEqual(proposalsOf(one).unsettled);
  });

  it('refuse a missing shard and tallies of another input', () => {
    const { merged } = both(['a']);
    expect(() => addShards(merged, [join(dir, 's0.tallies.json')])).toThrow(
      'the tallies of 1 of 2 shards are missing',
    );
    writeFileSync(
      join(dir, 'other.tallies.json'),
      talliesText(merged, { shard: { index: 2, count: 2 }, input: { digest: 'x', entries: 1 } }),
    );
    expect(() => addShards(merged, [join(dir, 's0.tallies.json'), join(dir, 'other.tallies.json')])).toThrow(
      'not tallies of the shards of one run',
    );
    writeFileSync(join(dir, 'bad.tallies.json'), '{"overlay":"1.0.0"}');
    expect(() => addShards(merged, [join(dir, 'bad.tallies.json')])).toThrow(
      'bad.tallies.json: not the tallies',
    );
  });
});
