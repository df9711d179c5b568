// `tsx bench/contract-checker/streaming.ts [--sizes 100,500,1000,2000] [--workers 1,2] [--keep]`: checks
// recordings of growing size with the built `contract-check` bin (with each --workers count given, 1 by
// default) and writes a table of input size against peak RSS and entries/s.
// The inputs are every entry of contract-tests/recordings repeated, as HAR and as NDJSON, written to a
// temporary folder (removed afterwards unless --keep). Comparison: reading the same file whole with
// `readFile` + `JSON.parse`, which is what a HAR reader without streaming does.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measure } from '../lib/timed-run.ts';
import { recordedEntries, repositoryRoot as root, writeRecording } from './recorded-entries.ts';

const bin = join(root, 'packages/contract-checker/dist/cli.js');
const mib = 1024 * 1024;

const wholeFileReader =
  "const t=require('fs').readFileSync(process.argv[1],'utf8');const n=JSON.parse(t).log.entries.length;console.log(n)";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '100,500,1000,2000' },
      workers: { type: 'string', default: '1' },
      keep: { type: 'boolean', default: false },
    },
  });
  const sizes = values.sizes.split(',').map(Number);
  await stat(bin).catch(() => {
    throw new Error(`${bin} is missing: build the checker first (pnpm run build)`);
  });
  const entries = await recordedEntries();
  const dir = await mkdtemp(join(tmpdir(), 'bench-streaming-'));
  const rows: string[] = [];
  try {
    for (const size of sizes) {
      for (const format of ['har', 'ndjson'] as const) {
        if (format === 'ndjson' && size !== sizes.at(-1)) continue;
        const file = join(dir, `input-${size}.${format}`);
        const count = await writeRecording(file, entries, size * mib, format);
        const whole =
          format === 'har' ? await measure(process.execPath, ['-e', wholeFileReader, file]) : undefined;
        const wholeCell = whole
          ? whole.ok
            ? `${whole.rssMb.toFixed(0)} MB`
            : `cannot: ${/string longer|ERR_STRING_TOO_LONG/.test(whole.stderr) ? 'larger than the longest V8 string' : whole.tail}`
          : '—';
        // Each extra --workers thread holds its own compiled contracts.
        for (const workers of values.workers.split(',')) {
          const ours = await measure(
            process.execPath,
            [bin, '--config', join(root, 'redocly.yaml'), '--workers', workers, file],
            [0, 1],
          );
          const rate = ours.ok
            ? `${Math.round(count / ours.seconds).toLocaleString('en-US')}`
            : `failed: ${ours.tail}`;
          rows.push(
            `| ${size} MB ${format.toUpperCase()} | ${count.toLocaleString('en-US')} | ${workers} | ${ours.rssMb.toFixed(0)} MB | ${ours.seconds.toFixed(1)} s | ${rate} | ${wholeCell} |`,
          );
          console.error(rows.at(-1));
        }
        await rm(file);
      }
    }
  } finally {
    if (!values.keep) await rm(dir, { recursive: true, force: true });
  }
  console.log(
    '| input | entries | --workers | peak RSS, contract-check | wall | entries/s | peak RSS, readFile + JSON.parse (parse only) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}

await main();
