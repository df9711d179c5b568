// `pnpm bench` end to end on the smallest inputs: every section script runs and hands back a well-formed
// section, and a failed section makes the run exit 1 without writing RESULTS.md. No figure and no prose
// is asserted: figures belong in bench/RESULTS.md, which people read.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAll, runSectionScript } from '../../bench/lib/orchestrate.ts';
import type { RunRecord } from '../../bench/lib/report.ts';
import { fromRoot, repoRoot } from '../../scripts/lib/paths.ts';

const scratch = mkdtempSync(join(tmpdir(), 'bench-test-'));
const tinyTimeoutMs = 900_000;

function run(script: string, args: string[], timeout = 60_000) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout,
  });
  if (result.error)
    throw new Error(
      `timed out after ${timeout / 1000} s: ${script} ${args.join(' ')}; last output:\n${`${result.stdout}${result.stderr}`.slice(-3000)}`,
    );
  return result;
}

describe('pnpm bench --tiny', () => {
  it(
    'runs every section script and writes one report, leaving bench/RESULTS.md alone',
    async () => {
      const committed = statSync(fromRoot('bench', 'RESULTS.md')).mtimeMs;
      const out = join(scratch, 'RESULTS.md');
      const bench = run('bench/run.ts', ['--tiny', '--out', out], tinyTimeoutMs);
      expect(bench.status, bench.stderr.slice(-4000)).toBe(0);
      const record = JSON.parse(readFileSync(join(scratch, 'RESULTS.json'), 'utf8')) as RunRecord;
      expect(record.failed).toEqual([]);
      expect(record.sections.map((section) => section.id)).toEqual([
        'contract-check',
        'contract-check-scale',
        'xsd',
        'clients',
        'mocks',
        'mocks-hostile',
        'spec-diff-hostile',
        'dev',
        'recorder-live',
        'wall',
      ]);
      expect(readFileSync(out, 'utf8')).not.toContain(repoRoot);
      expect(statSync(fromRoot('bench', 'RESULTS.md')).mtimeMs).toBe(committed);
    },
    tinyTimeoutMs + 60_000,
  );

  it('refuses an unknown section and a bad --runs with exit 2', () => {
    const unknown = run('bench/run.ts', ['--tiny', '--only', 'mocks,nosuch', '--out', join(scratch, 'x.md')]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('nosuch');
    expect(run('bench/run.ts', ['--runs', 'zero']).status).toBe(2);
  });
});

describe('a section script that fails', () => {
  const script = (name: string, body: string): string => {
    const file = join(scratch, name);
    writeFileSync(file, body);
    return file;
  };
  const definition = (id: string, file: string, timeoutMs = 60_000) => ({
    id,
    title: id,
    script: file,
    args: [],
    tinyArgs: [],
    timeoutMs,
  });
  const good = script(
    'good.ts',
    "import { writeFileSync } from 'node:fs';\nconst at = process.argv.indexOf('--json');\nwriteFileSync(process.argv[at + 1] ?? '', JSON.stringify({ id: 'good', title: 'good', command: 'good', method: 'by hand', versions: {}, figures: [{ id: 'good.one', label: 'one', unit: 'ms', better: 'lower', ours: { key: 'ours', tool: 'ours', sample: { median: 1, runs: [1] } }, comparisons: [] }] }));\n",
  );

  it('makes the run exit 1 and leaves RESULTS.md unwritten, the other sections reported', async () => {
    const resultsFile = join(scratch, 'failed', 'RESULTS.md');
    mkdirSync(join(scratch, 'failed'));
    const crash = script('crash.ts', "console.log('measuring');\nthrow new Error('engine exploded');\n");
    const code = await runAll([definition('good', good), definition('crash', crash)], {
      root: repoRoot,
      tiny: false,
      full: true,
      resultsFile,
      command: 'test',
      log: () => {},
    });
    expect(code).toBe(1);
    expect(existsSync(resultsFile)).toBe(false);
    const record = JSON.parse(
      readFileSync(join(scratch, 'failed', 'RESULTS.partial.json'), 'utf8'),
    ) as RunRecord;
    expect(record.sections.map((section) => section.id)).toEqual(['good']);
    expect(record.failed[0]?.error).toContain('engine exploded');
  });

  it('is reported when it writes no section, the wrong one, or hangs', async () => {
    const options = { root: repoRoot, tiny: false };
    const silent = await runSectionScript(definition('silent', script('silent.ts', 'export {};\n')), options);
    expect(!silent.ok && silent.failed.error).toContain('wrote no section');
    const wrong = await runSectionScript(definition('expected', good), options);
    expect(!wrong.ok && wrong.failed.error).toContain('wrote section "good", expected "expected"');
    const hang = await runSectionScript(
      definition('hang', script('hang.ts', 'setInterval(() => {}, 1000);\n'), 1500),
      options,
    );
    expect(!hang.ok && hang.failed.error).toContain('no result within 1.5 s');
  });
});

describe('the options of a section script', () => {
  it('answer --help with the usage, and refuse a typo with did-you-mean', () => {
    const help = run('bench/dev/reload.ts', ['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: pnpm exec tsx bench/dev/reload.ts');
    const typo = run('bench/dev/reload.ts', ['--rusn', '3']);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('did you mean --runs?');
  });
});
