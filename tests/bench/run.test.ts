// `pnpm bench` end to end on the smallest inputs: every benchmark script runs and hands back a
// well-formed section, and a script that fails or lies is reported without losing the others.
// No figure is asserted: timings belong in bench/RESULTS.md, never in a test.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSectionScript } from '../../bench/lib/orchestrate.ts';
import { kept, notes } from '../../bench/notes.ts';
import { fromRoot, repoRoot } from '../../scripts/lib/paths.ts';

const scratch = mkdtempSync(join(tmpdir(), 'bench-test-'));

function runBench(args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 300_000,
  });
}

describe('pnpm bench --tiny', () => {
  it('runs every section and writes one report, leaving bench/RESULTS.md alone', () => {
    const committed = statSync(fromRoot('bench', 'RESULTS.md')).mtimeMs;
    const out = join(scratch, 'RESULTS.md');
    const run = runBench(['--tiny', '--out', out]);
    expect(run.stderr).not.toContain('section failed');
    expect(run.status, run.stderr.slice(-3000)).toBe(0);
    const report = readFileSync(out, 'utf8');
    for (const title of [
      'Contract check: recorded traffic against the specs',
      'Contract check at scale: memory against input size, and all cores',
      'Contract check: what each remembered result saves',
      'XSD validation per document',
      'Clients: per-call overhead and bundle size',
      'Mocks: start-up, memory and throughput of all six services',
      'Mocks under hostile XML and JSON bodies',
      'spec-diff on hostile specs: $ref chains and a large spec',
      'pnpm dev: from a save to the mock serving it',
      'Wall time of the repository commands',
    ]) {
      expect(report).toContain(`## ${title}`);
    }
    expect(report).toContain('**Tiny run**');
    expect(report).toContain('| Node |');
    expect(report).not.toContain(repoRoot);
    expect(statSync(fromRoot('bench', 'RESULTS.md')).mtimeMs).toBe(committed);
  }, 300_000);

  it('refuses an unknown section and a bad --runs with the usage', () => {
    const unknown = runBench(['--tiny', '--only', 'mocks,nosuch', '--out', join(scratch, 'x.md')]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown section(s): nosuch');
    expect(unknown.stderr).toContain(
      '--only contract-check,contract-check-scale,contract-check-remembered,xsd,clients,mocks,mocks-hostile,spec-diff-hostile,dev,wall',
    );
    const runs = runBench(['--runs', 'zero']);
    expect(runs.status).toBe(2);
    expect(runs.stderr).toContain('--runs must be an integer from 1 to 20, got zero');
  });
});

describe('a section script that fails', () => {
  const script = (name: string, body: string): string => {
    const file = join(scratch, name);
    writeFileSync(file, body);
    return file;
  };
  const definition = (id: string, file: string) => ({
    id,
    title: id,
    script: file,
    args: [],
    tinyArgs: [],
    timeoutMs: 30_000,
  });

  it('is reported with its exit code and its last output', async () => {
    const file = script('crash.ts', "console.log('measuring');\nthrow new Error('engine exploded');\n");
    const outcome = await runSectionScript(definition('crash', file), { root: repoRoot, tiny: false });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failed.error).toContain('exited with 1');
    expect(outcome.failed.error).toContain('engine exploded');
    expect(outcome.failed.error).toContain('measuring');
  });

  it('is reported when it writes no section or the wrong one', async () => {
    const silent = await runSectionScript(definition('silent', script('silent.ts', 'export {};\n')), {
      root: repoRoot,
      tiny: false,
    });
    expect(!silent.ok && silent.failed.error).toContain('wrote no section');
    const wrong = script(
      'wrong.ts',
      "import { writeFileSync } from 'node:fs';\nconst at = process.argv.indexOf('--json');\nwriteFileSync(process.argv[at + 1] ?? '', JSON.stringify({ id: 'other' }));\n",
    );
    const outcome = await runSectionScript(definition('expected', wrong), { root: repoRoot, tiny: false });
    expect(!outcome.ok && outcome.failed.error).toContain('wrote section "other", expected "expected"');
  });

  it('is stopped at its time limit', async () => {
    const file = script('hang.ts', 'setInterval(() => {}, 1000);\n');
    const outcome = await runSectionScript(
      { ...definition('hang', file), timeoutMs: 1500 },
      { root: repoRoot, tiny: false },
    );
    expect(!outcome.ok && outcome.failed.error).toContain('no result within 1.5 s');
  });
});

describe('bench/notes.ts', () => {
  it('names only comparison keys the scripts produce', () => {
    const keys = [
      'raw-fetch',
      'openapi-fetch',
      'bandwidth-sdk',
      'prism-mock',
      'prism-proxy',
      'prism-engine',
      'prism-*',
      'ajv-floor',
      'ajv-floor-both-bodies',
      'ajv-floor-json-documents',
      'read-whole',
      'one-thread',
      'two-processes',
      'split-halves',
      'xsd-schema-validator',
      'xmllint-wasm-raw',
      'stock-clis',
      'openapi-typescript',
      'idle',
      '*',
    ];
    for (const note of notes) expect(keys, note.figure).toContain(note.comparison);
  });
});

describe('bench/notes.ts kept', () => {
  it('names figures and comparisons of the committed run', () => {
    const record = JSON.parse(readFileSync(fromRoot('bench', 'RESULTS.json'), 'utf8')) as {
      sections: Array<{ figures: Array<{ id: string; comparisons: Array<{ key: string }> }> }>;
    };
    const figures = record.sections.flatMap((section) => section.figures);
    for (const optimisation of kept) {
      for (const side of [optimisation.with, optimisation.without]) {
        const figure = figures.find((candidate) => candidate.id === side.figure);
        expect(figure, `${optimisation.name}: ${side.figure}`).toBeDefined();
        if (side.comparison)
          expect(figure?.comparisons.map((comparison) => comparison.key)).toContain(side.comparison);
      }
    }
  });
});

describe('the options of a bench script', () => {
  const script = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'bench/dev/reload.ts', ...args], {
      cwd: repoRoot,
      encoding: 'utf8',
    });

  it('answer --help with the usage, and run nothing', () => {
    const help = script('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: pnpm exec tsx bench/dev/reload.ts');
  });

  it('refuse an unknown option with did-you-mean, and a bad value with the reason', () => {
    const typo = script('--rusn', '3');
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain("Unknown option '--rusn' (did you mean --runs?)");
    expect(typo.stderr).toContain('Usage:');
    const bad = script('--runs', 'many');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--runs must be an integer from 1 to 50, got many');
  });
});
