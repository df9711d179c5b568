/** The built `contract-check` on HAR of growing size: peak RSS beside reading the file whole; at the largest,
 * `--propose` beside the plain run, and two `--shard` processes at once plus `merge` against one process. */
import { createWriteStream, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { sectionOptions, usageError } from '../lib/options.ts';
import { measure, scratchDir, type TimedRun } from '../lib/processes.ts';
import { emitSection, type Figure, figure, measured, median } from '../lib/section.ts';
import { alternate } from '../lib/timing.ts';
import { packageVersion } from '../lib/versions.ts';
import { recordingFiles } from './entries.ts';

const values = sectionOptions(
  'contract-checker/scale.ts',
  'The built contract-check on HAR of growing size: peak RSS, and two --shard processes at the largest.',
  '0.1 MB: checks that it runs',
  {
    mb: { help: 'the sizes in MB (default 100,500,2000)', arg: 'A,B,...' },
    runs: { help: 'runs of each measure', whole: [1, 1, 20, 1] },
  },
);
const sizes = (values.mb ?? (values.tiny ? '0.1' : '100,500,2000'))
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
if (sizes.some((size) => !(size > 0)))
  usageError(values.usage, '--mb takes sizes in MB, such as 100,500,2000');
const { runs } = values;
const largest = sizes.at(-1) as number;
const bin = fromRoot('packages/contract-checker/dist/cli.js');
const config = fromRoot('redocly.yaml');
const mb = (size: number) => `${size.toLocaleString('en-US')} MB`;

const entries = recordingFiles().flatMap((path) =>
  (JSON.parse(readFileSync(path, 'utf8')) as { log: { entries: unknown[] } }).log.entries.map((entry) =>
    JSON.stringify(entry),
  ),
);

/** Writes the entries, repeated, until the HAR has `bytes`; returns how many entries that took. */
async function writeHar(path: string, bytes: number): Promise<number> {
  const out = createWriteStream(path);
  const write = (text: string) =>
    out.write(text) || new Promise<void>((resolve) => out.once('drain', () => resolve()));
  await write('{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[\n');
  let written = 0;
  let count = 0;
  while (written < bytes) {
    const text = `${count === 0 ? '' : ',\n'}${entries[count % entries.length]}`;
    written += text.length;
    count++;
    await write(text);
  }
  await write('\n]}}\n');
  await new Promise<void>((resolve) => out.end(resolve));
  return count;
}

/** One run of the checker; exit 1 is a completed run in which some entry fails. */
async function check(args: string[], stdoutFile?: string): Promise<TimedRun> {
  const run = await measure([bin, '--config', config, ...args], [0, 1], stdoutFile);
  if (!run.ok) throw new Error(`contract-check ${args.join(' ')} exited with ${run.code}: ${run.tail}`);
  return run;
}

const dir = scratchDir('bench-scale-');
const figures: Figure[] = [];
for (const size of sizes) {
  const file = join(dir, `traffic-${size}.har`);
  const count = await writeHar(file, size * 1024 * 1024);
  const one: TimedRun[] = [];
  const proposed: TimedRun[] = [];
  const merges: string[] = [];
  if (size === largest) {
    // Two shard processes at once, then merge: what a user runs on two cores.
    const timed = await alternate(runs, {
      one: async () => {
        const run = await check([file]);
        one.push(run);
        return run.seconds;
      },
      // --propose in the same rounds: its time and memory beside the plain run's.
      propose: async () => {
        const run = await check(['--propose', join(dir, 'proposals.yaml'), file]);
        proposed.push(run);
        return run.seconds;
      },
      pair: async () => {
        const start = performance.now();
        const reports = [1, 2].map((shard) => join(dir, `shard-${shard}.json`));
        await Promise.all(
          [1, 2].map((shard) => check(['--shard', `${shard}/2`, '--json', file], reports[shard - 1])),
        );
        const seconds = (performance.now() - start) / 1000;
        // merge reads the shards' reports whole: where it cannot, the run says so rather than stopping.
        const merged = await measure([bin, 'merge', '--json', ...reports], [0, 1]);
        const reportMb = reports.map((report) => (statSync(report).size / 2 ** 20).toFixed(0)).join(' and ');
        merges.push(
          merged.ok
            ? `merge ${merged.seconds.toFixed(1)} s`
            : `merge of the reports (${reportMb} MB) exited with ${merged.code}: ${merged.tail}`,
        );
        return seconds;
      },
    });
    const rate = (list: number[]) => list.map((seconds) => count / seconds);
    figures.push(
      figure(
        `contract-check-scale.shards.har.${size}`,
        `entries/s checking ${mb(size)} of HAR with two \`--shard\` processes at once`,
        'entries/s',
        'higher',
        measured('ours', 'contract-check --shard 1/2 and 2/2 --json at once', rate(timed.pair)),
        [measured('one-process', 'one contract-check process', rate(timed.one))],
        `${count.toLocaleString('en-US')} entries; the pair's time runs from their start to both reports written; then ${merges.join('; ')}`,
      ),
      figure(
        `contract-check-scale.propose.har.${size}`,
        `seconds checking ${mb(size)} of HAR with \`--propose\` (target: at most 1.3x without)`,
        's',
        'lower',
        measured('ours', 'contract-check --propose FILE', timed.propose),
        [measured('without', 'contract-check without --propose', timed.one)],
        `peak RSS ${median(proposed.map((r) => r.rssMb)).toFixed(0)} MB with --propose, ${median(one.map((r) => r.rssMb)).toFixed(0)} MB without`,
      ),
    );
  } else {
    for (let at = 0; at < runs; at++) one.push(await check([file]));
  }
  const whole: number[] = [];
  const wholeTool = 'readFile + JSON.parse of the whole HAR (parse only)';
  // Past 512 MiB the text is longer than the longest string V8 holds: not run.
  if (size <= 500)
    for (let at = 0; at < runs; at++) {
      const run = await measure(['-e', `JSON.parse(require('fs').readFileSync('${file}','utf8'))`]);
      if (!run.ok) throw new Error(`reading ${mb(size)} whole failed: ${run.tail}`);
      whole.push(run.rssMb);
    }
  const rss = one.map((run) => run.rssMb);
  const seconds = median(one.map((run) => run.seconds));
  figures.push(
    figure(
      `contract-check-scale.rss.har.${size}`,
      `peak RSS checking ${mb(size)} of HAR`,
      'MB',
      'lower',
      measured('ours', 'contract-check', rss),
      [
        size > 500
          ? {
              key: 'read-whole',
              tool: wholeTool,
              status: 'cannot',
              reason: 'the file is longer than the longest string V8 can hold (512 MiB)',
            }
          : measured('read-whole', wholeTool, whole),
      ],
      `${count.toLocaleString('en-US')} entries, ${Math.round(count / seconds).toLocaleString('en-US')} entries/s in one process`,
    ),
  );
  console.error(`${mb(size)}: ${count} entries, ${seconds.toFixed(1)} s, ${median(rss).toFixed(0)} MB`);
  await rm(file);
}

emitSection(
  {
    id: 'contract-check-scale',
    title: 'Contract check at scale: memory against input size, and shards',
    command: `pnpm exec tsx bench/contract-checker/scale.ts --mb ${sizes.join(',')} --runs ${runs}`,
    method: `The built \`contract-check\` (its report discarded) on every recorded entry of contract-tests/recordings repeated until the HAR has the size shown (${sizes.map(mb).join(', ')}), ${runs} run(s) each. Peak RSS is the process's, all threads (getrusage, as GNU time reports it). At ${mb(largest)}, \`--propose\` beside the plain run in the same alternating rounds (seconds; peak RSS in the detail), and two processes with \`--shard 1/2\` and \`--shard 2/2 --json\` started at once, timed until both reports are written, against one process, alternating; \`contract-check merge\` of the two reports is timed after (in the figure's detail). Reading the file whole (\`readFile\` and \`JSON.parse\`, nothing checked) is the memory a reader without streaming needs.`,
    figures,
    versions: { '@svc-contracts/contract-checker': packageVersion('packages/contract-checker/package.json') },
  },
  values.json,
);
