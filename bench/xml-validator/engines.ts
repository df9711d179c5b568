/**
 * The XSD engines bench/xml-validator/xsd-engines.ts compares, each opened on specs/numbers/xsd/Order.xsd,
 * and the documents they validate.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createXsdValidator } from '@svc-contracts/xml-validator';
import type { JavaValidator } from './java-engine.ts';

/** The last commit of packages/xml-validator/src that used xmllint-wasm: "today's engine" of the issue. */
export const BASELINE_COMMIT = '539a00bbeb34be5987dc893973eff9e5c1e45a25';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../..');
export const packageDir = path.join(repoRoot, 'packages/xml-validator');

export const XSD_PATH = path.join(repoRoot, 'specs/numbers/xsd/Order.xsd');
/** The test fixture's Order without LoaType, which the project's Order.xsd does not have. */
export const VALID_ORDER = readFileSync(path.join(packageDir, 'test/fixtures/order.xml'), 'utf8').replace(
  /\n {2}<LoaType>.*<\/LoaType>/,
  '',
);
export const BAD_ORDER = VALID_ORDER.replace('>false<', '>yes<');

/** An Order with `count` telephone numbers, one per line, that break the E.164 pattern unless `valid`. */
export function orderWithNumbers(count: number, { valid = false } = {}): string {
  const numbers = `    <TelephoneNumber>${valid ? '+14155550100' : '4155550100'}</TelephoneNumber>\n`.repeat(
    count,
  );
  return VALID_ORDER.replace(/ {6}<TelephoneNumber>[\s\S]*<\/TelephoneNumber>\n/, numbers);
}

export interface OpenEngine {
  /** Resolves with the number of issues reported. */
  validate(xml: string): Promise<number>;
  validateMany(xmls: string[]): Promise<unknown>;
  close(): Promise<void>;
}

export interface Engine {
  key: string;
  tool: string;
  open(): Promise<OpenEngine>;
  /** Validations one at a time (fewer for a slow engine, so a run stays in minutes). */
  sequentialCalls: number;
  /** The same in a `--tiny` run. */
  tinyCalls: number;
  /** Every call starts the engine anew (a JVM): cold is one call from this process, and a batch is calls. */
  perCallProcess?: boolean;
}

export const ours: Engine = {
  key: 'ours',
  tool: '@svc-contracts/xml-validator (libxml2-wasm)',
  sequentialCalls: 2_000,
  tinyCalls: 5,
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

export const baseline: Engine = {
  key: 'xmllint-wasm-wrapper',
  tool: 'xmllint-wasm 5.3, as @svc-contracts/xml-validator used it before',
  sequentialCalls: 100,
  tinyCalls: 3,
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

export function libxmljs2Engine(folder: string): Engine {
  return {
    key: 'libxmljs2',
    tool: 'libxmljs2 (native libxml2)',
    sequentialCalls: 2_000,
    tinyCalls: 5,
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

/** xsd-schema-validator once `openJavaValidator` found a Java to run it (a new JVM per call, no batch call). */
export function javaEngine(java: Extract<JavaValidator, { available: true }>): Engine {
  return {
    key: JAVA_KEY,
    tool: JAVA_TOOL,
    sequentialCalls: 5,
    tinyCalls: 1,
    perCallProcess: true,
    async open() {
      return {
        validate: (xml) => java.validate(xml),
        validateMany: async (xmls) => {
          for (const xml of xmls) await java.validate(xml);
        },
        close: async () => undefined,
      };
    },
  };
}

export const JAVA_KEY = 'xsd-schema-validator';
export const JAVA_TOOL = 'xsd-schema-validator (Java, a new JVM per call)';
