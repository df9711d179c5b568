/**
 * The floors of vs-prism-worker.ts (JSON.parse and a precompiled Ajv validate of one or both bodies), and
 * the `paired` tool: the checker and the floors timed in one process, in alternating slices.
 */
import { type ContractSet, loadContracts } from '@svc-contracts/contract-checker';
import { isObject } from '@svc-contracts/openapi-utils';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type BenchEntry, loadEntries, subsetOf } from './vs-prism-entries.ts';
import {
  configPath,
  type EntryFinding,
  floorTools,
  oursRunner,
  type PairedTool,
  pairedTools,
  type Runner,
  type WorkerResult,
} from './vs-prism-runner.ts';

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
 * `json`: both bodies and every query parameter the contract declares as `content: application/json` (the
 * agents `filters`), read the plain way (`URLSearchParams`): every JSON document the exchange carries.
 */
async function floorRunner(sides: 'response' | 'both' | 'json', sample: number): Promise<Runner> {
  // The contract set only maps each entry to its bodies' schemas (setup, not timed).
  const contracts: ContractSet = await loadContracts({ configPath });
  const start = performance.now();
  const ajvs = new Map<object, { ajv: Ajv2020; base: string }>();
  const compiled = new Map<unknown, ValidateFunction>();
  const validators = new Map<
    number,
    { request?: ValidateFunction; response?: ValidateFunction; query?: Array<[string, ValidateFunction]> }
  >();
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
    const compiledFor = (schema: unknown): ValidateFunction => {
      let validate = compiled.get(schema);
      if (!validate) {
        validate = ajv.compile(rewriteRefs(schema, base) as object);
        compiled.set(schema, validate);
      }
      validatedBodies++;
      return validate;
    };
    const validatorOf = (shape: typeof shapes.response, body: string | undefined) =>
      shape?.kind === 'json' && body ? compiledFor(shape.schema) : undefined;
    const response = validatorOf(shapes.response, entry.response.body);
    const request = sides === 'response' ? undefined : validatorOf(shapes.request, entry.request.body);
    const query: Array<[string, ValidateFunction]> = [];
    if (sides === 'json') {
      const sent = new URL(entry.request.url).searchParams;
      for (const parameter of shapes.query) {
        if (!parameter.json || !sent.has(parameter.name)) continue;
        query.push([parameter.name, compiledFor(parameter.schema)]);
      }
    }
    if (request || response || query.length > 0) {
      validators.set(entry.id, {
        ...(request ? { request } : {}),
        ...(response ? { response } : {}),
        ...(query.length > 0 ? { query } : {}),
      });
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
    const request = errorsOf(found?.request, entry.request.body);
    if (found?.query) {
      const sent = new URL(entry.request.url).searchParams;
      for (const [name, validate] of found.query)
        request.push(...errorsOf(validate, sent.get(name) ?? undefined));
    }
    return { request, response: errorsOf(found?.response, entry.response.body) };
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
 * (their ratio moved between runs of the same code by more than the gap), while neighbouring slices see the same one.
 * A round gives each tool at least `minMs` in all; the order of the tools rotates from slice to slice.
 */
export async function pairedRates(
  sample: number,
  rounds: number,
  minMs: number,
  warmMs: number,
): Promise<Pick<Required<WorkerResult>, 'paired' | 'floors'>> {
  const runners: Record<PairedTool, Runner> = {
    ours: await oursRunner(),
    floor: await floorRunner('response', sample),
    'floor-both': await floorRunner('both', sample),
    'floor-json': await floorRunner('json', sample),
  };
  const batch = subsetOf(loadEntries(sample), 'json');
  const floors = {} as Required<WorkerResult>['floors'];
  for (const tool of floorTools) {
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
