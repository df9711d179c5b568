import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listServices as servicesFromConfig } from '@svc-contracts/contract-model';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { createXsdValidator } from '@svc-contracts/xml-validator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileContracts } from '../src/contract/compiled.js';
import { defaultCacheDir, openContractCache } from '../src/contract/contract-cache.js';
import {
  compiledValidatorsOf,
  createSchemaValidator,
  usePrecompiledValidators,
} from '../src/contract/schema-validator.js';
import { SetupXsdCache } from '../src/contract/setup-xsd-cache.js';
import { type ContractSet, type LoadContractsOptions, loadContracts, parseHar } from '../src/index.js';
import type { RecordedExchange } from '../src/input/har-entry.js';
import { generateMutants } from '../src/mutation/mutation.js';
import { fixtures, runCliCapturing } from './helpers.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const recordings = join(repoRoot, 'contract-tests', 'recordings');

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), 'contract-cache-'));
});
afterEach(() => {
  rmSync(scratch, { recursive: true, force: true });
});

/** A copy of the fixture specs and their config, to edit. */
function fixtureCopy(): string {
  const dir = join(scratch, 'project');
  cpSync(join(fixtures, 'specs'), join(dir, 'specs'), { recursive: true });
  cpSync(join(fixtures, 'redocly.yaml'), join(dir, 'redocly.yaml'));
  return join(dir, 'redocly.yaml');
}

function cacheFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.cache')) : [];
}

/** Opens the cache as `loadContracts` does, compiles, and says whether the cache was read. */
async function load(configPath: string, dir: string) {
  const session = openContractCache(servicesFromConfig(configPath), { configPath, cache: { dir } });
  const bundled = await session.bundle();
  const xsd = session.xsdCache();
  const compiled = await session.store(compileContracts(bundled.specs, xsd));
  await xsd.close();
  return {
    outcome: session.outcome(),
    problems: compiled.problems,
    /** Services whose validators Ajv compiled in this load (none when all came from the cache). */
    compiledHere: bundled.specs.filter((spec) => compiledValidatorsOf(spec.document) !== undefined).length,
  };
}

function recordedExchanges(): RecordedExchange[] {
  const exchanges: RecordedExchange[] = [];
  for (const service of readdirSync(recordings).sort()) {
    for (const name of readdirSync(join(recordings, service)).sort()) {
      if (!name.endsWith('.har')) continue;
      const path = join(recordings, service, name);
      exchanges.push(...parseHar(readFileSync(path, 'utf8'), path).exchanges);
    }
  }
  return exchanges;
}

/** Recorded list-runs exchanges with filters that fail a oneOf: the closest branch is reported. */
function withBrokenFilters(exchanges: RecordedExchange[]): RecordedExchange[] {
  const listRuns = exchanges.find((exchange) => exchange.request.url.includes('/usage/runs?filters='));
  if (!listRuns) throw new Error('no recorded list-runs exchange with filters');
  const broken = [
    [{ attribute: 'duration', type: 'numberRange', value: { min: 30 } }],
    [{ attribute: 'runId', type: 'number', value: { value: 'x' } }],
    [{ attribute: 'dispositionCode', type: 'multiSelect', value: { codes: [1] } }],
  ];
  const url = new URL(listRuns.request.url);
  return broken.map((filters) => {
    url.searchParams.set('filters', JSON.stringify(filters));
    return { ...listRuns, request: { ...listRuns.request, url: url.href } };
  });
}

/** What checking says, or the error it throws (a schema that does not compile throws when used). */
async function outcomeOf(check: () => Promise<unknown>): Promise<unknown> {
  try {
    return await check();
  } catch (error) {
    return { thrown: (error as Error).message };
  }
}

/** Every verdict, violation and message on the recordings and on mutants of them (which fail). */
async function verdicts(contracts: ContractSet, exchanges: RecordedExchange[]): Promise<unknown[]> {
  const seen: unknown[] = [];
  for (const exchange of exchanges) {
    const { request, response } = exchange;
    seen.push(await outcomeOf(() => contracts.checkExchange(request, response)));
    for (const mutant of await generateMutants(exchange, contracts, { mutateRequest: true })) {
      const verdict = await outcomeOf(() => contracts.checkExchange(mutant.request, mutant.response));
      seen.push([mutant.description, verdict]);
    }
  }
  return seen;
}

describe('set-up cache', () => {
  it('gives the same verdicts from the cache as from bundling and compiling, on the recordings', async () => {
    const configPath = join(repoRoot, 'redocly.yaml');
    const recorded = recordedExchanges();
    expect(recorded.length).toBeGreaterThan(50);
    const exchanges = [...recorded, ...withBrokenFilters(recorded)];
    const dir = join(scratch, 'cache');
    const opts: LoadContractsOptions = { configPath, cache: { dir } };

    const uncached = await loadContracts({ configPath, cache: false });
    const expected = await verdicts(uncached, exchanges);
    await uncached.close();
    expect(cacheFiles(dir)).toEqual([]);

    const miss = await loadContracts(opts);
    const written = cacheFiles(dir);
    expect(written).toHaveLength(1);
    const missVerdicts = await verdicts(miss, exchanges);
    await miss.close();

    const before = readFileSync(join(dir, written[0] as string), 'utf8');
    const hit = await loadContracts(opts);
    const hitVerdicts = await verdicts(hit, exchanges);
    await hit.close();

    expect(readFileSync(join(dir, written[0] as string), 'utf8')).toBe(before);
    expect(missVerdicts).toEqual(expected);
    expect(hitVerdicts).toEqual(expected);
    // The comparison covers failures and their messages (condensed oneOf/anyOf included), not only passes.
    const failing = JSON.stringify(expected).match(/"verdict":"violation"/g) ?? [];
    expect(failing.length).toBeGreaterThan(100);
    expect(JSON.stringify(expected)).toContain('closest alternative of the');
  }, 120_000);

  it('reads the bundle and the compiled validators from the cache on the second load', async () => {
    const configPath = fixtureCopy();
    const dir = join(scratch, 'cache');
    const first = await load(configPath, dir);
    expect(first).toMatchObject({ outcome: 'miss' });
    expect(first.compiledHere).toBeGreaterThan(0);
    const second = await load(configPath, dir);
    expect(second).toEqual({ outcome: 'hit', problems: first.problems, compiledHere: 0 });
  });

  it('misses once a split file of a spec changes', async () => {
    const configPath = fixtureCopy();
    const dir = join(scratch, 'cache');
    await load(configPath, dir);
    expect((await load(configPath, dir)).outcome).toBe('hit');
    // common/E164.yaml is only reached through a $ref: it is one of the files the bundle read.
    const shared = join(dirname(configPath), 'specs', 'common', 'E164.yaml');
    writeFileSync(shared, `${readFileSync(shared, 'utf8')}\n# edited\n`);
    expect((await load(configPath, dir)).outcome).toBe('miss');
    expect((await load(configPath, dir)).outcome).toBe('hit');
  });

  it('misses once an XSD changes, or the config', async () => {
    const configPath = fixtureCopy();
    const dir = join(scratch, 'cache');
    await load(configPath, dir);
    const xsdDir = join(dirname(configPath), 'specs', 'numbers', 'xsd');
    const xsd = join(xsdDir, readdirSync(xsdDir).find((name) => name.endsWith('.xsd')) as string);
    writeFileSync(xsd, `${readFileSync(xsd, 'utf8')}\n<!-- edited -->\n`);
    expect((await load(configPath, dir)).outcome).toBe('miss');
    writeFileSync(configPath, `${readFileSync(configPath, 'utf8')}\n# edited\n`);
    expect((await load(configPath, dir)).outcome).toBe('miss');
    expect((await load(configPath, dir)).outcome).toBe('hit');
  });

  it('reports an XSD that does not compile on every load, cache or not', async () => {
    const configPath = fixtureCopy();
    const xsdDir = join(dirname(configPath), 'specs', 'numbers', 'xsd');
    for (const name of readdirSync(xsdDir)) {
      if (name.endsWith('.xsd')) writeFileSync(join(xsdDir, name), '<xs:schema xmlns:xs="nonsense"><broken');
    }
    const dir = join(scratch, 'cache');
    const miss = await load(configPath, dir);
    expect(miss.outcome).toBe('miss');
    expect(miss.problems.some((problem) => problem.includes('x-xsd'))).toBe(true);
    const hit = await load(configPath, dir);
    expect(hit).toMatchObject({ outcome: 'hit', problems: miss.problems });
  });

  it('misses once a listed service that had no root document gets one', async () => {
    const configPath = fixtureCopy();
    const dir = join(scratch, 'cache');
    const opts: LoadContractsOptions = { configPath, cache: { dir } };
    const before = await loadContracts(opts);
    expect(before.missingServices).toEqual(['ghost']);
    await before.close();
    const specs = join(dirname(configPath), 'specs');
    cpSync(join(specs, 'fleet'), join(specs, 'ghost'), { recursive: true });
    const after = await loadContracts(opts);
    expect(after.missingServices).toEqual([]);
    expect(after.services).toContain('ghost');
    await after.close();
  });

  it('ignores a corrupt, truncated or foreign cache file and writes a good one', async () => {
    const configPath = fixtureCopy();
    const dir = join(scratch, 'cache');
    const reference = await load(configPath, dir);
    const [name] = cacheFiles(dir);
    const file = join(dir, name as string);
    const good = readFileSync(file, 'utf8');
    const [header, bundle, validators] = good.split('\n') as [string, string, string];
    const damaged = {
      truncated: good.slice(0, Math.floor(good.length / 2)),
      garbage: 'not a cache',
      'another key': `${header.replace(/"key":"[0-9a-f]+"/, `"key":"${'0'.repeat(64)}"`)}\n${bundle}\n${validators}`,
      'edited data': `${header}\n${bundle.replace('"openapi":"3.1', '"openapi":"3.0')}\n${validators}`,
      'edited code': `${header}\n${bundle}\n${validators.replace(/return /, 'return true||')}`,
      'a hash of nothing': `${header.replace(/"[0-9a-f]{64}"\]/, 'null]')}\n${bundle}\n${validators}`,
    };
    for (const [what, text] of Object.entries(damaged)) {
      writeFileSync(file, text);
      const reloaded = await load(configPath, dir);
      expect({ what, outcome: reloaded.outcome, problems: reloaded.problems }).toEqual({
        what,
        outcome: 'miss',
        problems: reference.problems,
      });
      expect(readFileSync(file, 'utf8')).toBe(good);
    }
  });

  it('writes nothing with `cache: false`', async () => {
    const configPath = fixtureCopy();
    const contracts = await loadContracts({ configPath, cache: false });
    expect(contracts.services.length).toBeGreaterThan(0);
    await contracts.close();
    expect(existsSync(join(dirname(configPath), 'node_modules'))).toBe(false);
    const named = join(scratch, 'cache');
    const session = openContractCache(servicesFromConfig(configPath), { configPath, cache: false });
    await session.store(session.bundle());
    expect(session.outcome()).toBe('off');
    expect(existsSync(named)).toBe(false);
  });

  it('contract-check --no-cache gives the same report and writes no cache', async () => {
    const configPath = fixtureCopy();
    const cacheDir = join(dirname(configPath), 'node_modules', '.cache', 'svc-contracts-contract-checker');
    const har = join(fixtures, 'har', 'fleet.har');
    const saved = process.env.SVC_CONTRACTS_CACHE_DIR;
    delete process.env.SVC_CONTRACTS_CACHE_DIR;
    try {
      const uncached = await runCliCapturing([
        '--verbose',
        '--no-cache',
        '--workers',
        '1',
        '--config',
        configPath,
        har,
      ]);
      expect(existsSync(cacheDir)).toBe(false);
      // Threads load their own contracts: --no-cache reaches them too.
      const threads = await runCliCapturing([
        '--verbose',
        '--no-cache',
        '--workers',
        '2',
        '--config',
        configPath,
        har,
      ]);
      expect(existsSync(cacheDir)).toBe(false);
      expect(threads).toEqual(uncached);
      const cold = await runCliCapturing(['--verbose', '--workers', '1', '--config', configPath, har]);
      expect(cacheFiles(cacheDir)).toHaveLength(1);
      const warm = await runCliCapturing(['--verbose', '--workers', '1', '--config', configPath, har]);
      expect(uncached.stdout).toContain(' #1 ');
      expect(cold).toEqual(uncached);
      expect(warm).toEqual(uncached);
    } finally {
      if (saved !== undefined) process.env.SVC_CONTRACTS_CACHE_DIR = saved;
    }
  });

  it('keeps the cache in node_modules/.cache next to the config, or in $SVC_CONTRACTS_CACHE_DIR', async () => {
    const configPath = fixtureCopy();
    const nextToConfig = join(
      dirname(configPath),
      'node_modules',
      '.cache',
      'svc-contracts-contract-checker',
    );
    const saved = process.env.SVC_CONTRACTS_CACHE_DIR;
    try {
      delete process.env.SVC_CONTRACTS_CACHE_DIR;
      expect(defaultCacheDir(dirname(configPath))).toBe(nextToConfig);
      const contracts = await loadContracts({ configPath });
      await contracts.close();
      expect(cacheFiles(nextToConfig)).toHaveLength(1);

      process.env.SVC_CONTRACTS_CACHE_DIR = join(scratch, 'elsewhere');
      expect(defaultCacheDir(dirname(configPath))).toBe(join(scratch, 'elsewhere'));
      const again = await loadContracts({ configPath });
      await again.close();
      expect(cacheFiles(join(scratch, 'elsewhere'))).toHaveLength(1);
    } finally {
      if (saved === undefined) delete process.env.SVC_CONTRACTS_CACHE_DIR;
      else process.env.SVC_CONTRACTS_CACHE_DIR = saved;
    }
  });

  it('survives loads writing the same cache at once, and leaves no temporary file', async () => {
    const configPath = fixtureCopy();
    const dir = join(scratch, 'cache');
    const loads = await Promise.all(Array.from({ length: 4 }, () => load(configPath, dir)));
    expect(loads.map((one) => one.outcome)).toEqual(['miss', 'miss', 'miss', 'miss']);
    expect(readdirSync(dir)).toEqual(cacheFiles(dir));
    expect(cacheFiles(dir)).toHaveLength(1);
    expect((await load(configPath, dir)).outcome).toBe('hit');
  });
});

describe('validators from standalone code', () => {
  const doc: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 'standalone', version: '1' },
    components: {
      schemas: {
        Cat: {
          type: 'object',
          required: ['kind', 'lives'],
          properties: { kind: { const: 'cat' }, lives: { type: 'integer', maximum: 9 } },
        },
        Dog: {
          type: 'object',
          required: ['kind', 'bark'],
          properties: { kind: { const: 'dog' }, bark: { type: 'boolean' } },
          additionalProperties: false,
        },
      },
    },
  };
  const schemas = [
    { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] },
    {
      type: 'array',
      items: { anyOf: [{ $ref: '#/components/schemas/Dog' }, { type: 'string', pattern: '^x' }] },
    },
    { type: 'string', format: 'date-time', 'x-note': 'dropped before compiling' },
    { type: 'string', maxLength: 3, enum: ['a', 'bb', 'cccc'] },
  ];
  const values = [
    { kind: 'cat', lives: 12 },
    { kind: 'dog', bark: 'loud', tail: true },
    [{ kind: 'dog', bark: true }, 'xylophone', 'y', { kind: 'dog' }],
    '2024-02-30T25:00:00Z',
    'cccc',
    7,
  ];
  const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  function compareWith(modules: (code: string) => string[]) {
    const ajvDoc = copy(doc);
    const live = createSchemaValidator(ajvDoc, 'standalone');
    for (const schema of schemas) expect(live.precompile(schema)).toBeUndefined();
    const code = compiledValidatorsOf(ajvDoc);
    expect(code).toEqual(expect.any(String));
    const cachedDoc = copy(doc);
    usePrecompiledValidators(cachedDoc, modules(code as string));
    const fromCode = createSchemaValidator(cachedDoc, 'standalone');
    const messages: string[] = [];
    for (const [at, schema] of schemas.entries()) {
      // Other objects with the same content, as a later process has: validators are found by content.
      const same = copy(schema);
      expect(fromCode.precompile(same)).toBeUndefined();
      for (const value of values) {
        expect(fromCode.validate(same, value)).toEqual(live.validate(schemas[at], value));
        const concise = live.validateConcise(schemas[at], value);
        expect(fromCode.validateConcise(same, value)).toEqual(concise);
        messages.push(...concise.map((issue) => issue.message));
      }
    }
    return { messages, compiledFromCode: compiledValidatorsOf(cachedDoc) };
  }

  it('validates as the Ajv-compiled validators do, messages and condensed alternatives included', () => {
    const { messages, compiledFromCode } = compareWith((code) => [code]);
    // Nothing was compiled for the document given the code (condensing compiles branches, not schemas).
    expect(compiledFromCode).toBeUndefined();
    expect(messages).toContain('must be <= 9 (closest alternative of the oneOf at /)');
    expect(messages).toContain('must match format "date-time"');
    expect(messages.some((message) => message.includes('closest alternative of the anyOf'))).toBe(true);
  });

  it('compiles what code that does not evaluate cannot give, with the same results', () => {
    const { compiledFromCode } = compareWith(() => ['this is { not code']);
    expect(compiledFromCode).toEqual(expect.any(String));
  });
});

describe('XSDs known to compile', () => {
  const order = join(fixtures, 'specs', 'numbers', 'xsd', 'order.xsd');
  const documents = [
    '<Order><SiteId>1</SiteId><PartialAllowed>true</PartialAllowed><TelephoneNumberList/></Order>',
    '<Order><SiteId>zero</SiteId></Order>',
    'not xml',
  ];

  it('are compiled on first use and validate as when compiled at load', async () => {
    const xsd = new SetupXsdCache();
    xsd.compileOnFirstUse([order]);
    const deferred = await xsd.get(order);
    const direct = await createXsdValidator(order);
    try {
      for (const document of documents) {
        expect(await deferred.validate(document)).toEqual(await direct.validate(document));
      }
      expect(await deferred.validateMany(documents)).toEqual(await direct.validateMany(documents));
      expect([...xsd.used]).toEqual([order]);
      expect(await xsd.compiledXsds()).toEqual([order]);
    } finally {
      await direct.close();
      await xsd.close();
    }
    await expect(deferred.validate(documents[0] as string)).rejects.toThrow(/is closed/);
  });

  it('fail when used if the file is gone after all', async () => {
    const xsd = new SetupXsdCache();
    const gone = join(scratch, 'gone.xsd');
    xsd.compileOnFirstUse([gone]);
    const deferred = await xsd.get(gone);
    await expect(deferred.validate('<a/>')).rejects.toThrow(/gone\.xsd/);
    await xsd.close();
  });
});
