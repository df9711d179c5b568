/**
 * Compares XSD validation engines on the same small Order document and schema (with an included
 * common.xsd), per document, warm and cold:
 *
 * - xmllint-wasm as @svc-contracts/xml-validator wraps it (one long-lived worker, batched runs);
 * - xmllint-wasm called as its README shows (`validateXML`, a new worker per call);
 * - xsd-schema-validator (Java; a new JVM per call), skipped with a note when `java` is absent.
 *
 * Prints a Markdown table of medians and one error message per engine for the same bad document; with
 * `--json FILE` also writes the `xsd` section of bench/RESULTS.md (see bench/lib/section.ts).
 * Run: pnpm exec tsx bench/xml-validator/xsd-engines.ts [--runs 5] [--tiny] [--json FILE]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createXsdValidator, validateXml } from '../../packages/xml-validator/src/index.js';
import { getSharedXmllintEngine } from '../../packages/xml-validator/src/xmllint-engine.js';
import {
  emitSection,
  type Figure,
  isTiny,
  jsonTarget,
  measured,
  median,
  type NotMeasured,
  runsOption,
} from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';

// Engines are dependencies of the package, not of the workspace root: resolve them from there.
const requireFromPackage = createRequire(
  new URL('../../packages/xml-validator/package.json', import.meta.url),
);

interface RawXmllint {
  validateXML(options: {
    xml: Array<{ fileName: string; contents: string }>;
    schema: Array<{ fileName: string; contents: string }>;
    preload: Array<{ fileName: string; contents: string }>;
  }): Promise<{ valid: boolean; errors: ReadonlyArray<{ rawMessage: string }> }>;
}

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../../packages/xml-validator/test/fixtures/${name}`, import.meta.url));
const XSD_PATH = fixture('order.xsd');
const COMMON_XSD = readFileSync(fixture('common.xsd'), 'utf8');
const ORDER_XSD = readFileSync(XSD_PATH, 'utf8');
const VALID_ORDER = readFileSync(fixture('order.xml'), 'utf8');
const BAD_ORDER = VALID_ORDER.replace('>false<', '>yes<');

const TINY = isTiny();
const ROUNDS = runsOption(TINY ? 1 : 5);
const BATCH_SIZE = TINY ? 10 : 200;
const SEQUENTIAL_CALLS = TINY ? 3 : 50;
const JAVA_CALLS = TINY ? 1 : 5;

interface Timing {
  /** Median over the rounds: what the brief asks for. */
  median: number;
  /** Fastest round: closest to the uncontended cost when other work shares the 2 cores. */
  best: number;
  /** Every round's ms per document. */
  samples: number[];
}

type Mode = 'cold' | 'warm' | 'batch';

interface Row {
  engine: string;
  /** Which figure of the section the row feeds, if any. */
  figure?: Mode;
  mode: string;
  msPerDocument: Timing;
  note: string;
}

/** Runs `measure` ROUNDS times; each returns ms per document. */
async function medianOf(measure: () => Promise<number>): Promise<Timing> {
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) samples.push(await measure());
  return { median: median(samples), best: Math.min(...samples), samples };
}

function once(ms: number): Timing {
  return { median: ms, best: ms, samples: [ms] };
}

async function timed(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

async function measureWrapper(rows: Row[]): Promise<string> {
  const engine = getSharedXmllintEngine();
  rows.push({
    engine: 'xmllint-wasm, this package',
    figure: 'cold',
    mode: 'cold (new worker, wasm compile, schema compile, 1 document)',
    msPerDocument: await medianOf(async () => {
      await engine.shutdown();
      return timed(() => validateXml(VALID_ORDER, XSD_PATH));
    }),
    note: '`validateXml` after the engine was stopped',
  });

  const validator = await createXsdValidator(XSD_PATH);
  await validator.validate(VALID_ORDER);
  rows.push({
    engine: 'xmllint-wasm, this package',
    figure: 'warm',
    mode: 'warm, single calls one after another',
    msPerDocument: await medianOf(
      async () =>
        (await timed(async () => {
          for (let call = 0; call < SEQUENTIAL_CALLS; call++) await validator.validate(VALID_ORDER);
        })) / SEQUENTIAL_CALLS,
    ),
    note: `${SEQUENTIAL_CALLS} awaited \`validate\` calls; one engine run each`,
  });
  const batch = Array.from({ length: BATCH_SIZE }, (_, index) =>
    index % 10 === 0 ? BAD_ORDER : VALID_ORDER,
  );
  rows.push({
    engine: 'xmllint-wasm, this package',
    figure: 'batch',
    mode: `warm, batch of ${BATCH_SIZE}`,
    msPerDocument: await medianOf(
      async () => (await timed(() => validator.validateMany(batch))) / BATCH_SIZE,
    ),
    note: '`validateMany` (concurrent `validate` calls batch the same way); 1 in 10 invalid',
  });
  const [badResult] = await validator.validateMany([{ xml: BAD_ORDER, fileName: 'order.xml' }]);
  await validator.close();
  return badResult?.issues[0]?.message ?? '(no issue reported)';
}

async function measureRawXmllint(rows: Row[]): Promise<string> {
  const xmllint = requireFromPackage('xmllint-wasm') as RawXmllint;
  const run = (documents: string[]) =>
    xmllint.validateXML({
      xml: documents.map((contents, index) => ({ fileName: `order-${index}.xml`, contents })),
      schema: [{ fileName: 'order.xsd', contents: ORDER_XSD }],
      preload: [{ fileName: 'common.xsd', contents: COMMON_XSD }],
    });
  rows.push({
    engine: 'xmllint-wasm `validateXML` as published',
    figure: 'warm',
    mode: 'single call (every call is cold: new worker + wasm compile)',
    msPerDocument: await medianOf(() => timed(() => run([VALID_ORDER]))),
    note: '',
  });
  const batch = Array.from({ length: BATCH_SIZE }, () => VALID_ORDER);
  rows.push({
    engine: 'xmllint-wasm `validateXML` as published',
    figure: 'batch',
    mode: `one call with ${BATCH_SIZE} documents`,
    msPerDocument: await medianOf(async () => (await timed(() => run(batch))) / BATCH_SIZE),
    note: 'its result does not say which document an error belongs to beyond the file name',
  });
  const bad = await run([BAD_ORDER]);
  return bad.errors[0]?.rawMessage ?? '(no error reported)';
}

/**
 * xsd-schema-validator spawns `java support.XMLValidator` per call. Its shipped class file is compiled for
 * a newer Java than some machines have (class version 65 = Java 21), and its postinstall that would
 * recompile it is blocked by pnpm, so we compile the shipped source into a temp folder when `javac` is
 * present and spawn the JVM exactly as the library does. Returns the class path, or why Java is skipped.
 */
function prepareJavaValidator(): { classPath: string } | { skipped: string } {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error !== undefined || java.status !== 0) return { skipped: '`java` not found' };
  const packageFolder = path.dirname(requireFromPackage.resolve('xsd-schema-validator/package.json'));
  const classFolder = mkdtempSync(path.join(os.tmpdir(), 'xsd-bench-'));
  const javac = spawnSync(
    'javac',
    ['-d', classFolder, path.join(packageFolder, 'support', 'XMLValidator.java')],
    {
      encoding: 'utf8',
    },
  );
  if (javac.error === undefined && javac.status === 0) return { classPath: classFolder };
  const shipped = spawnSync('java', ['-classpath', packageFolder, 'support.XMLValidator', '-schema=none'], {
    encoding: 'utf8',
  });
  return shipped.stderr.includes('UnsupportedClassVersionError')
    ? { skipped: 'no `javac`, and the shipped class needs a newer Java' }
    : { classPath: packageFolder };
}

function runJavaValidator(classPath: string, xml: string): Promise<{ valid: boolean; messages: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn('java', [
      '-Dfile.encoding=UTF-8',
      '-classpath',
      classPath,
      'support.XMLValidator',
      '-stdin',
      `-schema=${XSD_PATH}`,
    ]);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const messages = output.split('\n').filter((line) => line.startsWith('['));
      resolve({ valid: code === 0, messages });
    });
    child.stdin.end(xml);
  });
}

let javaRuntime: string | undefined;
let javaSkipped: string | undefined;

async function measureJava(rows: Row[]): Promise<string> {
  const prepared = prepareJavaValidator();
  if ('skipped' in prepared) {
    javaSkipped = prepared.skipped;
    rows.push({
      engine: 'xsd-schema-validator (Java)',
      mode: 'skipped',
      msPerDocument: once(Number.NaN),
      note: prepared.skipped,
    });
    return `(skipped: ${prepared.skipped})`;
  }
  const javaVersion = (
    spawnSync('java', ['-version'], { encoding: 'utf8' }).stderr.split('\n')[0] ?? ''
  ).trim();
  javaRuntime = javaVersion;
  rows.push({
    engine: 'xsd-schema-validator (Java)',
    figure: 'cold',
    mode: 'cold (one call: a new JVM loads the class and the schema)',
    msPerDocument: await medianOf(() => timed(() => runJavaValidator(prepared.classPath, VALID_ORDER))),
    note: `${javaVersion}; every call is cold`,
  });
  rows.push({
    engine: 'xsd-schema-validator (Java)',
    figure: 'warm',
    mode: 'warm, single calls one after another',
    msPerDocument: await medianOf(
      async () =>
        (await timed(async () => {
          for (let call = 0; call < JAVA_CALLS; call++)
            await runJavaValidator(prepared.classPath, VALID_ORDER);
        })) / JAVA_CALLS,
    ),
    note: 'a new JVM per call (no batch API), so warm is barely faster than cold',
  });
  const bad = await runJavaValidator(prepared.classPath, BAD_ORDER);
  return bad.messages.join(' | ') || '(no error reported)';
}

function formatMs(ms: number): string {
  if (Number.isNaN(ms)) return 'n/a';
  return ms >= 10 ? ms.toFixed(0) : ms >= 1 ? ms.toFixed(1) : ms.toFixed(2);
}

const rows: Row[] = [];
const messages = {
  'this package': await measureWrapper(rows),
  'xmllint-wasm as published': await measureRawXmllint(rows),
  'xsd-schema-validator (Java)': await measureJava(rows),
};
await getSharedXmllintEngine().shutdown();

const loadAverage = os.loadavg()[0]?.toFixed(1) ?? '?';
console.log(
  `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load average ${loadAverage} at the end; median of ${ROUNDS} rounds; small Order document, XSD with an included common.xsd.\n`,
);
console.log('| engine | mode | ms per document, median | fastest round | note |');
console.log('|---|---|---:|---:|---|');
for (const row of rows) {
  const { median: typical, best } = row.msPerDocument;
  console.log(`| ${row.engine} | ${row.mode} | ${formatMs(typical)} | ${formatMs(best)} | ${row.note} |`);
}
console.log('\nError message for the same bad document (PartialAllowed `yes`, line 4):\n');
for (const [engine, message] of Object.entries(messages)) console.log(`- ${engine}: \`${message}\``);

// ------------------------------------------------------------------------------------------- section

const javaTool = 'xsd-schema-validator (Java)';
const rawTool = 'xmllint-wasm `validateXML` as published';
const figureLabels: Record<Mode, string> = {
  cold: 'cold: first document (engine start, schema compile)',
  warm: 'warm: one document per call, calls one after another',
  batch: `warm: ${BATCH_SIZE} documents at once (per document)`,
};

function row(engine: string, mode: Mode): Row | undefined {
  return rows.find((candidate) => candidate.engine === engine && candidate.figure === mode);
}

function javaComparison(mode: Mode) {
  if (javaSkipped) {
    return {
      key: 'xsd-schema-validator',
      tool: javaTool,
      status: 'unavailable',
      reason: javaSkipped,
    } satisfies NotMeasured;
  }
  // No batch API: a batch costs one call (one JVM) per document.
  const source = row(javaTool, mode === 'batch' ? 'warm' : mode);
  return measured('xsd-schema-validator', javaTool, source?.msPerDocument.samples ?? []);
}

const figures: Figure[] = (['cold', 'warm', 'batch'] as const).map((mode) => {
  const ours = row('xmllint-wasm, this package', mode);
  const raw = row(rawTool, mode);
  return {
    id: `xsd.${mode}`,
    label: figureLabels[mode],
    unit: 'ms',
    better: 'lower',
    ours: measured('ours', '@svc-contracts/xml-validator (xmllint-wasm)', ours?.msPerDocument.samples ?? []),
    comparisons: [
      javaComparison(mode),
      ...(raw ? [measured('xmllint-wasm-raw', rawTool, raw.msPerDocument.samples)] : []),
    ],
    ...(mode === 'batch' ? { detail: 'xsd-schema-validator has no batch call: one JVM per document.' } : {}),
  };
});

const engineVersion = (name: string): string =>
  packageVersion(requireFromPackage.resolve(`${name}/package.json`));

emitSection(
  {
    id: 'xsd',
    title: 'XSD validation per document',
    command: `pnpm exec tsx bench/xml-validator/xsd-engines.ts --runs ${ROUNDS}`,
    method: `The same small Order document and XSD (with an included common.xsd), ms per document, median of ${ROUNDS} rounds. Ours: @svc-contracts/xml-validator, xmllint-wasm (libxml2) on one long-lived worker; cold = \`validateXml\` after the engine was stopped (new worker, wasm compile, schema compile); warm = ${SEQUENTIAL_CALLS} awaited \`validate\` calls; batch = \`validateMany\` of ${BATCH_SIZE} documents, 1 in 10 invalid. xsd-schema-validator spawns a JVM per call exactly as the library does (its class recompiled with the local \`javac\` when the shipped one needs a newer Java), so its cold and warm are the same kind of call; warm is ${JAVA_CALLS} calls in a row. xmllint-wasm as published: \`validateXML\`, a new worker and wasm compile per call.`,
    figures,
    versions: {
      'xmllint-wasm': engineVersion('xmllint-wasm'),
      'xsd-schema-validator': engineVersion('xsd-schema-validator'),
      ...(javaRuntime ? { java: javaRuntime } : {}),
    },
    findings: [
      'Error message for the same bad document (PartialAllowed `yes`, line 4):',
      Object.entries(messages)
        .map(([engine, message]) => `- ${engine}: \`${message}\``)
        .join('\n'),
    ],
  },
  jsonTarget(),
);
