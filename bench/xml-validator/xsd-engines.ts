/**
 * XSD engines side by side on specs/numbers/xsd/Order.xsd (which includes common.xsd): ours
 * (@svc-contracts/xml-validator, libxml2-wasm with a resident compiled schema), xmllint-wasm called
 * directly (the schema parsed again every call), and xsd-schema-validator (Java, a JVM per call).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createXsdValidator } from '@svc-contracts/xml-validator';
import { validateXML } from 'xmllint-wasm';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { sectionOptions } from '../lib/options.ts';
import { nodeLastLine } from '../lib/processes.ts';
import { type Comparison, emitSection, figure, measured, measuredOr } from '../lib/section.ts';
import { msOf, msPerCall } from '../lib/timing.ts';
import { packageVersion } from '../lib/versions.ts';

const values = sectionOptions(
  'xml-validator/xsd-engines.ts',
  'XSD engines on the numbers Order.xsd: ours, xmllint-wasm, xsd-schema-validator (Java).',
  'small documents, one round: checks that it runs',
  { runs: { help: 'rounds of each measure', whole: [3, 1, 50, 1] } },
);
const { tiny, runs } = values;
const xsdPath = fromRoot('specs/numbers/xsd/Order.xsd');
const valid = readFileSync(fromRoot('packages/xml-validator/test/fixtures/order.xml'), 'utf8').replace(
  /\n {2}<LoaType>.*<\/LoaType>/,
  '',
);
const errorCount = tiny ? 200 : 2_000;
/** An order of `errorCount` telephone numbers that each break the E.164 pattern. */
const manyErrors = valid.replace(
  / {6}<TelephoneNumber>[\s\S]*<\/TelephoneNumber>\n/,
  '    <TelephoneNumber>4155550100</TelephoneNumber>\n'.repeat(errorCount),
);

type Validate = (xml: string) => Promise<number>;

const ours = await createXsdValidator(xsdPath);
const oursValidate: Validate = async (xml) => (await ours.validate(xml)).issues.length;
const schemaFiles = ['Order.xsd', 'common.xsd'].map((name) => ({
  fileName: name,
  contents: readFileSync(join(dirname(xsdPath), name), 'utf8'),
}));
const xmllintValidate: Validate = async (xml) =>
  (
    await validateXML({
      xml: [{ fileName: 'order.xml', contents: xml }],
      schema: schemaFiles[0] as never,
      preload: schemaFiles.slice(1),
    })
  ).errors.length;

/** xsd-schema-validator needs a Java runtime; the class it ships needs Java 21, older ones compile it (javac). */
function javaValidate(): Validate | string {
  const runtime = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (runtime.status !== 0) return '`java` not found: xsd-schema-validator needs a Java runtime';
  const version = (runtime.stderr.split('\n')[0] ?? '').trim();
  if (spawnSync('javac', ['-version']).status !== 0)
    return `${version} without \`javac\` to compile its helper class`;
  const source = realpathSync(
    dirname(createRequire(import.meta.url).resolve('xsd-schema-validator/package.json')),
  );
  // A copy outside the repository, without the shipped class: the library compiles it on first use.
  const root = join(tmpdir(), `svc-contracts-xsd-schema-validator-${version.replaceAll(/[^\w.]+/g, '-')}`);
  const folder = join(root, 'node_modules', 'xsd-schema-validator');
  if (!existsSync(join(root, 'node_modules', 'which'))) {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(dirname(folder), { recursive: true });
    cpSync(source, folder, { recursive: true, dereference: true });
    rmSync(join(folder, 'support', 'XMLValidator.class'), { force: true });
    symlinkSync(
      realpathSync(dirname(createRequire(join(source, 'package.json')).resolve('which/package.json'))),
      join(root, 'node_modules', 'which'),
    );
  }
  const library = createRequire(join(folder, 'package.json'))('./lib/validator.js') as {
    validateXML(xml: string, schema: string): Promise<unknown>;
  };
  return async (xml) => {
    try {
      await library.validateXML(xml, xsdPath);
      return 0;
    } catch (error) {
      const messages = (error as { messages?: string[] }).messages;
      if (!messages?.length) throw error;
      return messages.length;
    }
  };
}
const java = javaValidate();

// Each engine must tell the valid order from the bad one, else its figures mean nothing.
const engines: Array<[string, string, Validate]> = [
  ['ours', '@svc-contracts/xml-validator (libxml2-wasm)', oursValidate],
  ['xmllint-wasm', 'xmllint-wasm, schema parsed every call', xmllintValidate],
];
if (typeof java !== 'string')
  engines.push(['xsd-schema-validator', 'xsd-schema-validator (Java, a JVM per call)', java]);
for (const [key, , validate] of engines)
  if ((await validate(valid)) !== 0 || (await validate(manyErrors)) === 0)
    throw new Error(`${key} judged the probe documents wrongly`);

/** A new plain Node process: import the engine, compile the schema, validate one document. */
function coldMs(key: 'ours' | 'xmllint-wasm'): number {
  const code =
    key === 'ours'
      ? `const s=performance.now();const {createXsdValidator}=await import('@svc-contracts/xml-validator');const v=await createXsdValidator(${JSON.stringify(xsdPath)});await v.validate(${JSON.stringify(valid)});console.log(performance.now()-s);await v.close();`
      : `const s=performance.now();const {validateXML}=await import('xmllint-wasm');const fs=await import('node:fs');const f=n=>({fileName:n,contents:fs.readFileSync(${JSON.stringify(dirname(xsdPath))}+'/'+n,'utf8')});await validateXML({xml:[{fileName:'o.xml',contents:${JSON.stringify(valid)}}],schema:f('Order.xsd'),preload:[f('common.xsd')]});console.log(performance.now()-s);`;
  return Number(nodeLastLine(['--input-type=module', '-e', code], fromRoot('packages/xml-validator')));
}

const calls = (key: string) => (tiny ? 1 : key === 'xsd-schema-validator' ? 2 : key === 'ours' ? 500 : 50);
// Each measure's values per engine, under `<measure> <engine>`.
const rows = new Map<string, number[]>();
const push = (key: string, value: number) => rows.set(key, [...(rows.get(key) ?? []), value]);
for (let round = 0; round < runs; round++) {
  for (const [key, , validate] of engines) {
    const cold = key === 'xsd-schema-validator' ? await msOf(() => validate(valid)) : coldMs(key as 'ours');
    push(`cold ${key}`, cold);
    push(`warm ${key}`, await msPerCall(() => validate(valid), calls(key)));
    push(`errors ${key}`, await msOf(() => validate(manyErrors)));
  }
}
await ours.close();

const compared = (measure: string): Comparison[] => [
  ...engines.slice(1).map(([key, tool]) => measured(key, tool, rows.get(`${measure} ${key}`) ?? [])),
  ...(typeof java === 'string'
    ? [measuredOr(java, 'xsd-schema-validator', 'xsd-schema-validator (Java)', [])]
    : []),
];
const oursOf = (measure: string) =>
  measured('ours', engines[0]?.[1] ?? '', rows.get(`${measure} ours`) ?? []);
emitSection(
  {
    id: 'xsd',
    title: 'XSD validation per document',
    command: `pnpm exec tsx bench/xml-validator/xsd-engines.ts --runs ${runs}`,
    method: `Each engine validates the same documents against the numbers Order.xsd, ${runs} round(s), ms per document. Cold: a new plain Node process importing the engine, compiling the schema and validating one order (Java: one call, a JVM of its own). Warm: the valid order, awaited one call after another. Errors: one order of ${errorCount.toLocaleString('en-US')} telephone numbers breaking the E.164 pattern, every issue reported.`,
    figures: [
      figure(
        'xsd.cold',
        'cold: engine load, schema compile, first document',
        'ms',
        'lower',
        oursOf('cold'),
        compared('cold'),
      ),
      figure('xsd.warm', 'warm: one valid order at a time', 'ms', 'lower', oursOf('warm'), compared('warm')),
      figure(
        'xsd.errors',
        `one order of ${errorCount.toLocaleString('en-US')} schema errors`,
        'ms',
        'lower',
        oursOf('errors'),
        compared('errors'),
      ),
    ],
    versions: {
      '@svc-contracts/xml-validator': packageVersion('packages/xml-validator/package.json'),
      'xmllint-wasm': packageVersion('node_modules/xmllint-wasm/package.json'),
      'xsd-schema-validator': packageVersion('node_modules/xsd-schema-validator/package.json'),
    },
  },
  values.json,
);
