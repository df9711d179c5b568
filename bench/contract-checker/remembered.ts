/**
 * What each result the checker remembers between checks saves, in this run: the recorded JSON entries
 * checked one at a time (`checkExchangeNow`) by a contract set that remembers everything (the default)
 * and by three sets that each leave one out (`loadContracts({ remember: { <one>: false } })`), all four
 * in one process, in alternating slices.
 *
 *   pnpm exec tsx bench/contract-checker/remembered.ts [--runs N] [--ms N] [--tiny] [--json FILE]
 *
 * Each figure is the rate with everything remembered against the rate without that one result; bench/notes.ts
 * `kept` names them, so an optimisation that no longer wins fails the complete run (issue #43).
 */
import { join } from 'node:path';
import {
  type ContractSet,
  type EntryVerdict,
  type LoadContractsOptions,
  loadContracts,
} from '@svc-contracts/contract-checker';
import { integerValue, readOptions } from '../lib/options.ts';
import { emitSection, type Figure, measured, median, type Section } from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';
import { type BenchEntry, loadEntries, repoRoot, subsetOf } from './vs-prism-entries.ts';

type RememberOption = NonNullable<LoadContractsOptions['remember']>;

/** Each remembered result: its option, its figure's id and what it keeps. */
const remembered = [
  {
    option: 'parses',
    id: 'parses',
    label: 'the last two JSON texts parsed (bodies read twice parse once)',
  },
  {
    option: 'routes',
    id: 'routes',
    label: 'the operation matched per URL, path and webhook name',
  },
  {
    option: 'credentials',
    id: 'credentials',
    label: 'the last Basic credentials of each scheme, decoded once',
  },
] as const satisfies ReadonlyArray<{ option: keyof RememberOption; id: string; label: string }>;

const usage = `Usage: pnpm exec tsx bench/contract-checker/remembered.ts [--runs N] [--ms N] [--tiny] [--json FILE]

Entries per second of checkExchangeNow on the recorded JSON entries, with every remembered result and
without each one, the four contract sets in alternating slices of one process.
  --runs N      rounds, each giving one rate per set (1-50, default 3)
  --ms N        time each set is measured for in a round, in ms (20-600000, default 4000)
  --tiny        a fifth of the entries, one short round: checks that it runs
  --json FILE   write the section for pnpm bench there
  -h, --help    this text`;
const values = readOptions(usage, {
  runs: { type: 'string' },
  ms: { type: 'string' },
  tiny: { type: 'boolean', default: false },
  json: { type: 'string' },
});
const tiny = values.tiny === true;
const rounds = tiny ? 1 : integerValue(usage, 'runs', values.runs, 3, 1, 50);
const minMs = tiny ? 40 : integerValue(usage, 'ms', values.ms, 4000, 20, 600_000);
const warmMs = tiny ? 40 : 2000;
const sliceMs = 25;

const entries = subsetOf(loadEntries(tiny ? 5 : 1), 'json');
const configPath = join(repoRoot, 'redocly.yaml');

/** The sets, all remembered first: `all`, then one per result left out. */
const variants: Array<{ name: string; contracts: ContractSet }> = [
  { name: 'all', contracts: await loadContracts({ configPath }) },
];
for (const { option, id } of remembered) {
  variants.push({ name: id, contracts: await loadContracts({ configPath, remember: { [option]: false } }) });
}

/** A verdict as the report reads it, for the check that no set judges differently. */
function verdictKey(verdict: EntryVerdict): string {
  return JSON.stringify(verdict);
}

function checkNow(contracts: ContractSet, entry: BenchEntry): EntryVerdict {
  const verdict = contracts.checkExchangeNow(entry.request, entry.response);
  // A JSON entry is answered at once; a promise here would be a harness error.
  if (verdict instanceof Promise) throw new Error(`entry ${entry.id}: a JSON check returned a promise`);
  return verdict;
}

// Twice over, so that what is remembered from the first pass is used in the second.
for (let pass = 0; pass < 2; pass++) {
  for (const entry of entries) {
    const expected = verdictKey(checkNow(variants[0]?.contracts as ContractSet, entry));
    for (const variant of variants.slice(1)) {
      const got = verdictKey(checkNow(variant.contracts, entry));
      if (got !== expected)
        throw new Error(`entry ${entry.id} (${entry.file}): without ${variant.name} the verdict differs`);
    }
  }
}

function slice(contracts: ContractSet, ms: number): { checked: number; elapsed: number; cpu: number } {
  let checked = 0;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  do {
    for (const entry of entries) contracts.checkExchangeNow(entry.request, entry.response);
    checked += entries.length;
  } while (performance.now() - start < ms);
  const cpu = process.cpuUsage(cpuBefore);
  return { checked, elapsed: performance.now() - start, cpu: (cpu.user + cpu.system) / 1000 };
}

/** One round: the sets take turns in slices until each has had `ms`; what each checked, in how long. */
function round(ms: number): Array<{ checked: number; elapsed: number; cpu: number }> {
  const totals = variants.map(() => ({ checked: 0, elapsed: 0, cpu: 0 }));
  // The order of the sets rotates from slice to slice: none always follows the same one.
  for (let at = 0; at === 0 || totals.some((total) => total.elapsed < ms); at++) {
    for (let step = 0; step < variants.length; step++) {
      const index = (at + step) % variants.length;
      const one = slice((variants[index] as (typeof variants)[number]).contracts, sliceMs);
      const total = totals[index] as (typeof totals)[number];
      total.checked += one.checked;
      total.elapsed += one.elapsed;
      total.cpu += one.cpu;
    }
  }
  return totals;
}

// A round not counted: the compiled code settles with every set's path through it taken.
round(warmMs);
/** Per set, one rate per round: entries per second of wall time and of the process's CPU time. */
const rates = variants.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
for (let at = 0; at < rounds; at++) {
  round(minMs).forEach((total, index) => {
    const rate = rates[index] as (typeof rates)[number];
    rate.wall.push((total.checked / total.elapsed) * 1000);
    rate.cpu.push((total.checked / total.cpu) * 1000);
  });
}
for (const variant of variants) await variant.contracts.close();

const all = rates[0] as (typeof rates)[number];
const ratioText = (values: number[]) => values.map((value) => value.toFixed(3)).join(' / ');
const figures: Figure[] = remembered.map(({ id, label }, at) => {
  const without = rates[at + 1] as (typeof rates)[number];
  const wallRatios = all.wall.map((rate, round) => rate / (without.wall[round] as number));
  const cpuRatios = all.cpu.map((rate, round) => rate / (without.cpu[round] as number));
  return {
    id: `contract-check-remembered.${id}`,
    label: `JSON entries one at a time: ${label}`,
    unit: 'entries/s',
    better: 'higher',
    ours: measured('remembered', 'contract checker, everything remembered', all.wall),
    comparisons: [
      measured(
        'without',
        `the same without ${id} (remember: { ${remembered[at]?.option}: false })`,
        without.wall,
      ),
    ],
    detail: `with ÷ without per round: ${ratioText(wallRatios)} (wall), ${ratioText(cpuRatios)} (CPU time); median ${median(wallRatios).toFixed(3)} / ${median(cpuRatios).toFixed(3)}`,
  };
});

const rows = variants.map(
  (variant, at) =>
    `| ${at === 0 ? 'everything remembered' : `without ${variant.name}`} | ${Math.round(median(rates[at]?.wall ?? [])).toLocaleString('en-US')} | ${Math.round(median(rates[at]?.cpu ?? [])).toLocaleString('en-US')} |`,
);
const table = [
  '| contract set | entries/s (wall) | entries per CPU second |',
  '|---|---:|---:|',
  ...rows,
].join('\n');
console.log(table);
for (const figure of figures) console.log(`${figure.id}: ${figure.detail}`);

const section: Section = {
  id: 'contract-check-remembered',
  title: 'Contract check: what each remembered result saves',
  command: `pnpm exec tsx bench/contract-checker/remembered.ts${tiny ? ' --tiny' : ` --runs ${rounds}`}`,
  method: `The ${entries.length} recorded JSON entries of contract-tests/recordings, checked one at a time with \`checkExchangeNow\` by four contract sets loaded in one process: one that remembers everything (the default) and three that each leave one remembered result out (\`loadContracts({ remember: { <one>: false } })\`). Before timing, every set checks every entry twice and must give the same verdict as the first (no remembered result changes a verdict). Then the sets take turns in slices of about ${sliceMs} ms, the order rotating from slice to slice, until each has had ${minMs} ms in the round, after a first round of ${warmMs} ms each that is not counted; a round gives one rate per set, the figure is the median of ${rounds} round${rounds === 1 ? '' : 's'}. Neighbouring slices see the same load on a shared host, so their ratio is steadier than separate runs'. The sets share the process's compiled code, so the code that reads each remembered result has also run without it.`,
  figures,
  versions: {
    '@svc-contracts/contract-checker': packageVersion('packages/contract-checker/package.json'),
  },
  findings: [table],
};
emitSection(section, values.json);
