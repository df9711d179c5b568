// `tsx bench/contract-checker/workers.ts [--mb 40] [--runs 3]`: the built `contract-check` on one NDJSON
// recording with --workers 1 and --workers 2 (and as many as the machine has cores, if more), wall time
// and entries/s, median of the runs. The input is every entry of contract-tests/recordings repeated.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { recordedEntries, repositoryRoot as root, writeRecording } from './recorded-entries.ts';

const bin = join(root, 'packages/contract-checker/dist/cli.js');

function run(args: string[]): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [bin, ...args], { maxBuffer: 1 << 30, cwd: root }, (error) => {
      if (error && (error as { code?: number }).code !== 1) reject(error);
      else resolve((performance.now() - start) / 1000);
    });
  });
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const { values } = parseArgs({
  options: { mb: { type: 'string', default: '40' }, runs: { type: 'string', default: '3' } },
});
const dir = await mkdtemp(join(tmpdir(), 'bench-workers-'));
try {
  const file = join(dir, 'traffic.ndjson');
  const count = await writeRecording(
    file,
    await recordedEntries(),
    Number(values.mb) * 1024 * 1024,
    'ndjson',
  );
  const counts = [...new Set([1, 2, availableParallelism()])];
  const rows: string[] = [];
  let single = 0;
  for (const workers of counts) {
    const times: number[] = [];
    for (let at = 0; at < Number(values.runs); at++) {
      times.push(await run(['--config', join(root, 'redocly.yaml'), '--workers', String(workers), file]));
    }
    const wall = median(times);
    if (workers === 1) single = wall;
    rows.push(
      `| --workers ${workers} | ${wall.toFixed(1)} s | ${Math.round(count / wall).toLocaleString('en-US')} | ${(single / wall).toFixed(2)}x |`,
    );
    console.error(rows.at(-1));
  }
  console.log(
    `${count.toLocaleString('en-US')} entries (${values.mb} MB NDJSON), median of ${values.runs} runs`,
  );
  console.log('| run | wall | entries/s | speed-up |');
  console.log('|---|---:|---:|---:|');
  for (const row of rows) console.log(row);
} finally {
  await rm(dir, { recursive: true, force: true });
}
