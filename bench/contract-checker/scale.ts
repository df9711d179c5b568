// `pnpm exec tsx bench/contract-checker/scale.ts [--mb 100,500,2000] [--runs 3] [--tiny] [--json FILE]`:
// the `contract-check-scale` section of `pnpm bench`. The built `contract-check` on recordings of growing
// size: peak RSS against input size with one thread (HAR at every size, NDJSON at the largest), next to
// reading the same file whole with `readFile` + `JSON.parse` (what a HAR reader without streaming does);
// and at the largest size, `--workers 2` against `--workers 1` and against two `--workers 1` processes
// sharing the entries with `--shard 1/2` and `--shard 2/2` (how a user would otherwise use two cores)
// and against two `--workers 1` processes each on its own half of the entries, split beforehand into two
// files (two cores' worth of the same checking with nothing shared or coordinated: what two threads can
// at best reach), the runs alternating (1, 2, shard pair, split pair, 1, 2, ...) so that load from other
// work on the machine falls on all alike.
// The inputs are every entry of contract-tests/recordings repeated (recorded-entries.ts), written to a
// temporary folder and removed afterwards. workers.ts gives more detail on the threads by hand.
// At the smallest HAR size, the HAR reader alone (scan + JSON.parse per entry) against the streaming JSON
// libraries a reader would otherwise use (scanner.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readOptions, usageError } from '../lib/options.ts';
import {
  emitSection,
  type Figure,
  measured,
  median,
  type NotMeasured,
  type Section,
} from '../lib/section.ts';
import { measure } from '../lib/timed-run.ts';
import { packageVersion } from '../lib/versions.ts';
import { type CheckerRun, runChecker, runShardPair, runSplitPair } from './checker-runs.ts';
import { recordedEntries, writeHalves, writeRecording } from './recorded-entries.ts';
import { measureReaders, readerFigure } from './scanner.ts';

type Format = 'har' | 'ndjson';

const usage = `Usage: pnpm exec tsx bench/contract-checker/scale.ts [--mb 100,500,2000] [--runs N] [--tiny] [--json FILE]

The built contract-check on recordings of growing size: peak RSS, and --workers 2 at the largest.
  --mb A,B,...    the sizes in MB (default 100,500,2000)
  --runs N        runs of each measure (default 3)
  --tiny          1 and 2 MB, one run: checks that it runs
  --json FILE     also write the section of bench/RESULTS.md there
  -h, --help      this text`;

const values = readOptions(usage, {
  mb: { type: 'string' },
  runs: { type: 'string', default: '3' },
  tiny: { type: 'boolean', default: false },
  json: { type: 'string' },
});
const sizes = (values.mb ?? (values.tiny ? '1,2' : '100,500,2000'))
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const runs = values.tiny ? 1 : Number(values.runs);
if (sizes.some((size) => !(size > 0)) || !Number.isInteger(runs) || runs < 1) {
  usageError(usage, '--mb takes sizes in MB (100,500,2000), --runs a positive integer');
}
const largest = sizes.at(-1) as number;

/**
 * Reading the file whole: the text, then one `JSON.parse` (HAR) or one per line (NDJSON). It parses
 * only, checks nothing: its peak RSS is what holding the input costs before any check.
 */
const wholeFileReader: Record<Format, string> = {
  har: "const t=require('fs').readFileSync(process.argv[1],'utf8');console.log(JSON.parse(t).log.entries.length)",
  ndjson:
    "const t=require('fs').readFileSync(process.argv[1],'utf8');let n=0;for(const l of t.split('\\n'))if(l)JSON.parse(l),n++;console.log(n)",
};
const wholeFileTool = {
  har: 'readFile + JSON.parse of the whole HAR (parse only)',
  ndjson: 'readFile + JSON.parse of each line (parse only)',
};

/** Peak RSS of reading the file whole, `runs` times; `cannot` when Node cannot hold it as one string. */
async function readWhole(file: string, format: Format): Promise<number[] | NotMeasured> {
  const rss: number[] = [];
  for (let at = 0; at < runs; at++) {
    const run = await measure(['-e', wholeFileReader[format], file]);
    if (!run.ok) {
      const tooLong = /string longer|ERR_STRING_TOO_LONG|Cannot create a string/.test(run.stderr);
      return {
        key: 'read-whole',
        tool: wholeFileTool[format],
        status: 'cannot',
        reason: tooLong ? 'the file is longer than the longest string V8 can hold (512 MiB)' : run.tail,
      };
    }
    rss.push(run.rssMb);
  }
  return rss;
}

interface Measured {
  format: Format;
  mb: number;
  entries: number;
  one: CheckerRun[];
  /** `--workers 2`, at the largest size only. */
  two: CheckerRun[];
  /** Two `--workers 1` processes at once, `--shard 1/2` and `--shard 2/2`, at the largest size only. */
  pair: CheckerRun[];
  /** Two `--workers 1` processes at once, each on its half of the entries (two files), at the largest size only. */
  halves: CheckerRun[];
  whole: number[] | NotMeasured;
}

const entries = await recordedEntries();
const dir = await mkdtemp(join(tmpdir(), 'bench-scale-'));
const results: Measured[] = [];
let readers: Figure | undefined;
try {
  const inputs: Array<{ format: Format; mb: number }> = [
    ...sizes.map((mb) => ({ format: 'har' as const, mb })),
    { format: 'ndjson', mb: largest },
  ];
  for (const { format, mb } of inputs) {
    const file = join(dir, `traffic-${mb}.${format}`);
    const count = await writeRecording(file, entries, mb * 1024 * 1024, format);
    const result: Measured = {
      format,
      mb,
      entries: count,
      one: [],
      two: [],
      pair: [],
      halves: [],
      whole: [],
    };
    // The runs on two threads and the pairs of processes are at the largest size only.
    const halves = mb === largest ? await writeHalves(dir, entries, format, count) : undefined;
    for (let at = 0; at < runs; at++) {
      result.one.push(await runChecker(file, 1));
      if (halves) {
        result.two.push(await runChecker(file, 2));
        result.pair.push(await runShardPair(file));
        result.halves.push(await runSplitPair(halves));
      }
    }
    for (const half of halves ?? []) await rm(half);
    if (format === 'har' && mb === sizes[0])
      readers = readerFigure(mb, count, await measureReaders(file, runs));
    result.whole = await readWhole(file, format);
    results.push(result);
    console.error(
      `${mb} MB ${format}: ${count} entries, --workers 1 ${median(result.one.map((run) => run.seconds)).toFixed(1)} s`,
    );
    await rm(file);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

const rate = (count: number, run: CheckerRun): number => count / run.seconds;
const medianRate = (result: Measured, list: CheckerRun[]): number =>
  median(list.map((run) => rate(result.entries, run)));
const mbText = (mb: number): string => `${mb.toLocaleString('en-US')} MB`;
const rss = (list: CheckerRun[]): number[] => list.map((run) => run.rssMb);
/** The largest peak RSS of the runs, in whole MB. */
const peak = (list: CheckerRun[]): string => Math.max(...rss(list)).toFixed(0);
const times = (values: number[]): string => values.map((value) => `${value.toFixed(2)}x`).join(', ');

const memoryFigures: Figure[] = results.map((result) => ({
  id: `contract-check-scale.rss.${result.format}.${result.mb}`,
  label: `peak RSS checking ${mbText(result.mb)} of ${result.format.toUpperCase()} (--workers 1)`,
  unit: 'MB',
  better: 'lower',
  ours: measured('ours', 'contract-check --workers 1', rss(result.one)),
  comparisons: [
    Array.isArray(result.whole)
      ? measured('read-whole', wholeFileTool[result.format], result.whole)
      : result.whole,
  ],
  detail: `${result.entries.toLocaleString('en-US')} entries, ${Math.round(medianRate(result, result.one)).toLocaleString('en-US')} entries/s`,
}));

const workerFigures: Figure[] = results
  .filter((result) => result.two.length > 0)
  .map((result) => {
    /** Each run's speed-up over the one-thread run it alternated with. */
    const overOne = (list: CheckerRun[]) =>
      list.map((run, at) => (result.one[at] as CheckerRun).seconds / run.seconds);
    const cpu = (list: CheckerRun[], of: 'idleSeconds' | 'checkingCpu' | 'backgroundCpu') =>
      median(list.map((run) => run[of]));
    const idleSpeedUp = (list: CheckerRun[]) => cpu(result.one, 'idleSeconds') / cpu(list, 'idleSeconds');
    const seconds = (value: number) => `${value.toFixed(1)} s`;
    const threadsDetail = Number.isNaN(cpu(result.one, 'checkingCpu'))
      ? ''
      : `; CPU of the checking threads ${seconds(cpu(result.one, 'checkingCpu'))} on 1 thread, ${seconds(cpu(result.two, 'checkingCpu'))} on 2 (${(cpu(result.two, 'checkingCpu') / cpu(result.one, 'checkingCpu')).toFixed(2)}x), ${seconds(cpu(result.pair, 'checkingCpu'))} in the shard pair, ${seconds(cpu(result.halves, 'checkingCpu'))} in the split pair; of the background threads (V8's optimizing compiler and collector helpers, libuv's reads) ${seconds(cpu(result.one, 'backgroundCpu'))}, ${seconds(cpu(result.two, 'backgroundCpu'))}, ${seconds(cpu(result.pair, 'backgroundCpu'))} and ${seconds(cpu(result.halves, 'backgroundCpu'))}`;
    return {
      id: `contract-check-scale.workers.${result.format}.${result.mb}`,
      label: `entries/s checking ${mbText(result.mb)} of ${result.format.toUpperCase()} on 2 threads (--workers 2)`,
      unit: 'entries/s',
      better: 'higher',
      ours: measured(
        'ours',
        'contract-check --workers 2',
        result.two.map((run) => rate(result.entries, run)),
      ),
      comparisons: [
        measured(
          'one-thread',
          'contract-check --workers 1',
          result.one.map((run) => rate(result.entries, run)),
        ),
        measured(
          'two-processes',
          'two contract-check --workers 1 processes at once, --shard 1/2 and --shard 2/2',
          result.pair.map((run) => rate(result.entries, run)),
        ),
        measured(
          'split-halves',
          'two contract-check --workers 1 processes at once, each on half of the entries split beforehand into two files',
          result.halves.map((run) => rate(result.entries, run)),
        ),
      ],
      detail: `speed-up per pair of runs ${times(overOne(result.two))} (the split pair over one thread, about what two threads can at best reach here: ${times(overOne(result.halves))}); peak RSS ${peak(result.one)} MB on 1 thread, ${peak(result.two)} MB on 2, ${peak(result.pair)} MB for the shard pair together, ${peak(result.halves)} MB for the split pair${Number.isNaN(idleSpeedUp(result.two)) ? '' : `; speed-up estimated for an idle machine from the threads' CPU time: ${idleSpeedUp(result.two).toFixed(2)}x (shard pair ${idleSpeedUp(result.pair).toFixed(2)}x, split pair ${idleSpeedUp(result.halves).toFixed(2)}x)`}${threadsDetail}`,
    } satisfies Figure;
  });

const table = [
  '**Peak RSS against input size** (`--workers 1`; medians of the runs above)',
  '',
  '| input | entries | peak RSS, contract-check | entries/s | peak RSS, reading it whole |',
  '|---|---:|---:|---:|---:|',
  ...results.map((result) => {
    const whole = Array.isArray(result.whole)
      ? `${Math.round(median(result.whole)).toLocaleString('en-US')} MB`
      : `cannot: ${result.whole.reason}`;
    return `| ${mbText(result.mb)} ${result.format.toUpperCase()} | ${result.entries.toLocaleString('en-US')} | ${median(rss(result.one)).toFixed(0)} MB | ${Math.round(medianRate(result, result.one)).toLocaleString('en-US')} | ${whole} |`;
  }),
].join('\n');

const section: Section = {
  id: 'contract-check-scale',
  title: 'Contract check at scale: memory against input size, and all cores',
  command: `pnpm exec tsx bench/contract-checker/scale.ts --mb ${sizes.join(',')} --runs ${runs}`,
  method: `The built \`contract-check\` (its report discarded) on every recorded entry of contract-tests/recordings repeated until the file has the size shown: HAR at ${sizes.map(mbText).join(', ')}, NDJSON at ${mbText(largest)}. Peak RSS is the process's (all threads), reported by the process itself as it exits (getrusage, the figure GNU time reports); the wall is from start to exit. Each input is checked ${runs === 1 ? 'once' : `${runs} times`} with \`--workers 1\`, and at ${mbText(largest)} as often with \`--workers 2\` and with two \`--workers 1\` processes started at once that share the entries with \`--shard 1/2\` and \`--shard 2/2\` (what a user would otherwise do to use two cores; their wall runs until both have ended, their peak RSS is the two added up), and with two \`--workers 1\` processes started at once, each on its own half of the entries, split beforehand into two files (the split pair: two cores' worth of the same checking with nothing shared and nothing to coordinate, each process with its own V8 heap and warm-up as each thread of \`--workers 2\` has, about the most two threads can reach on the machine), alternating with the one-thread runs. The CPU time of each thread is read from /proc/<pid>/task every 100 ms: the checking threads are the main thread and, with \`--workers 2\`, the busiest other thread; the rest are V8's and libuv's background threads. The comparison for memory reads the same file whole with \`readFile\` and \`JSON.parse\`, checking nothing. At ${mbText(sizes[0] as number)} the HAR reader alone (@svc-contracts/har's scanner of \`log.entries\`, \`JSON.parse\` per entry, nothing checked: what contract-check does before checking) is timed against \`@streamparser/json\` and \`stream-json\` reading the same entries as values, each run a process of its own, the three alternating.`,
  figures: [...memoryFigures, ...workerFigures, ...(readers ? [readers] : [])],
  versions: {
    '@svc-contracts/contract-checker': packageVersion('packages/contract-checker/package.json'),
  },
  findings: [table],
};

console.log(table);
console.log(
  '\n**All cores** (medians)\n\n| input | --workers 1 | --workers 2 | speed-up | two processes (--shard) | speed-up | two processes (split halves) | speed-up | peak RSS, 1 / 2 threads / shard pair / split pair |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|',
);
for (const result of results.filter((candidate) => candidate.two.length > 0)) {
  const wall = (list: CheckerRun[]) => median(list.map((run) => run.seconds));
  const cell = (list: CheckerRun[]) =>
    `${wall(list).toFixed(1)} s, ${Math.round(result.entries / wall(list)).toLocaleString('en-US')} entries/s`;
  console.log(
    `| ${mbText(result.mb)} ${result.format.toUpperCase()} | ${cell(result.one)} | ${cell(result.two)} | ${(wall(result.one) / wall(result.two)).toFixed(2)}x | ${cell(result.pair)} | ${(wall(result.one) / wall(result.pair)).toFixed(2)}x | ${cell(result.halves)} | ${(wall(result.one) / wall(result.halves)).toFixed(2)}x | ${peak(result.one)} / ${peak(result.two)} / ${peak(result.pair)} / ${peak(result.halves)} MB |`,
  );
}
if (readers) {
  const seconds = (value: number) => `${value.toFixed(2)} s`;
  console.log(
    `\n**Reading the entries of ${mbText(sizes[0] as number)} of HAR** (medians): ${readers.ours.tool} ${seconds(readers.ours.sample.median)}; ${readers.comparisons
      .map((comparison) =>
        'sample' in comparison
          ? `${comparison.tool} ${seconds(comparison.sample.median)}`
          : `${comparison.tool}: ${comparison.reason}`,
      )
      .join('; ')}`,
  );
}
emitSection(section, values.json);
