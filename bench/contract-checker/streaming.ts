// `tsx bench/contract-checker/streaming.ts [--sizes 100,500,1000,2000] [--keep]`: checks recordings of growing
// size with the built `contract-check` bin and writes a table of input size against peak RSS and entries/s.
// The inputs are every entry of contract-tests/recordings repeated, as HAR and as NDJSON, written to a
// temporary folder (removed afterwards unless --keep). Comparison: reading the same file whole with
// `readFile` + `JSON.parse`, which is what a HAR reader without streaming does.
import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = new URL('../../', import.meta.url).pathname;
const bin = join(root, 'packages/contract-checker/dist/cli.js');
const mib = 1024 * 1024;

async function recordedEntries(): Promise<string[]> {
  const entries: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.har')) {
        const har = JSON.parse(await readFile(path, 'utf8')) as { log: { entries: unknown[] } };
        entries.push(...har.log.entries.map((value) => JSON.stringify(value)));
      }
    }
  };
  await walk(join(root, 'contract-tests/recordings'));
  return entries;
}

async function writeInput(path: string, entries: string[], bytes: number, format: 'har' | 'ndjson') {
  const out = createWriteStream(path);
  const write = (text: string): Promise<void> | undefined =>
    out.write(text) ? undefined : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  if (format === 'har')
    await write('{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[\n');
  let written = 0;
  let count = 0;
  while (written < bytes) {
    const entry = entries[count % entries.length] as string;
    const text = format === 'har' ? `${count === 0 ? '' : ',\n'}${entry}` : `${entry}\n`;
    written += text.length;
    count++;
    await write(text);
  }
  if (format === 'har') await write('\n]}}\n');
  out.end();
  await new Promise<void>((resolve) => out.on('finish', () => resolve()));
  return count;
}

/** Runs a command under GNU time: peak RSS in MB and wall seconds. */
function measure(
  command: string,
  args: string[],
): Promise<{ rssMb: number; seconds: number; ok: boolean; tail: string }> {
  return new Promise((resolve) => {
    execFile(
      '/usr/bin/time',
      ['-f', 'TIME %M %e', command, ...args],
      { maxBuffer: 64 * mib, cwd: root },
      (error, _stdout, stderr) => {
        const match = /TIME (\d+) ([\d.]+)/.exec(stderr);
        const tail = stderr
          .replace(/TIME .*/, '')
          .trim()
          .split('\n')
          .slice(-2)
          .join(' ')
          .slice(0, 160);
        resolve({
          rssMb: match ? Number(match[1]) / 1024 : Number.NaN,
          seconds: match ? Number(match[2]) : Number.NaN,
          // Exit 1 means some entry violates the contract: the run itself completed.
          ok: !error || (error as { code?: number }).code === 1,
          tail,
        });
      },
    );
  });
}

const wholeFileReader =
  "const t=require('fs').readFileSync(process.argv[1],'utf8');const n=JSON.parse(t).log.entries.length;console.log(n)";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '100,500,1000,2000' },
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
        const count = await writeInput(file, entries, size * mib, format);
        const ours = await measure(process.execPath, [bin, '--config', join(root, 'redocly.yaml'), file]);
        const whole =
          format === 'har' ? await measure(process.execPath, ['-e', wholeFileReader, file]) : undefined;
        const rate = ours.ok
          ? `${Math.round(count / ours.seconds).toLocaleString('en-US')}`
          : `failed: ${ours.tail}`;
        const wholeCell = whole
          ? whole.ok
            ? `${whole.rssMb.toFixed(0)} MB`
            : `cannot: ${whole.tail.includes('string longer') ? 'larger than the longest V8 string' : whole.tail}`
          : '—';
        rows.push(
          `| ${size} MB ${format.toUpperCase()} | ${count.toLocaleString('en-US')} | ${ours.rssMb.toFixed(0)} MB | ${ours.seconds.toFixed(1)} s | ${rate} | ${wholeCell} |`,
        );
        console.error(rows.at(-1));
        await rm(file);
      }
    }
  } finally {
    if (!values.keep) await rm(dir, { recursive: true, force: true });
  }
  console.log(
    '| input | entries | peak RSS, contract-check | wall | entries/s | peak RSS, readFile + JSON.parse (parse only) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
}

await main();
