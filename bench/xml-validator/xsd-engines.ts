/**
 * Compares XSD validation engines on the same documents and the project's Order.xsd (which includes
 * common.xsd), side by side:
 *
 * - libxml2-wasm as @svc-contracts/xml-validator uses it now (resident compiled schema; small documents on
 *   the calling thread, large ones on the engine worker);
 * - xmllint-wasm as @svc-contracts/xml-validator used it before (one worker, one xmllint `main()` per run,
 *   the schema parsed again every run), extracted from git at BASELINE_COMMIT into the system temp folder;
 * - xsd-schema-validator (Java, the design card's engine; java-engine.ts), a new JVM per call: when no
 *   Java can run it, its comparisons say why (not measured) and the run is partial;
 * - libxmljs2 (native libxml2), only with `--libxmljs2 DIR`: a folder where `npm install libxmljs2` ran
 *   (it needs a node-gyp build, so it is not a dependency of the repository).
 *
 * Figures, ms per document: cold (a new process: engine load, schema compile, first document), warm one
 * document at a time (awaited calls), a batch of 200 (1 in 10 invalid), and one document with 2,000 and
 * with 16,000 schema errors. Prints a Markdown table; with `--json FILE` writes the `xsd` section of
 * bench/RESULTS.md (see bench/lib/section.ts).
 *
 * Run: pnpm exec tsx bench/xml-validator/xsd-engines.ts [--runs 5] [--tiny] [--json FILE] [--libxmljs2 DIR]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { integerValue, readOptions } from '../lib/options.ts';
import {
  emitSection,
  type Figure,
  type Measured,
  measured,
  median,
  type NotMeasured,
} from '../lib/section.ts';
import {
  BAD_ORDER,
  BASELINE_COMMIT,
  baseline,
  type Engine,
  JAVA_KEY,
  JAVA_TOOL,
  javaEngine,
  libxmljs2Engine,
  orderWithNumbers,
  ours,
  packageDir,
  repoRoot,
  VALID_ORDER,
  XSD_PATH,
} from './engines.ts';
import { openJavaValidator } from './java-engine.ts';

const usage = `Usage: pnpm exec tsx bench/xml-validator/xsd-engines.ts [--runs N] [--tiny] [--json FILE] [--libxmljs2 DIR]

XSD engines side by side on specs/numbers/xsd/Order.xsd: ours, xmllint-wasm as we used it, xsd-schema-validator (Java).
  --runs N           rounds of each measure (1-50, default 5)
  --tiny             small documents, one round: checks that it runs
  --json FILE        also write the section of bench/RESULTS.md there
  --libxmljs2 DIR    also measure libxmljs2, installed with npm in DIR
  -h, --help         this text`;

const options = readOptions(usage, {
  runs: { type: 'string' },
  tiny: { type: 'boolean', default: false },
  json: { type: 'string' },
  libxmljs2: { type: 'string' },
  // Internal: the child process that measures one engine cold.
  'probe-cold': { type: 'string' },
});

const TINY = options.tiny === true;
const ROUNDS = integerValue(usage, 'runs', options.runs, TINY ? 1 : 5, 1, 50);
const BATCH_SIZE = TINY ? 10 : 200;
const BATCH_REPEATS = TINY ? 1 : 10;
const SMALL_ERRORS = TINY ? 200 : 2_000;
const LARGE_ERRORS = TINY ? 1_600 : 16_000;
const callsOf = (engine: Engine): number => (TINY ? engine.tinyCalls : engine.sequentialCalls);

const libxmljs2Folder = options.libxmljs2;
const jsEngines: Engine[] = [ours, baseline, ...(libxmljs2Folder ? [libxmljs2Engine(libxmljs2Folder)] : [])];

// ------------------------------------------------------------------------------------- cold probe

/** In a child process: load the engine, compile the schema, validate one document; print the ms. */
if (options['probe-cold'] !== undefined) {
  const engine = jsEngines.find((candidate) => candidate.key === options['probe-cold']);
  if (engine === undefined) process.exit(2);
  const start = performance.now();
  const opened = await engine.open();
  await opened.validate(VALID_ORDER);
  const ms = performance.now() - start;
  await opened.close();
  console.log(JSON.stringify({ ms }));
  process.exit(0);
}

const java = await openJavaValidator(XSD_PATH, VALID_ORDER, BAD_ORDER);
const engines: Engine[] = [...jsEngines, ...(java.available ? [javaEngine(java)] : [])];
if (!java.available) console.error(`xsd-schema-validator not measured: ${java.reason}`);

/**
 * Ours runs from its build (dist/, plain Node) when there is one, as consumers run it: under tsx the
 * 1 MB libxml2-wasm module would be transformed first, which no consumer pays. The previous engine is
 * TypeScript source, so it runs under tsx; its WebAssembly loads in its worker, without tsx.
 */
function coldRun(engine: Engine): number {
  const dist = path.join(packageDir, 'dist/index.js');
  const args =
    engine.key === ours.key && existsSync(dist)
      ? ['--input-type=module', '-e', coldProbeOfBuild(dist)]
      : [...process.execArgv, fileURLToPath(import.meta.url), '--probe-cold', engine.key];
  if (libxmljs2Folder && engine.key !== ours.key) args.push('--libxmljs2', libxmljs2Folder);
  const child = spawnSync(process.execPath, args, { encoding: 'utf8', cwd: repoRoot });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0) throw new Error(`cold probe of ${engine.key} failed: ${child.stderr}`);
  return (JSON.parse(line) as { ms: number }).ms;
}

function coldProbeOfBuild(dist: string): string {
  return `const start = performance.now();
const { createXsdValidator } = await import(${JSON.stringify(pathToFileURL(dist).href)});
const validator = await createXsdValidator(${JSON.stringify(XSD_PATH)});
await validator.validate(${JSON.stringify(VALID_ORDER)});
console.log(JSON.stringify({ ms: performance.now() - start }));`;
}

// ------------------------------------------------------------------------------------- measuring

type Mode = 'cold' | 'warm' | 'batch' | 'errors-small' | 'errors-large';

async function timed(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

async function rounds(measure: () => Promise<number> | number, count = ROUNDS): Promise<number[]> {
  const samples: number[] = [];
  for (let round = 0; round < count; round++) samples.push(await measure());
  return samples;
}

const batch = Array.from({ length: BATCH_SIZE }, (_, index) => (index % 10 === 0 ? BAD_ORDER : VALID_ORDER));
const smallErrors = orderWithNumbers(SMALL_ERRORS);
const largeErrors = orderWithNumbers(LARGE_ERRORS);
/** Valid, and over our inline limit (16 KiB): warms the engine worker up. */
const largeValid = orderWithNumbers(2_000, { valid: true });

async function measureEngine(engine: Engine): Promise<Record<Mode, number[]>> {
  // A JVM per call: every call is cold, timed from this process (the JVM's start included).
  const cold = engine.perCallProcess
    ? await rounds(async () => {
        const opened = await engine.open();
        return timed(() => opened.validate(VALID_ORDER));
      })
    : await rounds(() => coldRun(engine));
  const opened = await engine.open();
  await opened.validate(VALID_ORDER);
  const calls = callsOf(engine);
  const warm = await rounds(
    async () =>
      (await timed(async () => {
        for (let call = 0; call < calls; call++)
          await opened.validate(call % 10 === 0 ? BAD_ORDER : VALID_ORDER);
      })) / calls,
  );
  // A batch takes a few ms on the fast engines: each round repeats it so that one preemption on the shared
  // cores does not decide the round.
  // No batch call in the Java engine: a batch costs a JVM per document, as one call at a time does.
  const batchTimes = engine.perCallProcess
    ? warm
    : await rounds(
        async () =>
          (await timed(async () => {
            for (let repeat = 0; repeat < BATCH_REPEATS; repeat++) await opened.validateMany(batch);
          })) /
          (BATCH_SIZE * BATCH_REPEATS),
      );
  // The error documents are slow on the old engine (quadratic): fewer rounds there.
  const errorRounds = engine === baseline || engine.perCallProcess ? Math.min(ROUNDS, 2) : ROUNDS;
  // Warm-up: a large document starts our engine worker (its own wasm and schema compile) on first use.
  await opened.validate(largeValid);
  const errorsSmall = await rounds(() => timed(() => opened.validate(smallErrors)), errorRounds);
  const errorsLarge = await rounds(() => timed(() => opened.validate(largeErrors)), errorRounds);
  await opened.close();
  return { cold, warm, batch: batchTimes, 'errors-small': errorsSmall, 'errors-large': errorsLarge };
}

const results = new Map<Engine, Record<Mode, number[]>>();
for (const engine of engines) results.set(engine, await measureEngine(engine));

// ------------------------------------------------------------------------------------- report

const labels: Record<Mode, string> = {
  cold: 'cold: new process, engine load, schema compile, first document (ms)',
  warm: 'warm: one document per awaited call, 1 in 10 invalid (ms per document)',
  batch: `warm: ${BATCH_SIZE} documents at once, 1 in 10 invalid (ms per document)`,
  'errors-small': `one document with ${SMALL_ERRORS.toLocaleString('en')} schema errors (ms)`,
  'errors-large': `one document with ${LARGE_ERRORS.toLocaleString('en')} schema errors (ms)`,
};

function formatMs(ms: number): string {
  if (ms >= 10) return ms.toFixed(0);
  if (ms >= 1) return ms.toFixed(1);
  if (ms >= 0.1) return ms.toFixed(2);
  return ms.toFixed(4);
}

const loadAverage = os.loadavg()[0]?.toFixed(1) ?? '?';
console.log(
  `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load average ${loadAverage} at the end; median of ${ROUNDS} rounds (fastest in brackets); specs/numbers/xsd/Order.xsd (includes common.xsd).\n`,
);
console.log(`| figure | ${engines.map((engine) => engine.tool).join(' | ')} |`);
console.log(`|---|${engines.map(() => '---:').join('|')}|`);
for (const mode of Object.keys(labels) as Mode[]) {
  const cells = engines.map((engine) => {
    const samples = results.get(engine)?.[mode] ?? [];
    return `${formatMs(median(samples))} (${formatMs(Math.min(...samples))})`;
  });
  console.log(`| ${labels[mode]} | ${cells.join(' | ')} |`);
}
const ratio = (engine: Engine, mode: Mode) =>
  median(results.get(engine)?.[mode] ?? []) / median(results.get(ours)?.[mode] ?? []);
console.log(
  `\nWarm one at a time: ours is ${ratio(baseline, 'warm').toFixed(0)}x faster than the previous engine (median). ` +
    `Growth from ${SMALL_ERRORS} to ${LARGE_ERRORS} errors (x${LARGE_ERRORS / SMALL_ERRORS} errors): ` +
    engines
      .map((engine) => {
        const byMode = results.get(engine);
        const growth = (pick: (samples: number[]) => number) =>
          (pick(byMode?.['errors-large'] ?? []) / pick(byMode?.['errors-small'] ?? [])).toFixed(1);
        return `${engine.key} x${growth(median)} (fastest rounds x${growth((samples) => Math.min(...samples))})`;
      })
      .join(', '),
);

// ------------------------------------------------------------------------------------------- section

if (!java.available) console.log(`\n${JAVA_TOOL}: not measured, ${java.reason}`);

const javaDetail: Partial<Record<Mode, string>> = {
  cold: 'xsd-schema-validator starts a JVM for every call, so its cold figure is one call timed from this process, the JVM start included.',
  batch:
    'xsd-schema-validator has no batch call: its figure is that of one call at a time (a JVM per document).',
};
const figures: Figure[] = (Object.keys(labels) as Mode[]).map((mode) => ({
  id: `xsd.${mode}`,
  label: labels[mode],
  unit: 'ms',
  better: 'lower',
  ours: measured('ours', ours.tool, results.get(ours)?.[mode] ?? []),
  comparisons: [
    ...engines
      .filter((engine) => engine !== ours)
      .map((engine): Measured => measured(engine.key, engine.tool, results.get(engine)?.[mode] ?? [])),
    ...(java.available
      ? []
      : [
          {
            key: JAVA_KEY,
            tool: JAVA_TOOL,
            status: 'unavailable',
            reason: java.reason,
          } satisfies NotMeasured,
        ]),
  ],
  ...(java.available && javaDetail[mode] ? { detail: javaDetail[mode] } : {}),
}));

// The engines compared are devDependencies of the repository root (the bench's own).
const requireFromRoot = createRequire(import.meta.url);
const version = (name: string, require = requireFromRoot): string =>
  (require(`${name}/package.json`) as { version: string }).version;

emitSection(
  {
    id: 'xsd',
    title: 'XSD validation per document',
    command: `npx tsx bench/xml-validator/xsd-engines.ts --runs ${ROUNDS}`,
    method: `specs/numbers/xsd/Order.xsd (with its included common.xsd) and a small Order document, median of ${ROUNDS} rounds. Cold: a new process loads the engine, compiles the schema and validates one document (process start not counted). Warm: ${callsOf(ours)} awaited \`validate\` calls in a row (${callsOf(baseline)} for the previous engine${java.available ? `, ${callsOf(javaEngine(java))} for xsd-schema-validator` : ''}), 1 in 10 invalid. Batch: \`validateMany\` of ${BATCH_SIZE} documents, ${BATCH_REPEATS} times per round. Error documents: one Order with ${SMALL_ERRORS} and one with ${LARGE_ERRORS} telephone numbers that break the E.164 pattern. The previous engine is the package at commit ${BASELINE_COMMIT.slice(0, 7)} (xmllint-wasm on one worker, the schema parsed again for every run). xsd-schema-validator is the library as published, on the local Java (its helper class compiled by the library itself, as its shipped class needs Java 21): every call spawns a JVM that loads the schema and validates one document.`,
    figures,
    versions: {
      'libxml2-wasm': version('libxml2-wasm'),
      'xmllint-wasm': version('xmllint-wasm'),
      ...(java.available ? { 'xsd-schema-validator': java.version, java: java.runtime } : {}),
      ...(libxmljs2Folder
        ? {
            libxmljs2: version(
              'libxmljs2',
              createRequire(path.join(path.resolve(libxmljs2Folder), 'package.json')),
            ),
          }
        : {}),
    },
  },
  options.json,
);
