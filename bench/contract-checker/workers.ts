// `tsx bench/contract-checker/workers.ts [--mb 40,150] [--formats ndjson,har] [--runs 3]`: the built
// `contract-check` on one recording per size and format with --workers 1 and --workers 2 (and as many as
// the machine has cores, if more); two --workers 1 processes at once sharing the entries with --shard 1/2
// and 2/2 (the shard pair); and two --workers 1 processes at once, each on its half of the entries split
// beforehand into two files (the split pair: about the most two threads can reach on the machine). For
// each: wall time, entries/s, peak RSS and the speed-up over one thread, median of the runs. The runs
// alternate (1, 2, shard pair, split pair, 1, 2, ...) so that load from other work on the machine falls
// on all alike. The input is every entry of contract-tests/recordings repeated. The `idle estimate`
// columns give the wall the run would take on an idle machine, from its threads' CPU time, and the
// speed-up that makes, and the CPU time of the checking threads and of the background threads
// (checker-runs.ts; Linux only, elsewhere they stay empty). `pnpm bench` measures the 2 GB figures in
// scale.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { integerValue, readOptions, usageError } from '../lib/options.ts';
import { type CheckerRun, runChecker, runShardPair, runSplitPair } from './checker-runs.ts';
import { recordedEntries, writeHalves, writeRecording } from './recorded-entries.ts';

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const usage = `Usage: pnpm exec tsx bench/contract-checker/workers.ts [--mb 40,150] [--formats ndjson,har] [--runs N]

--workers 1 against 2 (and all cores), the shard pair and the split pair, with each thread's CPU time.
  --mb A,B,...      the sizes in MB (default 40,150)
  --formats F,...   ndjson, har or both (default ndjson,har)
  --runs N          runs of each (1-50, default 3)
  -h, --help        this text`;

const values = readOptions(usage, {
  mb: { type: 'string', default: '40,150' },
  formats: { type: 'string', default: 'ndjson,har' },
  runs: { type: 'string' },
});
const runs = integerValue(usage, 'runs', values.runs, 3, 1, 50);
if (values.mb.split(',').some((size) => !(Number(size) > 0)))
  usageError(usage, `--mb takes sizes in MB (40,150), got ${values.mb}`);
const unknownFormats = values.formats.split(',').filter((format) => format !== 'ndjson' && format !== 'har');
if (unknownFormats.length > 0)
  usageError(usage, `--formats takes ndjson and har, got ${unknownFormats.join(', ')}`);
const counts = [...new Set([1, 2, availableParallelism()])];
const entries = await recordedEntries();
const dir = await mkdtemp(join(tmpdir(), 'bench-workers-'));
const rows: string[] = [];
try {
  for (const mb of values.mb.split(',').map(Number)) {
    for (const format of values.formats.split(',') as Array<'har' | 'ndjson'>) {
      const file = join(dir, `traffic-${mb}.${format}`);
      const count = await writeRecording(file, entries, mb * 1024 * 1024, format);
      const results = new Map(counts.map((workers) => [workers, [] as CheckerRun[]]));
      const halves = await writeHalves(dir, entries, format, count);
      const pairs: CheckerRun[] = [];
      const splits: CheckerRun[] = [];
      for (let at = 0; at < runs; at++) {
        for (const workers of counts) {
          results.get(workers)?.push(await runChecker(file, workers));
        }
        pairs.push(await runShardPair(file));
        splits.push(await runSplitPair(halves));
      }
      for (const half of halves) await rm(half);
      const single = median(results.get(1)?.map((result) => result.seconds) ?? []);
      const singleIdle = median(results.get(1)?.map((result) => result.idleSeconds) ?? []);
      const sets: Array<[string, CheckerRun[]]> = [
        ...counts.map((workers): [string, CheckerRun[]] => [
          `--workers ${workers}`,
          results.get(workers) ?? [],
        ]),
        ['two processes, --shard 1/2 and 2/2', pairs],
        ['two processes, each on its half (split beforehand)', splits],
      ];
      for (const [run, measured] of sets) {
        const wall = median(measured.map((result) => result.seconds));
        const rss = Math.max(...measured.map((result) => result.rssMb));
        const idle = median(measured.map((result) => result.idleSeconds));
        const cpu = (of: 'checkingCpu' | 'backgroundCpu') => median(measured.map((result) => result[of]));
        const estimate = Number.isNaN(idle)
          ? '| | | |'
          : `| ${idle.toFixed(1)} s | ${(singleIdle / idle).toFixed(2)}x | ${cpu('checkingCpu').toFixed(1)} s | ${cpu('backgroundCpu').toFixed(1)} s |`;
        rows.push(
          `| ${mb} MB ${format.toUpperCase()} | ${count.toLocaleString('en-US')} | ${run} | ${wall.toFixed(1)} s | ${Math.round(count / wall).toLocaleString('en-US')} | ${rss.toFixed(0)} MB | ${(single / wall).toFixed(2)}x ${estimate}`,
        );
        console.error(rows.at(-1));
      }
      await rm(file);
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.log(`median of ${runs} alternating runs; load average at the end: ${loadavg()[0]?.toFixed(2)}`);
console.log(
  '| input | entries | run | wall | entries/s | peak RSS | speed-up | idle estimate | speed-up (idle estimate) | CPU, checking threads | CPU, background threads |',
);
console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
