/**
 * One tool of `vs-prism.ts`, in its own process so that its peak RSS is its own. Prints one JSON line
 * (`WorkerResult`) on stdout. Not meant to be run by hand:
 *   node --import tsx bench/contract-checker/vs-prism-worker.ts <tool> <rounds> <passes> <min-ms> <warm-ms> [upstream] [sample]
 *
 * A timed round runs the subset `passes` times, then more passes until `min-ms` have elapsed (at most
 * 5,000 passes), so fast tools are timed over enough work; its figure is entries / elapsed time.
 * Before the rounds: one untimed pass that records what the tool finds, then `warm-ms` of untimed warm-up.
 *
 * Tools:
 * - `ours`: `loadContracts` once, then `checkExchange` on every entry.
 * - `prism-proxy`: Prism's validating proxy engine (`createInstance`, proxy mode, request and response
 *   validation and security checks on), forwarding over loopback HTTP to the upstream that replays
 *   the recorded response of each entry.
 * - `prism-replay`: the same engine with its `forward` component replaced by an in-memory replay:
 *   Prism's validation cost without the HTTP hop.
 * - `paired`: the checker and the two floors in one process on the JSON entries, timed in alternating
 *   slices (see `pairedRates`). `floor`: JSON.parse of the response body and a precompiled Ajv validate
 *   of its schema; `floor-both`: the same for the request body as well, the bodies a check of both sides
 *   must read. (`floor` and `floor-both` are also the rows `vs-prism.ts` makes of the paired rates.)
 */
import { join } from 'node:path';
import {
  type ContractSet,
  loadContracts,
  type RecordedRequest,
  type RecordedResponse,
} from '@svc-contracts/contract-checker';
import { isJsonMediaType, isObject } from '@svc-contracts/openapi-utils';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { bundleService } from '../../scripts/lib/specs.ts';
import { type BenchEntry, inPool, loadEntries, repoRoot, type Subset, subsetOf } from './vs-prism-entries.ts';

type PrismHttp = typeof import('@stoplight/prism-http');
type PrismCore = typeof import('@stoplight/prism-core');
type HttpOperation = Awaited<ReturnType<PrismHttp['getHttpOperationsFromSpec']>>[number];
type HttpRequest = import('@stoplight/prism-http').IHttpRequest;
type HttpResponse = import('@stoplight/prism-http').IHttpResponse;
type HttpConfig = import('@stoplight/prism-http').IHttpConfig;

/**
 * `ours-cold`: only the set-up of the checker without its set-up cache (`cache: false`), nothing checked.
 * `paired`: the checker and both floors in one process, on the JSON entries, in alternating slices.
 */
export type Tool = 'ours' | 'ours-cold' | 'prism-proxy' | 'prism-replay' | 'floor' | 'floor-both' | 'paired';

/** The tools `paired` times side by side. */
export const pairedTools = ['ours', 'floor', 'floor-both'] as const;
export type PairedTool = (typeof pairedTools)[number];

export interface Measurement {
  subset: Subset;
  inFlight: number;
  /** Entries per timed pass (the subset's size). */
  entries: number;
  /** Passes over the subset, one per round. */
  passes: number[];
  /** Entries per second, one per round. */
  rates: number[];
}

/** What a tool said about one entry (from one untimed pass). */
export interface EntryFinding {
  id: number;
  /** Ours: rule codes of every request problem; Prism: input diagnostics (errors only). */
  request: string[];
  /** Ours: rule codes that fail the entry; Prism: output diagnostics; floor: Ajv errors. */
  response: string[];
  /** Ours: the verdict. Prism: `error: ...` when it could not answer. */
  note?: string;
}

export interface WorkerResult {
  tool: Tool;
  loadMs: number;
  peakRssMb: number;
  measurements: Measurement[];
  findings: EntryFinding[];
  /** Floor: JSON entries whose response body was actually parsed and validated. */
  validatedBodies?: number;
  /** `paired`: entries per second of each tool on the JSON entries, 1 in flight, one per round. */
  paired?: Record<PairedTool, number[]>;
  /** `paired`: what each floor found on the JSON entries, and how many bodies it validates. */
  floors?: Record<FloorTool, { findings: EntryFinding[]; validatedBodies: number }>;
}

export type FloorTool = Exclude<PairedTool, 'ours'>;

/** A check answers at once when it has nothing to wait for; the harness awaits only a promise. */
type Check = (entry: BenchEntry) => Promise<undefined> | undefined;

interface Runner {
  loadMs: number;
  /** Subsets the tool is measured on, and at which numbers in flight. */
  plan: Array<{ subset: Subset; inFlight: number }>;
  check: Check;
  find(entry: BenchEntry): Promise<EntryFinding>;
  validatedBodies?: number;
  close(): Promise<void>;
}

const configPath = join(repoRoot, 'redocly.yaml');
const [toolArg, roundsArg, passesArg, minMsArg, warmMsArg, upstream, sampleArg = '1'] = process.argv.slice(2);
/** Every entry, or every n-th (`loadEntries`), as the parent process chose. */
const sample = Number(sampleArg);
const fullPlan: Array<{ subset: Subset; inFlight: number }> = [
  { subset: 'json', inFlight: 1 },
  { subset: 'xml', inFlight: 1 },
  { subset: 'all', inFlight: 1 },
  { subset: 'xml', inFlight: 64 },
  { subset: 'all', inFlight: 64 },
];
const maxPasses = 5000;

// ---------------------------------------------------------------------------------------------- ours

async function oursRunner(): Promise<Runner> {
  const start = performance.now();
  const contracts = await loadContracts({ configPath });
  const loadMs = performance.now() - start;
  if (contracts.problems.length > 0) throw new Error(`spec problems:\n${contracts.problems.join('\n')}`);
  return {
    loadMs,
    plan: fullPlan,
    // `checkExchangeNow`: a JSON entry's verdict comes back at once, only XML entries are awaited.
    check(entry) {
      const verdict = contracts.checkExchangeNow(entry.request, entry.response);
      return verdict instanceof Promise ? verdict.then(() => undefined) : undefined;
    },
    async find(entry) {
      const result = await contracts.checkExchangeNow(entry.request, entry.response);
      return {
        id: entry.id,
        request: result.requestViolations.map((violation) => violation.rule),
        response: result.violations.map((violation) => violation.rule),
        note: result.verdict,
      };
    },
    close: () => contracts.close(),
  };
}

// --------------------------------------------------------------------------------------------- Prism

const errorSeverity = 0;

function headerRecord(headers: RecordedRequest['headers'], drop: string[]): Record<string, string> {
  const record: Record<string, string> = {};
  for (const { name, value } of headers) {
    const key = name.toLowerCase();
    if (drop.includes(key)) continue;
    record[key] = record[key] === undefined ? value : `${record[key]}, ${value}`;
  }
  return record;
}

function isJsonType(type: string | undefined): boolean {
  return type !== undefined && isJsonMediaType(type);
}

/**
 * What prism-http-server hands to the engine for a received request: lower-case headers, the path as
 * sent, the query decoded, a JSON body parsed (kept as text when it does not parse), any other body as
 * text. Built inside the timed loop: the server does this work for every request.
 */
function prismInput(entry: BenchEntry): HttpRequest {
  const url = new URL(entry.request.url);
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  // Content-Length: the forwarder's fetch computes it from the body it sends.
  const headers = headerRecord(entry.request.headers, ['content-length']);
  headers['x-bench-entry'] = String(entry.id);
  let body: unknown;
  const text = entry.request.body;
  if (text !== undefined && text !== '') {
    body = text;
    if (isJsonType(headers['content-type'])) {
      try {
        body = JSON.parse(text);
      } catch {
        // Prism gets the text and reports it.
      }
    }
  }
  return {
    method: entry.request.method.toLowerCase() as HttpRequest['method'],
    url: { path: url.pathname, query },
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

/** The recorded response as Prism's forwarder returns it (`parseResponse`: JSON parsed, else text). */
function replayedResponse(response: RecordedResponse): HttpResponse {
  const headers = headerRecord(response.headers, []);
  const text = response.body ?? '';
  const body = response.status !== 204 && isJsonType(headers['content-type']) ? JSON.parse(text) : text;
  return { statusCode: response.status, headers, body };
}

async function prismRunner(mode: 'proxy' | 'replay', upstream: string | undefined): Promise<Runner> {
  const prismHttp: PrismHttp = await import('@stoplight/prism-http');
  const prismCore: PrismCore = await import('@stoplight/prism-core');
  const entries = loadEntries(sample);
  const start = performance.now();
  const operations = new Map<string, HttpOperation[]>();
  for (const service of new Set(entries.map((entry) => entry.service))) {
    // The bundled spec as is (what `prism proxy dist/specs/<service>.yaml` reads).
    const bundled = await bundleService(service);
    operations.set(service, await prismHttp.getHttpOperationsFromSpec(bundled.spec));
  }
  const config: HttpConfig = {
    mock: { dynamic: false },
    isProxy: true,
    upstream: new URL(upstream ?? 'http://127.0.0.1:9'),
    upstreamProxy: undefined,
    validateRequest: true,
    validateResponse: true,
    checkSecurity: true,
    // false: every request is forwarded and both sides are validated (with `--errors` an invalid
    // request is answered by Prism and its recorded response is never seen).
    errors: false,
  };
  const logger = prismCore.createLogger('prism', { level: 'silent' });
  const byId = new Map(entries.map((entry) => [String(entry.id), entry]));
  type Forward = NonNullable<Parameters<PrismHttp['createInstance']>[1]['forward']>;
  const replay: Forward = (input) => () => async () => {
    const entry = byId.get(input.data.headers?.['x-bench-entry'] ?? '');
    if (!entry) return { _tag: 'Left', left: new Error('no x-bench-entry') };
    return { _tag: 'Right', right: replayedResponse(entry.response) };
  };
  const prism = prismHttp.createInstance(
    config,
    mode === 'replay' ? { logger, forward: replay } : { logger },
  );
  const loadMs = performance.now() - start;

  async function run(entry: BenchEntry) {
    const resources = operations.get(entry.service) ?? [];
    return prism.request(prismInput(entry), resources, config)();
  }

  const describe = (diagnostic: { code?: string | number; message: string; path?: string[] }): string =>
    `${diagnostic.code ?? ''} ${(diagnostic.path ?? []).join('.')}: ${diagnostic.message}`.trim();

  return {
    loadMs,
    plan: mode === 'proxy' ? fullPlan : fullPlan.filter((step) => step.inFlight === 1),
    async check(entry) {
      const result = await run(entry);
      if (result._tag === 'Left') throw result.left;
      return undefined;
    },
    async find(entry) {
      const result = await run(entry);
      if (result._tag === 'Left') {
        return { id: entry.id, request: [], response: [], note: `error: ${result.left.message}` };
      }
      const { input, output } = result.right.validations;
      return {
        id: entry.id,
        request: input.filter((diagnostic) => diagnostic.severity === errorSeverity).map(describe),
        response: output.filter((diagnostic) => diagnostic.severity === errorSeverity).map(describe),
        note: `status ${result.right.output.statusCode}`,
      };
    },
    close: async () => {},
  };
}

// --------------------------------------------------------------------------------------------- floor

/** Component refs point at one registered `$defs` document per service, as the checker does. */
function rewriteRefs(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, base));
  if (!isObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? `${base}#/$defs/${value.slice('#/components/schemas/'.length)}`
        : rewriteRefs(value, base);
  }
  return out;
}

/**
 * `response`: JSON.parse and a precompiled validate of the response body, the floor of the issue.
 * `both`: the same for the request body too, the two bodies every contract check of both sides parses.
 */
async function floorRunner(sides: 'response' | 'both'): Promise<Runner> {
  // The contract set only maps each entry to its bodies' schemas (setup, not timed).
  const contracts: ContractSet = await loadContracts({ configPath });
  const start = performance.now();
  const ajvs = new Map<object, { ajv: Ajv2020; base: string }>();
  const compiled = new Map<unknown, ValidateFunction>();
  const validators = new Map<number, { request?: ValidateFunction; response?: ValidateFunction }>();
  let validatedBodies = 0;
  for (const entry of subsetOf(loadEntries(sample), 'json')) {
    const shapes = contracts.describeExchange(entry.request, entry.response);
    if (!shapes) continue;
    let service = ajvs.get(shapes.document);
    if (!service) {
      const base = `urn:floor:${ajvs.size}`;
      const ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true });
      addFormats.default(ajv);
      const schemas = (shapes.document.components?.schemas ?? {}) as Record<string, unknown>;
      ajv.addSchema({ $id: base, $defs: rewriteRefs(schemas, base) as object });
      service = { ajv, base };
      ajvs.set(shapes.document, service);
    }
    const { ajv, base } = service;
    const validatorOf = (shape: typeof shapes.response, body: string | undefined) => {
      if (shape?.kind !== 'json' || !body) return undefined;
      let validate = compiled.get(shape.schema);
      if (!validate) {
        validate = ajv.compile(rewriteRefs(shape.schema, base) as object);
        compiled.set(shape.schema, validate);
      }
      validatedBodies++;
      return validate;
    };
    const response = validatorOf(shapes.response, entry.response.body);
    const request = sides === 'both' ? validatorOf(shapes.request, entry.request.body) : undefined;
    if (request || response) {
      validators.set(entry.id, { ...(request ? { request } : {}), ...(response ? { response } : {}) });
    }
  }
  const loadMs = performance.now() - start;
  await contracts.close();

  const errorsOf = (validate: ValidateFunction | undefined, body: string | undefined): string[] => {
    if (!validate || body === undefined) return [];
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return ['/ not JSON'];
    }
    return validate(value)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
  };
  const validateEntry = (entry: BenchEntry): { request: string[]; response: string[] } => {
    const found = validators.get(entry.id);
    return {
      request: errorsOf(found?.request, entry.request.body),
      response: errorsOf(found?.response, entry.response.body),
    };
  };
  return {
    loadMs,
    plan: [{ subset: 'json', inFlight: 1 }],
    validatedBodies,
    // Synchronous work, answered at once like the checker's JSON entries.
    check(entry) {
      validateEntry(entry);
      return undefined;
    },
    async find(entry) {
      return { id: entry.id, ...validateEntry(entry) };
    },
    close: async () => {},
  };
}

// -------------------------------------------------------------------------------------------- paired

/**
 * The checker and the floors timed in one process, in alternating slices of about `sliceMs`: on a
 * machine shared with other work, tools timed in separate processes minutes apart see different loads
 * (their ratio moved by 2x between runs of the same code), while neighbouring slices see the same one.
 * A round gives each tool at least `minMs` in all; the order of the tools rotates from slice to slice.
 */
async function pairedRates(
  rounds: number,
  minMs: number,
  warmMs: number,
): Promise<Pick<Required<WorkerResult>, 'paired' | 'floors'>> {
  const runners: Record<PairedTool, Runner> = {
    ours: await oursRunner(),
    floor: await floorRunner('response'),
    'floor-both': await floorRunner('both'),
  };
  const batch = subsetOf(loadEntries(sample), 'json');
  const floors = {} as Required<WorkerResult>['floors'];
  for (const tool of ['floor', 'floor-both'] as const) {
    const findings: EntryFinding[] = [];
    for (const entry of batch) findings.push(await runners[tool].find(entry));
    floors[tool] = { findings, validatedBodies: runners[tool].validatedBodies ?? 0 };
  }
  const pass = (runner: Runner): void => {
    for (const entry of batch) {
      // Every tool answers a JSON entry at once; a promise here would be a harness error.
      if (runner.check(entry) !== undefined) throw new Error('paired: a JSON check returned a promise');
    }
  };
  const slice = (runner: Runner, ms: number): { checked: number; elapsed: number } => {
    let checked = 0;
    const start = performance.now();
    do {
      pass(runner);
      checked += batch.length;
    } while (performance.now() - start < ms);
    return { checked, elapsed: performance.now() - start };
  };
  for (const tool of pairedTools) slice(runners[tool], warmMs);
  const sliceMs = 25;
  const rates = Object.fromEntries(pairedTools.map((tool) => [tool, [] as number[]])) as Record<
    PairedTool,
    number[]
  >;
  for (let round = 0; round < rounds; round++) {
    const totals = pairedTools.map(() => ({ checked: 0, elapsed: 0 }));
    for (let at = 0; totals.some((total) => total.elapsed < minMs) || at === 0; at++) {
      for (let step = 0; step < pairedTools.length; step++) {
        const index = (at + step) % pairedTools.length;
        const { checked, elapsed } = slice(runners[pairedTools[index] as PairedTool], sliceMs);
        const total = totals[index] as { checked: number; elapsed: number };
        total.checked += checked;
        total.elapsed += elapsed;
      }
    }
    pairedTools.forEach((tool, index) => {
      const total = totals[index] as { checked: number; elapsed: number };
      rates[tool].push((total.checked / total.elapsed) * 1000);
    });
  }
  for (const tool of pairedTools) await runners[tool].close();
  return { paired: rates, floors };
}

// ---------------------------------------------------------------------------------------------- main

async function main(): Promise<void> {
  const tool = toolArg as Tool;
  const rounds = Number(roundsArg);
  const passes = Number(passesArg);
  const minMs = Number(minMsArg);
  const warmMs = Number(warmMsArg);
  if (tool === 'ours-cold') {
    const start = performance.now();
    const contracts = await loadContracts({ configPath, cache: false });
    const loadMs = performance.now() - start;
    await contracts.close();
    const result: WorkerResult = {
      tool,
      loadMs,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      measurements: [],
      findings: [],
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  if (tool === 'paired') {
    const result: WorkerResult = {
      tool,
      loadMs: 0,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      measurements: [],
      findings: [],
      ...(await pairedRates(rounds, minMs, warmMs)),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  let runner: Runner;
  if (tool === 'ours') runner = await oursRunner();
  else if (tool === 'prism-proxy') runner = await prismRunner('proxy', upstream);
  else if (tool === 'prism-replay') runner = await prismRunner('replay', undefined);
  else throw new Error(`unknown tool ${toolArg}`);

  const entries = loadEntries(sample);
  const planned = new Set(runner.plan.map((step) => step.subset));
  const covered = planned.has('all') ? entries : subsetOf(entries, 'json');
  // One untimed pass: what the tool finds, and the warm-up of every code path.
  const findings: EntryFinding[] = [];
  for (const entry of covered) findings.push(await runner.find(entry));

  // Warm-up (untimed): the first thousands of checks run in V8's lower tiers, and the first timed
  // rounds were up to 3× slower than later ones without it.
  const warmStart = performance.now();
  const minWarmPasses = warmMs > 0 ? 3 : 1;
  for (
    let pass = 0;
    pass < maxPasses && (pass < minWarmPasses || performance.now() - warmStart < warmMs);
    pass++
  ) {
    for (const entry of covered) await runner.check(entry);
  }
  if (runner.plan.some((step) => step.inFlight > 1)) {
    await inPool(covered, 64, async (entry) => void (await runner.check(entry)));
  }

  const measurements: Measurement[] = runner.plan.map(({ subset, inFlight }) => ({
    subset,
    inFlight,
    entries: subsetOf(entries, subset).length,
    passes: [],
    rates: [],
  }));
  const runPass = async (batch: BenchEntry[], inFlight: number): Promise<void> => {
    if (inFlight === 1) {
      for (const entry of batch) {
        const pending = runner.check(entry);
        if (pending !== undefined) await pending;
      }
    } else await inPool(batch, inFlight, async (entry) => void (await runner.check(entry)));
  };
  for (let round = 0; round < rounds; round++) {
    for (const measurement of measurements) {
      const batch = subsetOf(entries, measurement.subset);
      // Several passes in flight together for the pooled case, so lanes do not drain at each pass end.
      const unit = measurement.inFlight === 1 ? batch : Array.from({ length: passes }, () => batch).flat();
      const unitPasses = measurement.inFlight === 1 ? 1 : passes;
      let done = 0;
      const start = performance.now();
      while (done < passes || (performance.now() - start < minMs && done < maxPasses)) {
        await runPass(unit, measurement.inFlight);
        done += unitPasses;
      }
      measurement.rates.push(((done * batch.length) / (performance.now() - start)) * 1000);
      measurement.passes.push(done);
    }
  }
  await runner.close();
  const result: WorkerResult = {
    tool,
    loadMs: runner.loadMs,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    measurements,
    findings,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
