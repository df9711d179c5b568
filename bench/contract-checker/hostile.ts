// `pnpm exec tsx bench/contract-checker/hostile.ts [--keep]`: the large cases of issue 41 that no unit
// test can afford, run with the built `contract-check` (run `pnpm run build` in packages/contract-checker
// first) against the checker's fixture specs. Each recording holds a good entry, the hostile one and a good
// entry; each case must end with exit 2, the hostile entry named as not judged, both good entries reported,
// in bounded time and memory, on one thread and on two:
//   - an entry of 530 MiB (over Node's string limit of 512 MiB), in NDJSON and in a HAR
//   - a JSON body of 140 million numbers (281 MB; JSON.parse of it is a V8 fatal error), with
//     --max-entry-bytes raised so that the body limit is the one met
//   - an entry holding 80 million `{}` (240 MB; gigabytes once parsed)
// and, timed only, a HAR and an NDJSON file of one 400 MB entry (the HAR was read in time square in the
// entry's size before the scanner kept where its newline search stopped).
// The recordings are written to a temporary folder and removed afterwards (kept with --keep).
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromRoot } from '../../scripts/lib/paths.ts';

const checkerBin = fromRoot('packages/contract-checker/dist/cli.js');
const config = fromRoot('packages/contract-checker/test/fixtures/redocly.yaml');

const good = JSON.stringify({
  request: {
    method: 'GET',
    url: 'http://localhost:4010/api/v1/workflow/fetch/42',
    headers: [{ name: 'Authorization', value: 'Bearer fixture-token-123' }],
  },
  response: {
    status: 200,
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    content: {
      mimeType: 'application/json',
      text: JSON.stringify({ id: 42, name: 'Agent', status: 'active', created_at: '2025-03-01T10:00:00Z' }),
    },
  },
});
const bodyStart = good.indexOf('"text":') + 8;

async function write(path: string, parts: () => Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  for (const part of parts())
    if (!out.write(part)) await new Promise<void>((done) => out.once('drain', () => done()));
  await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())));
}

const mib = 1 << 20;
const cases: Array<{ name: string; file: string; args: string[]; parts: () => Iterable<string> }> = [
  {
    name: 'entry of 530 MiB',
    file: 'large-entry.ndjson',
    args: [],
    *parts() {
      yield `${good}\n${good.slice(0, bodyStart)}`;
      const chunk = 'a'.repeat(mib);
      for (let at = 0; at < 530; at++) yield chunk;
      yield `"}}}\n${good}\n`;
    },
  },
  {
    name: 'HAR entry of 530 MiB',
    file: 'large-entry.har',
    args: [],
    *parts() {
      yield `{"log":{"version":"1.2","entries":[${good},${good.slice(0, bodyStart)}`;
      const chunk = 'a'.repeat(mib);
      for (let at = 0; at < 530; at++) yield chunk;
      yield `"}}},${good}]}}`;
    },
  },
  {
    name: 'JSON body of 140 million numbers',
    file: 'numbers.ndjson',
    args: ['--max-entry-bytes', '400000000'],
    *parts() {
      yield `${good}\n${good.slice(0, bodyStart)}[0`;
      const chunk = ',0'.repeat(mib);
      for (let at = 0; at < 133; at++) yield chunk;
      yield `]"}}}\n${good}\n`;
    },
  },
  {
    name: 'entry of 80 million {}',
    file: 'objects.ndjson',
    args: [],
    *parts() {
      yield `${good}\n${good.slice(0, -1)},"_x":[{}`;
      const chunk = ',{}'.repeat(mib);
      for (let at = 0; at < 76; at++) yield chunk;
      yield `]}\n${good}\n`;
    },
  },
];

function run(args: string[]): { code: number | null; seconds: number; rssMb: number; stdout: string } {
  const started = process.hrtime.bigint();
  const result = spawnSync(
    '/usr/bin/time',
    ['-f', '%M', process.execPath, checkerBin, '--config', config, '--verbose', ...args],
    {
      encoding: 'utf8',
      maxBuffer: 64 * mib,
    },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const rssKb = Number(result.stderr.trim().split('\n').at(-1));
  return { code: result.status, seconds, rssMb: Math.round(rssKb / 1024), stdout: result.stdout };
}

const dir = await mkdtemp(join(tmpdir(), 'contract-check-hostile-'));
let failed = false;
try {
  for (const test of cases) {
    const file = join(dir, test.file);
    await write(file, test.parts);
    for (const workers of ['1', '2']) {
      const result = run(['--workers', workers, ...test.args, file]);
      const ok =
        result.code === 2 &&
        result.stdout.includes(`NOT JUDGED ${file} #1`) &&
        result.stdout.includes(`${file} #0 GET`) &&
        result.stdout.includes(`${file} #2 GET`);
      failed ||= !ok;
      console.log(
        `${ok ? 'ok  ' : 'FAIL'} ${test.name}, --workers ${workers}: exit ${result.code}, ${result.seconds.toFixed(1)} s, ${result.rssMb} MB peak RSS`,
      );
    }
    await rm(file);
  }
  // One 400 MB entry, as HAR and as NDJSON: the two times should stay within a small factor.
  const entry = (): Iterable<string> =>
    (function* () {
      const text = JSON.parse(good) as { response: { content: { text: string } } };
      text.response.content.text = '@';
      const [before, after] = JSON.stringify(text).split('@') as [string, string];
      yield before;
      const chunk = 'x'.repeat(mib);
      for (let at = 0; at < 400; at++) yield chunk;
      yield after;
    })();
  const har = join(dir, 'one-entry.har');
  const ndjson = join(dir, 'one-entry.ndjson');
  await write(har, function* () {
    yield '{"log":{"version":"1.2","entries":[';
    yield* entry();
    yield ']}}';
  });
  await write(ndjson, function* () {
    yield* entry();
    yield '\n';
  });
  for (const file of [har, ndjson]) {
    const result = run(['--workers', '1', '--max-entry-bytes', '500000000', file]);
    console.log(
      `     one 400 MB entry, ${file.endsWith('.har') ? 'HAR   ' : 'NDJSON'}: exit ${result.code}, ${result.seconds.toFixed(1)} s, ${result.rssMb} MB peak RSS`,
    );
  }
} finally {
  if (!process.argv.includes('--keep')) await rm(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
