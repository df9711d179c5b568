import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseShard } from '../src/core/shard.js';
import type { Report } from '../src/index.js';
import { fixtureConfig, fixtures, runCliCapturing } from './helpers.js';

const recordings = [join(fixtures, 'har', 'fleet.har'), join(fixtures, 'har', 'numbers.har')];

const cli = (...args: string[]) => runCliCapturing(args);

const check = (...args: string[]) => cli('--config', fixtureConfig, ...args);

let scratch: string;
let whole: Report;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'contract-check-shard-'));
  const { stdout } = await check('--json', '--coverage', ...recordings);
  whole = JSON.parse(stdout) as Report;
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function shardReports(count: number): Promise<string[]> {
  const files: string[] = [];
  for (let index = 1; index <= count; index++) {
    const { stdout } = await check('--json', '--coverage', '--shard', `${index}/${count}`, ...recordings);
    const file = join(scratch, `shard-${index}-of-${count}.json`);
    await writeFile(file, stdout);
    files.push(file);
  }
  return files;
}

describe('--shard and merge', () => {
  it('the streamed --json report is one JSON document: every entry but the passes, in input order', () => {
    expect(whole.entries.length).toBeGreaterThan(0);
    const positions = whole.entries.map((entry) => entry.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(whole.entries.every((entry) => entry.verdict === 'violation')).toBe(true);
    expect(whole.failed).toBe(whole.entries.length);
    expect(whole.passed).toBeGreaterThan(5);
    expect(whole.coverage?.totalCells).toBeGreaterThan(0);
  });

  it('shards split the entries without overlap, and their merge is the whole run', async () => {
    const files = await shardReports(3);
    const parts = await Promise.all(
      files.map(async (file) => JSON.parse(await readFile(file, 'utf8')) as Report),
    );
    const positions = parts.flatMap((part) => part.entries.map((entry) => entry.position));
    expect(new Set(positions).size).toBe(positions.length);
    expect(parts.map((part) => part.shard)).toEqual([
      { index: 1, count: 3 },
      { index: 2, count: 3 },
      { index: 3, count: 3 },
    ]);
    // Each shard alone has only its own coverage; the merge has the whole run's.
    expect(parts[1]?.coverage?.coveredCells).toBeLessThan(whole.coverage?.coveredCells ?? 0);

    const merged = await cli('merge', '--json', ...files.reverse());
    const report = JSON.parse(merged.stdout) as Report;
    expect(merged.code).toBe(whole.exitCode);
    expect(report.entries).toEqual(whole.entries);
    expect(report.coverage).toEqual(whole.coverage);
    expect([report.passed, report.failed]).toEqual([whole.passed, whole.failed]);

    const text = await cli('merge', ...files);
    expect(text.stdout.trimEnd().split('\n').at(-1)).toBe(`${whole.passed} passed, ${whole.failed} failed`);
    expect(text.stdout).toContain('coverage: ');
  });

  it('a missing or doubled shard, or a report that is not one, fails the merge with exit 2', async () => {
    const [first, second] = await shardReports(3);
    const missing = await cli('merge', first as string, second as string);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('shard 3/3 missing');
    const doubled = await cli('merge', first as string, first as string);
    expect(doubled.code).toBe(2);
    expect(doubled.stderr).toContain('are both shard 1/3');
    await writeFile(join(scratch, 'other.json'), '{"not":"a report"}');
    const foreign = await cli('merge', join(scratch, 'other.json'));
    expect(foreign.stderr).toContain('not a contract-check --json report');
    const none = await cli('merge');
    expect(none.code).toBe(2);
  });

  it('the shard counts its own entries; file problems are reported by shard 1 only', async () => {
    const missingPath = join(scratch, 'nowhere.har');
    const one = await check('--shard', '1/2', missingPath, ...recordings);
    const two = await check('--shard', '2/2', missingPath, ...recordings);
    expect(one.stdout).toContain(`input error: ${missingPath}: no such file or folder`);
    expect(two.stdout).not.toContain('input error');
    expect(two.stdout.trimEnd().split('\n').at(-1)).toMatch(/^\d+ passed, \d+ failed \(shard 2\/2\)$/);
  });

  it('refuses a malformed --shard and --mutation with --shard', async () => {
    for (const value of ['0/2', '3/2', 'a/b', '1/0', '2']) {
      const result = await check('--shard', value, ...recordings);
      expect(result.code, value).toBe(2);
      expect(result.stderr).toContain('--shard takes INDEX/COUNT');
    }
    const mutation = await check('--shard', '1/2', '--mutation', ...recordings);
    expect(mutation.code).toBe(2);
    expect(mutation.stderr).toContain('--mutation cannot be combined with --shard');
    expect(parseShard(' 2/4 ')).toEqual({ index: 2, count: 4 });
  });
});

describe('one way to use several cores', () => {
  it('refuses --workers: shards are the way (one process per core, then merge)', async () => {
    const result = await check('--workers', '2', ...recordings);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--workers');
  });
});
