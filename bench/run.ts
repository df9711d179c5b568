/**
 * `pnpm bench`: every section of the bench, each a script in its own process, written to bench/RESULTS.md
 * (only by a complete run; anything less goes to RESULTS.partial.md and exits 1). See bench/README.md.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { didYouMean } from '../scripts/lib/cli-output.ts';
import { fromRoot, repoRoot } from '../scripts/lib/paths.ts';
import { compareTools, ensureCompareTools, installedVersion } from './lib/compare-tools.ts';
import { integerValue, readOptions, usageError } from './lib/options.ts';
import { runAll, type SectionScript } from './lib/orchestrate.ts';

const minutes = 60_000;
const section = (id: string, title: string, script: string, args: string[], timeout: number) =>
  ({
    id,
    title,
    script: `bench/${script}`,
    args,
    tinyArgs: ['--tiny'],
    timeoutMs: timeout * minutes,
  }) satisfies SectionScript;

/** The sections in report order, with the arguments of a full run. */
export const sectionScripts: SectionScript[] = [
  section(
    'contract-check',
    'Contract check: recorded traffic against Prism and the Ajv floor',
    'contract-checker/vs-prism.ts',
    [],
    15,
  ),
  section(
    'contract-check-scale',
    'Contract check at scale: memory against input size, and shards',
    'contract-checker/scale.ts',
    [],
    30,
  ),
  section('xsd', 'XSD validation per document', 'xml-validator/xsd-engines.ts', [], 10),
  section('clients', 'Clients: per-call overhead against the vendor SDK', 'clients/overhead.ts', [], 10),
  section('mocks', 'Mocks: start-up, memory and HTTP load of all six services', 'mocks/startup.ts', [], 15),
  section('mocks-hostile', 'Mocks under hostile XML and JSON bodies', 'mocks/hostile.ts', [], 10),
  section(
    'spec-diff-hostile',
    'spec-diff on hostile specs: $ref chains and a large spec',
    'spec-diff/hostile.ts',
    [],
    20,
  ),
  section('dev', 'pnpm dev: from a save to the mock serving it', 'dev/reload.ts', [], 10),
  section('recorder-live', 'contract-record --check: latency per exchange', 'recorder/live.ts', [], 10),
  section('wall', 'Wall time of the repository commands', 'wall/commands.ts', ['--runs', '1'], 60),
];
const ids = sectionScripts.map((entry) => entry.id);

const usage = `Usage: pnpm bench [--only ${ids.join(',')}] [--runs N] [--no-install] [--tiny] [--out FILE]

Runs every section (about a quarter of an hour) and writes bench/RESULTS.md and RESULTS.json.
  --only a,b      these sections only (written to bench/RESULTS.partial.md)
  --runs N        every section's runs (1-20; the run is then partial)
  --no-install    do not install the comparison tools into bench/compare (npm)
  --tiny          every script on its smallest input: checks that each runs (the test suite's)
  --out FILE      write the report there instead of bench/RESULTS.md
  -h, --help      this text`;

const values = readOptions(usage, {
  only: { type: 'string' },
  runs: { type: 'string' },
  'no-install': { type: 'boolean', default: false },
  tiny: { type: 'boolean', default: false },
  out: { type: 'string' },
});
const tiny = values.tiny === true;
const runs = values.runs === undefined ? undefined : integerValue(usage, 'runs', values.runs, 1, 1, 20);
const only = values.only?.split(',').map((id) => id.trim());
const unknown = only?.filter((id) => !ids.includes(id)) ?? [];
if (unknown.length > 0)
  usageError(usage, `Unknown section(s): ${unknown.map((id) => `${id}${didYouMean(id, ids)}`).join(', ')}`);
const log = (line: string) => console.error(`[bench] ${line}`);

if (!tiny) {
  log('building the packages (pnpm build): bundles and bins are measured as published');
  if (
    spawnSync('pnpm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] }).status !==
    0
  ) {
    log('pnpm build failed: nothing was measured');
    process.exit(1);
  }
  if (!values['no-install']) {
    log('installing the comparison tools into bench/compare (npm, pinned in bench/compare/package.json)');
    const problem = ensureCompareTools();
    if (problem) log(`${problem}; their comparisons will be missing`);
  }
}

const selected = sectionScripts
  .filter((entry) => !only || only.includes(entry.id))
  .map((entry) => ({
    ...entry,
    args: runs === undefined ? entry.args : [...entry.args, '--runs', String(runs)],
  }));
process.exit(
  await runAll(selected, {
    root: repoRoot,
    tiny,
    resultsFile: values.out ? resolve(values.out) : fromRoot('bench', 'RESULTS.md'),
    // A file named with --out takes whatever ran; bench/RESULTS.md only a complete run.
    full: values.out !== undefined || (!only && runs === undefined && !tiny),
    command: ['pnpm bench', ...process.argv.slice(2)].join(' '),
    versions: () =>
      Object.fromEntries(
        compareTools.flatMap((name) => {
          const version = installedVersion(name);
          return version ? [[name, version]] : [];
        }),
      ),
    log,
  }),
);
