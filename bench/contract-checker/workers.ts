// `tsx bench/contract-checker/workers.ts [--mb 40,150] [--formats ndjson,har] [--runs 3]`: the built
// `contract-check` on one recording per size and format with --workers 1 and --workers 2 (and as many as
// the machine has cores, if more): wall time, entries/s, peak RSS and the speed-up over one thread,
// median of the runs. The runs alternate (1, 2, 1, 2, ...) so that load from other work on the machine
// falls on both alike. The input is every entry of contract-tests/recordings repeated.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measure } from '../lib/timed-run.ts';
import { recordedEntries, repositoryRoot as root, writeRecording } from './recorded-entries.ts';

const bin = join(root, 'packages/contract-checker/dist/cli.js');

/** One run of the built contract-check, its report discarded: wall seconds and peak RSS in MB. */
async function run(args: string[]): Promise<{ seconds: number; rssMb: number }> {
  // Exit 1 is a completed run in which some entry violates the contract.
  const result = await measure(process.execPath, [bin, ...args], [0, 1]);
  if (!result.ok || Number.isNaN(result.seconds)) throw new Error(`contract-check failed: ${result.tail}`);
  return { seconds: result.seconds, rssMb: result.rssMb };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '40,150' },
    formats: { type: 'string', default: 'ndjson,har' },
    runs: { type: 'string', default: '3' },
  },
});
const runs = Number(values.runs);
const counts = [...new Set([1, 2, availableParallelism()])];
const entries = await recordedEntries();
const dir = await mkdtemp(join(tmpdir(), 'bench-workers-'));
const rows: string[] = [];
try {
  for (const mb of values.mb.split(',').map(Number)) {
    for (const format of values.formats.split(',') as Array<'har' | 'ndjson'>) {
      const file = join(dir, `traffic-${mb}.${format}`);
      const count = await writeRecording(file, entries, mb * 1024 * 1024, format);
      const results = new Map(
        counts.map((workers) => [workers, [] as Array<{ seconds: number; rssMb: number }>]),
      );
      for (let at = 0; at < runs; at++) {
        for (const workers of counts) {
          const args = ['--config', join(root, 'redocly.yaml'), '--workers', String(workers), file];
          results.get(workers)?.push(await run(args));
        }
      }
      const single = median(results.get(1)?.map((result) => result.seconds) ?? []);
      for (const workers of counts) {
        const measured = results.get(workers) ?? [];
        const wall = median(measured.map((result) => result.seconds));
        const rss = Math.max(...measured.map((result) => result.rssMb));
        rows.push(
          `| ${mb} MB ${format.toUpperCase()} | ${count.toLocaleString('en-US')} | --workers ${workers} | ${wall.toFixed(1)} s | ${Math.round(count / wall).toLocaleString('en-US')} | ${rss.toFixed(0)} MB | ${(single / wall).toFixed(2)}x |`,
        );
        console.error(rows.at(-1));
      }
      await rm(file);
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.log(`median of ${runs} alternating runs`);
console.log('| input | entries | run | wall | entries/s | peak RSS | speed-up |');
console.log('|---|---:|---|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
