/**
 * Wall time of the repository's own commands, each beside the same job done with the stock CLIs (`pnpm
 * lint:specs`, `pnpm lint`, `pnpm generate`), and of `pnpm test` (no comparison), its detail giving each
 * step's median from its closing line. `--tiny` times `node -e 0` instead: the section, not the figures.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../../scripts/lib/paths.ts';
import { listServices } from '../../scripts/lib/specs.ts';
import { sectionOptions } from '../lib/options.ts';
import { scratchDir } from '../lib/processes.ts';
import { emitSection, type Figure, figure, measured, median, type Section } from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';

const values = sectionOptions(
  'wall/commands.ts',
  'Wall time of pnpm lint:specs, pnpm lint, pnpm generate and pnpm test, beside the stock CLIs.',
  'node -e 0 in place of every command: checks the timing and the section',
  {
    runs: { help: 'runs of each command', whole: [3, 1, 20, 1] },
    'test-runs': { help: 'runs of pnpm test', whole: ['runs', 1, 20, 1] },
    'skip-test': { help: 'leave pnpm test out' },
  },
);
const { tiny, runs, 'test-runs': testRuns } = values;

const scratch = scratchDir('bench-wall-');
// Without its own config openapi-typescript reads our redocly.yaml and asks for `x-openapi-ts` outputs.
const scratchConfig = join(scratch, 'redocly.yaml');
writeFileSync(scratchConfig, 'extends:\n  - minimal\n');
// Relative paths: the commands are printed into bench/RESULTS.md.
const roots = listServices().map((service) => relative(repoRoot, service.root));

// openapi-typescript is a dependency of the client runtime (the generator's), not of the root.
const openapiTypescriptDir = 'packages/client-runtime/node_modules/openapi-typescript';
const openapiTypescriptBin = `${openapiTypescriptDir}/bin/cli.js`;
const stockSpecLint = `pnpm exec redocly lint && pnpm exec spectral lint ${roots.join(' ')}`;
const openapiTypescript = listServices()
  .map(
    (service) =>
      `node ${openapiTypescriptBin} ${relative(repoRoot, service.root)} --redocly ${scratchConfig} -o ${join(scratch, `${service.name}.ts`)}`,
  )
  .join(' && ');

interface Job {
  id: string;
  label: string;
  ours: string;
  comparison?: { key: string; tool: string; command: string };
  runs: number;
  detail: string;
}

const jobs: Job[] = [
  {
    id: 'wall.lint-specs',
    label: '`pnpm lint:specs`: Redocly and Spectral on the six specs',
    ours: 'pnpm run lint:specs',
    comparison: { key: 'stock-clis', tool: '`redocly lint` + `spectral lint` CLIs', command: stockSpecLint },
    runs,
    detail: 'stock: `redocly lint`, then `spectral lint` of the six root files, with the same configuration',
  },
  {
    id: 'wall.lint',
    label: '`pnpm lint`: build, spec lint, Biome, tsc',
    ours: 'pnpm run lint',
    comparison: {
      key: 'stock-clis',
      tool: 'the same steps with the stock spec linters',
      command: `pnpm run build && ${stockSpecLint} && pnpm run lint:code`,
    },
    runs,
    detail: 'both build the packages and run Biome and tsc; only the spec linting differs',
  },
  {
    id: 'wall.generate',
    label: '`pnpm generate`: six clients',
    ours: 'pnpm run generate',
    comparison: {
      key: 'openapi-typescript',
      tool: '`openapi-typescript` CLI, once per spec (types only)',
      command: openapiTypescript,
    },
    runs,
    detail:
      'ours also writes the operation tables and the XML document types and copies the XSDs; openapi-typescript writes the types alone',
  },
  ...(values['skip-test']
    ? []
    : [
        {
          id: 'wall.test',
          label: '`pnpm test`: the whole suite',
          ours: 'pnpm test',
          runs: testRuns,
          detail:
            'lint, generated-code check, package checks (publint, arethetypeswrong), every vitest file including a real publish to a local registry and the docs site in headless Chromium',
        },
      ]),
];

/** Seconds of one run of `command` in a shell at the repository root, and its output; throws on failure. */
function time(command: string): { seconds: number; output: string } {
  const begin = performance.now();
  const result = spawnSync('bash', ['-c', tiny ? 'node -e 0' : command], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', FORCE_COLOR: '0' },
  });
  const seconds = (performance.now() - begin) / 1000;
  if (result.status !== 0) {
    const tail = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`\`${command}\` exited with ${result.status ?? result.signal}:\n${tail}`);
  }
  return { seconds, output: result.stdout };
}

/** Each step's seconds from the closing line of `pnpm test` (scripts/lib/step-times.ts). */
function stepSeconds(output: string): [string, number][] {
  const steps = /^pnpm test: done in [\d.]+ s \((.*)\)$/m.exec(output)?.[1] ?? '';
  return steps.split(', ').flatMap((part) => {
    const step = /^(.+) ([\d.]+) s$/.exec(part);
    return step ? [[step[1] ?? '', Number(step[2])] as [string, number]] : [];
  });
}

const figures: Figure[] = [];
for (const job of jobs) {
  const ours: number[] = [];
  const theirs: number[] = [];
  const steps = new Map<string, number[]>();
  // Alternate ours and the comparison so that drifting load hits both alike.
  for (let run = 0; run < job.runs; run++) {
    const ran = time(job.ours);
    ours.push(ran.seconds);
    for (const [step, seconds] of stepSeconds(ran.output))
      steps.set(step, [...(steps.get(step) ?? []), seconds]);
    if (job.comparison) theirs.push(time(job.comparison.command).seconds);
    console.log(
      `${job.id} run ${run + 1}/${job.runs}: ours ${ours.at(-1)?.toFixed(1)} s${job.comparison ? `, comparison ${theirs.at(-1)?.toFixed(1)} s` : ''}`,
    );
  }
  // Where `pnpm test`'s time goes: each step's median (its lanes run at once).
  const stepMedians = [...steps].map(([step, values]) => `${step} ${median(values).toFixed(1)}`);
  figures.push(
    figure(
      job.id,
      job.label,
      's',
      'lower',
      measured('ours', `\`${job.ours}\``, ours),
      job.comparison ? [measured(job.comparison.key, job.comparison.tool, theirs)] : [],
      steps.size === 0 ? job.detail : `${job.detail}; steps (median s): ${stepMedians.join(', ')}`,
    ),
  );
}

const section: Section = {
  id: 'wall',
  title: 'Wall time of the repository commands',
  command: `pnpm exec tsx bench/wall/commands.ts --runs ${runs}`,
  method: tiny
    ? 'Tiny mode: every command replaced by `node -e 0`; the figures are not meaningful.'
    : `Each command runs in bash at the repository root with its output captured, ours and the comparison alternately, ${runs} run(s) each (\`pnpm test\`: ${testRuns}); a figure is the median, in seconds. Caches stay as they are between runs (a second run of \`pnpm lint\` rebuilds what tsc finds stale, as a developer's does).`,
  figures,
  versions: {
    '@redocly/cli': packageVersion('node_modules/@redocly/cli/package.json'),
    '@stoplight/spectral-cli': packageVersion('node_modules/@stoplight/spectral-cli/package.json'),
    'openapi-typescript': packageVersion(`${openapiTypescriptDir}/package.json`),
    '@biomejs/biome': packageVersion('node_modules/@biomejs/biome/package.json'),
    typescript: packageVersion('node_modules/typescript/package.json'),
  },
};
emitSection(section, values.json);
