/**
 * `pnpm bench`: every benchmark of the repository in one run, written to bench/RESULTS.md.
 *
 *   pnpm bench [--runs N] [--only a,b] [--skip-test] [--no-install] [--tiny] [--out FILE]
 *   pnpm bench --render        # RESULTS.md again from RESULTS.json (after a note changed), nothing measured
 *
 * Builds the packages (the client bundles and the mock bin are measured as published), installs the
 * comparison tools into bench/compare (npm, outside the workspace), then runs each section script in its
 * own process, one after the other. Every figure goes to bench/RESULTS.json, and bench/RESULTS.md is
 * rendered from it. Both are replaced only by a complete run: every section
 * ran, every comparison was measured, and every figure that loses has a note in bench/notes.ts. Anything
 * less is written to bench/RESULTS.partial.md and the exit code is 1; `--out FILE` writes there instead.
 * `--tiny` runs every script on the smallest input (the test suite's check that they run).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { didYouMean, explainArgsError } from '../scripts/lib/cli-output.ts';
import { repoRoot } from '../scripts/lib/paths.ts';
import { compareTools, ensureCompareTools, installedVersion } from './lib/compare-tools.ts';
import { type Outcome, runSectionScript, type SectionScript } from './lib/orchestrate.ts';
import { publish, recordFile, staleReport } from './lib/publish.ts';
import type { FailedSection, MachineInfo, RunRecord } from './lib/report.ts';
import { type Section, sectionProblems } from './lib/section.ts';

const minutes = 60_000;

/** The sections, in report order; `runs` is what each passes as `--runs` unless `pnpm bench --runs N`. */
export const sectionScripts: Array<SectionScript & { runs: number }> = [
  {
    id: 'contract-check',
    title: 'Contract check: recorded traffic against the specs',
    script: 'bench/contract-checker/vs-prism.ts',
    args: ['--processes', '3'],
    runs: 3,
    tinyArgs: ['--tiny'],
    timeoutMs: 20 * minutes,
  },
  {
    id: 'contract-check-scale',
    title: 'Contract check at scale: memory against input size, and all cores',
    script: 'bench/contract-checker/scale.ts',
    args: ['--mb', '100,500,2000'],
    runs: 3,
    tinyArgs: ['--tiny'],
    timeoutMs: 60 * minutes,
  },
  {
    id: 'contract-check-remembered',
    title: 'Contract check: what each remembered result saves',
    script: 'bench/contract-checker/remembered.ts',
    args: [],
    runs: 5,
    tinyArgs: ['--tiny'],
    timeoutMs: 10 * minutes,
  },
  {
    id: 'xsd',
    title: 'XSD validation per document',
    script: 'bench/xml-validator/xsd-engines.ts',
    args: [],
    runs: 5,
    tinyArgs: ['--tiny'],
    timeoutMs: 10 * minutes,
  },
  {
    id: 'clients',
    title: 'Clients: per-call overhead and bundle size',
    script: 'bench/clients/overhead.ts',
    args: ['--iterations', '2000'],
    runs: 5,
    tinyArgs: ['--tiny'],
    timeoutMs: 20 * minutes,
  },
  {
    id: 'mocks',
    title: 'Mocks: start-up, memory and throughput of all six services',
    script: 'bench/mocks/startup.ts',
    args: ['--requests', '3000'],
    runs: 3,
    tinyArgs: ['--tiny'],
    timeoutMs: 20 * minutes,
  },
  {
    id: 'mocks-hostile',
    title: 'Mocks under hostile XML and JSON bodies',
    script: 'bench/mocks/hostile.ts',
    args: ['--requests', '400'],
    runs: 3,
    tinyArgs: ['--tiny'],
    timeoutMs: 10 * minutes,
  },
  {
    id: 'spec-diff-hostile',
    title: 'spec-diff on hostile specs: $ref chains and a large spec',
    script: 'bench/spec-diff/hostile.ts',
    args: [],
    runs: 1,
    tinyArgs: ['--tiny'],
    timeoutMs: 20 * minutes,
  },
  {
    id: 'dev',
    title: 'pnpm dev: from a save to the mock serving it',
    script: 'bench/dev/reload.ts',
    args: [],
    runs: 5,
    tinyArgs: ['--tiny'],
    timeoutMs: 10 * minutes,
  },
  {
    id: 'wall',
    title: 'Wall time of the repository commands',
    script: 'bench/wall/commands.ts',
    args: [],
    runs: 3,
    tinyArgs: ['--tiny'],
    timeoutMs: 90 * minutes,
  },
];

const usageText = `Usage: pnpm bench [--runs N] [--only ${sectionScripts.map((s) => s.id).join(',')}] [--skip-test] [--no-install] [--tiny] [--out FILE] | --render

Measures the tools (several minutes; --tiny for a quick pass) and writes bench/RESULTS.md and RESULTS.json.
  --runs N        repeat each section N times (1-20)
  --only a,b      these sections only
  --skip-test     the wall section leaves out its pnpm test measurement
  --no-install    do not install the comparison tools into bench/compare (npm)
  --tiny          small inputs, one run: checks that every section works
  --out FILE      write the report there instead of bench/RESULTS.md
  --render        the report again from bench/RESULTS.json, measuring nothing
  -h, --help      this text`;

function usage(message: string): never {
  console.error(`${message}\n${usageText}`);
  process.exit(2);
}

let parsed: ReturnType<typeof parseOptions>;
function parseOptions() {
  return parseArgs({
    options: {
      runs: { type: 'string' },
      only: { type: 'string' },
      'skip-test': { type: 'boolean', default: false },
      'no-install': { type: 'boolean', default: false },
      tiny: { type: 'boolean', default: false },
      out: { type: 'string' },
      render: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}
try {
  parsed = parseOptions();
} catch (error) {
  usage(
    explainArgsError(error, [
      'runs',
      'only',
      'skip-test',
      'no-install',
      'tiny',
      'out',
      'render',
      'help',
      'h',
    ]),
  );
}
const { values } = parsed;
if (values.help) {
  console.log(usageText);
  process.exit(0);
}
const log = (line: string) => console.error(`[bench] ${line}`);

// `--render`: the report again from the last complete run's record (after a note changed); measures nothing.
if (values.render) {
  if (!existsSync(recordFile)) usage('--render needs bench/RESULTS.json: run pnpm bench first');
  const record = JSON.parse(readFileSync(recordFile, 'utf8')) as RunRecord;
  process.exit(
    publish(record, { ...(values.out ? { out: resolve(values.out) } : {}), writeRecord: false, log }),
  );
}
const tiny = values.tiny === true;
if (values.runs !== undefined) {
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20)
    usage(`--runs must be an integer from 1 to 20, got ${values.runs}`);
}
const only = values.only?.split(',').map((id) => id.trim());
const unknown = only?.filter((id) => !sectionScripts.some((section) => section.id === id)) ?? [];
if (unknown.length > 0)
  usage(
    `Unknown section(s): ${unknown
      .map(
        (id) =>
          `${id}${didYouMean(
            id,
            sectionScripts.map((section) => section.id),
          )}`,
      )
      .join(', ')}`,
  );
const selected = sectionScripts
  .filter((section) => !only || only.includes(section.id))
  .map((section) => ({
    ...section,
    args: [
      ...section.args,
      '--runs',
      values.runs ?? String(section.runs),
      ...(section.id === 'wall' && values['skip-test'] ? ['--skip-test'] : []),
    ],
  }));

// The wall section times `pnpm test`, which fails on a stale bench/RESULTS.md: refused now rather than
// after half an hour of the other sections.
if (!tiny && !values['skip-test'] && selected.some((section) => section.id === 'wall')) {
  const stale = staleReport();
  if (stale !== undefined) {
    usage(
      `${stale}; the wall section's pnpm test would fail on it after every other section has run: run pnpm bench --render first (or pass --skip-test)`,
    );
  }
}

const command = [
  'pnpm bench',
  ...process.argv.slice(2).filter((arg, index, all) => arg !== '--out' && all[index - 1] !== '--out'),
].join(' ');
const started = performance.now();
const loadBefore = os.loadavg()[0] ?? 0;

/** Steps before the sections; their failure stops the run (nothing could be measured as published). */
function prepare(): void {
  if (tiny) return;
  log('building the packages (pnpm build)');
  const build = spawnSync('pnpm', ['run', 'build'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0) {
    console.error('[bench] pnpm build failed: nothing was measured. Fix the build and run pnpm bench again.');
    process.exit(1);
  }
  if (!values['no-install']) {
    log('installing the comparison tools into bench/compare (npm, pinned in bench/compare/package.json)');
    const problem = ensureCompareTools();
    if (problem) log(`${problem}; their comparisons will be missing`);
  }
}

prepare();
const outcomes: Outcome[] = [];
for (const definition of selected) {
  log(`${definition.id}: ${definition.script} ${(tiny ? definition.tinyArgs : definition.args).join(' ')}`);
  const begin = performance.now();
  const outcome = await runSectionScript(definition, {
    root: repoRoot,
    tiny,
    echo: (chunk) => process.stderr.write(chunk),
  });
  if (outcome.ok) {
    const problems = sectionProblems(outcome.section);
    if (problems.length > 0) {
      outcomes.push({
        ok: false,
        failed: {
          id: definition.id,
          title: definition.title,
          command: outcome.section.command,
          error: `malformed section:\n${problems.join('\n')}`,
        },
      });
    } else outcomes.push(outcome);
  } else outcomes.push(outcome);
  log(
    `${definition.id}: ${outcomes.at(-1)?.ok ? 'done' : 'FAILED'} in ${((performance.now() - begin) / 1000).toFixed(0)} s`,
  );
}

const sections: Section[] = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.section] : []));
const failed: FailedSection[] = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.failed]));

const pnpmVersion = spawnSync('pnpm', ['--version'], { encoding: 'utf8' }).stdout.trim();
const machine: MachineInfo = {
  date: new Date().toISOString().slice(0, 10),
  cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
  cores: os.cpus().length,
  memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  node: process.version,
  pnpm: pnpmVersion,
  loadBefore,
  loadAfter: os.loadavg()[0] ?? 0,
  durationS: (performance.now() - started) / 1000,
};
const versions: Record<string, string> = Object.assign(
  {},
  ...sections.map((section) => section.versions),
  Object.fromEntries(
    compareTools.flatMap((name) => {
      const version = installedVersion(name);
      return version ? [[name, version]] : [];
    }),
  ),
);

const full =
  !tiny && !only && !values['skip-test'] && (values.runs === undefined || Number(values.runs) >= 3);
log(`all sections done in ${Math.round(machine.durationS)} s`);
process.exit(
  publish(
    { machine, versions, sections, failed, command, tiny, full },
    { ...(values.out ? { out: resolve(values.out) } : {}), writeRecord: true, log },
  ),
);
