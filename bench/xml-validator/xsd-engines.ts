/**
 * Compares XSD validation engines on the same documents and the project's Order.xsd (which includes
 * common.xsd), side by side:
 *
 * - libxml2-wasm as @svc-contracts/xml-validator uses it now (resident compiled schema; small documents on
 *   the calling thread, large ones on the engine worker);
 * - xmllint-wasm as @svc-contracts/xml-validator used it before (one worker, one xmllint `main()` per run,
 *   the schema parsed again every run), extracted from git at BASELINE_COMMIT into the system temp folder;
 * - libxmljs2 (native libxml2), only with `--libxmljs2 DIR`: a folder where `npm install libxmljs2` ran
 *   (it needs a node-gyp build, so it is not a dependency of the repository).
 *
 * Figures, ms per document: cold (a new process: engine load, schema compile, first document), warm one
 * document at a time (awaited calls), a batch of 200 (1 in 10 invalid), and one document with 2,000 and
 * with 16,000 schema errors. Prints a Markdown table; with `--json FILE` writes the `xsd` section of
 * bench/RESULTS.md (see bench/lib/section.ts).
 *
 * Run: npx tsx bench/xml-validator/xsd-engines.ts [--runs 5] [--tiny] [--json FILE] [--libxmljs2 DIR]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createXsdValidator } from '@svc-contracts/xml-validator';
import {
  emitSection,
  type Figure,
  isTiny,
  jsonTarget,
  type Measured,
  measured,
  median,
  runsOption,
} from '../lib/section.ts';

/** The last commit of packages/xml-validator/src that used xmllint-wasm: "today's engine" of the issue. */
const BASELINE_COMMIT = '539a00bbeb34be5987dc893973eff9e5c1e45a25';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const packageDir = path.join(repoRoot, 'packages/xml-validator');
// The comparison engines are devDependencies of the repository root (the bench's own).
const requireFromPackage = createRequire(import.meta.url);

const XSD_PATH = path.join(repoRoot, 'specs/numbers/xsd/Order.xsd');
/** The test fixture's Order without LoaType, which the project's Order.xsd does not have. */
const VALID_ORDER = readFileSync(path.join(packageDir, 'test/fixtures/order.xml'), 'utf8').replace(
  /\n {2}<LoaType>.*<\/LoaType>/,
  '',
);
const BAD_ORDER = VALID_ORDER.replace('>false<', '>yes<');

/** An Order with `count` telephone numbers, one per line, that break the E.164 pattern unless `valid`. */
function orderWithNumbers(count: number, { valid = false } = {}): string {
  const numbers = `    <TelephoneNumber>${valid ? '+14155550100' : '4155550100'}</TelephoneNumber>\n`.repeat(
    count,
  );
  return VALID_ORDER.replace(/ {6}<TelephoneNumber>[\s\S]*<\/TelephoneNumber>\n/, numbers);
}

const TINY = isTiny();
const ROUNDS = runsOption(TINY ? 1 : 5);
const BATCH_SIZE = TINY ? 10 : 200;
const BATCH_REPEATS = TINY ? 1 : 10;
const SEQUENTIAL_CALLS = TINY ? 5 : 2_000;
const SMALL_ERRORS = TINY ? 200 : 2_000;
const LARGE_ERRORS = TINY ? 1_600 : 16_000;

interface OpenEngine {
  /** Resolves with the number of issues reported. */
  validate(xml: string): Promise<number>;
  validateMany(xmls: string[]): Promise<unknown>;
  close(): Promise<void>;
}

interface Engine {
  key: string;
  tool: string;
  open(): Promise<OpenEngine>;
  /** Validations one at a time (fewer for a slow engine, so a run stays in minutes). */
  sequentialCalls: number;
}

const ours: Engine = {
  key: 'ours',
  tool: '@svc-contracts/xml-validator (libxml2-wasm)',
  sequentialCalls: SEQUENTIAL_CALLS,
  async open() {
    const validator = await createXsdValidator(XSD_PATH);
    return {
      validate: async (xml) => (await validator.validate(xml)).issues.length,
      validateMany: (xmls) => validator.validateMany(xmls),
      close: () => validator.close(),
    };
  },
};

/**
 * The previous package source, from git, in the system temp folder (outside the repository, so no linter
 * or type check sees it). Its dependencies are linked in from the repository's node_modules.
 */
function baselineEntry(): string {
  const folder = path.join(os.tmpdir(), `svc-contracts-xsd-baseline-${BASELINE_COMMIT.slice(0, 12)}`);
  const entry = path.join(folder, 'packages/xml-validator/src/index.ts');
  const linked = path.join(folder, 'node_modules', 'fast-xml-parser');
  if (!existsSync(linked)) {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    const archive = execFileSync('git', ['archive', BASELINE_COMMIT, 'packages/xml-validator/src'], {
      cwd: repoRoot,
      maxBuffer: 64 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', folder], { input: archive });
    mkdirSync(path.join(folder, 'node_modules'), { recursive: true });
    // xmllint-wasm first: `linked` (the last link) marks a complete extraction.
    for (const dependency of ['xmllint-wasm', 'fast-xml-parser']) {
      symlinkSync(
        realpathSync(path.join(repoRoot, 'node_modules', dependency)),
        path.join(folder, 'node_modules', dependency),
      );
    }
  }
  return entry;
}

interface BaselineModule {
  createXsdValidator(xsdPath: string): Promise<{
    validate(xml: string): Promise<{ issues: unknown[] }>;
    validateMany(xmls: string[]): Promise<unknown>;
    close(): Promise<void>;
  }>;
}

const baseline: Engine = {
  key: 'xmllint-wasm-wrapper',
  tool: 'xmllint-wasm 5.3, as @svc-contracts/xml-validator used it before',
  sequentialCalls: TINY ? 3 : 100,
  async open() {
    const module = (await import(pathToFileURL(baselineEntry()).href)) as BaselineModule;
    const validator = await module.createXsdValidator(XSD_PATH);
    return {
      validate: async (xml) => (await validator.validate(xml)).issues.length,
      validateMany: (xmls) => validator.validateMany(xmls),
      close: () => validator.close(),
    };
  },
};

interface Libxmljs {
  parseXml(
    text: string,
    options?: { baseUrl?: string },
  ): { validate(xsd: unknown): boolean; validationErrors: unknown[] };
}

function libxmljs2Engine(folder: string): Engine {
  return {
    key: 'libxmljs2',
    tool: 'libxmljs2 (native libxml2)',
    sequentialCalls: SEQUENTIAL_CALLS,
    async open() {
      const libxmljs = createRequire(path.join(path.resolve(folder), 'package.json'))(
        'libxmljs2',
      ) as Libxmljs;
      const schema = libxmljs.parseXml(readFileSync(XSD_PATH, 'utf8'), { baseUrl: XSD_PATH });
      const validate = (xml: string): number => {
        const document = libxmljs.parseXml(xml);
        return document.validate(schema) ? 0 : document.validationErrors.length;
      };
      return {
        validate: async (xml) => validate(xml),
        validateMany: async (xmls) => xmls.map(validate),
        close: async () => undefined,
      };
    },
  };
}

const libxmljs2Folder = optionValue('--libxmljs2');
const engines: Engine[] = [ours, baseline, ...(libxmljs2Folder ? [libxmljs2Engine(libxmljs2Folder)] : [])];

function optionValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

// ------------------------------------------------------------------------------------- cold probe

/** In a child process: load the engine, compile the schema, validate one document; print the ms. */
if (process.argv.includes('--probe-cold')) {
  const engine = engines.find((candidate) => candidate.key === optionValue('--probe-cold'));
  if (engine === undefined) process.exit(2);
  const start = performance.now();
  const opened = await engine.open();
  await opened.validate(VALID_ORDER);
  const ms = performance.now() - start;
  await opened.close();
  console.log(JSON.stringify({ ms }));
  process.exit(0);
}

/**
 * Ours runs from its build (dist/, plain Node) when there is one, as consumers run it: under tsx the
 * 1 MB libxml2-wasm module would be transformed first, which no consumer pays. The previous engine is
 * TypeScript source, so it runs under tsx; its WebAssembly loads in its worker, without tsx.
 */
function coldRun(engine: Engine): number {
  const dist = path.join(packageDir, 'dist/index.js');
  const args =
    engine === ours && existsSync(dist)
      ? ['--input-type=module', '-e', coldProbeOfBuild(dist)]
      : [...process.execArgv, fileURLToPath(import.meta.url), '--probe-cold', engine.key];
  if (libxmljs2Folder && engine !== ours) args.push('--libxmljs2', libxmljs2Folder);
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
  const cold = await rounds(() => coldRun(engine));
  const opened = await engine.open();
  await opened.validate(VALID_ORDER);
  const calls = engine.sequentialCalls;
  const warm = await rounds(
    async () =>
      (await timed(async () => {
        for (let call = 0; call < calls; call++)
          await opened.validate(call % 10 === 0 ? BAD_ORDER : VALID_ORDER);
      })) / calls,
  );
  // A batch takes a few ms on the fast engines: each round repeats it so that one preemption on the shared
  // cores does not decide the round.
  const batchTimes = await rounds(
    async () =>
      (await timed(async () => {
        for (let repeat = 0; repeat < BATCH_REPEATS; repeat++) await opened.validateMany(batch);
      })) /
      (BATCH_SIZE * BATCH_REPEATS),
  );
  // The error documents are slow on the old engine (quadratic): fewer rounds there.
  const errorRounds = engine === baseline ? Math.min(ROUNDS, 2) : ROUNDS;
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

const figures: Figure[] = (Object.keys(labels) as Mode[]).map((mode) => ({
  id: `xsd.${mode}`,
  label: labels[mode],
  unit: 'ms',
  better: 'lower',
  ours: measured('ours', ours.tool, results.get(ours)?.[mode] ?? []),
  comparisons: engines
    .filter((engine) => engine !== ours)
    .map((engine): Measured => measured(engine.key, engine.tool, results.get(engine)?.[mode] ?? [])),
}));

const version = (name: string, require = requireFromPackage): string =>
  (require(`${name}/package.json`) as { version: string }).version;

emitSection(
  {
    id: 'xsd',
    title: 'XSD validation per document',
    command: `npx tsx bench/xml-validator/xsd-engines.ts --runs ${ROUNDS}`,
    method: `specs/numbers/xsd/Order.xsd (with its included common.xsd) and a small Order document, median of ${ROUNDS} rounds. Cold: a new process loads the engine, compiles the schema and validates one document (process start not counted). Warm: ${SEQUENTIAL_CALLS} awaited \`validate\` calls in a row (${baseline.sequentialCalls} for the previous engine), 1 in 10 invalid. Batch: \`validateMany\` of ${BATCH_SIZE} documents, ${BATCH_REPEATS} times per round. Error documents: one Order with ${SMALL_ERRORS} and one with ${LARGE_ERRORS} telephone numbers that break the E.164 pattern. The previous engine is the package at commit ${BASELINE_COMMIT.slice(0, 7)} (xmllint-wasm on one worker, the schema parsed again for every run).`,
    figures,
    versions: {
      'libxml2-wasm': version('libxml2-wasm'),
      'xmllint-wasm': version('xmllint-wasm'),
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
  jsonTarget(),
);
