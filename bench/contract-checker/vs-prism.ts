/**
 * The checker against Prism's validating proxy and against the floor of JSON.parse plus a precompiled Ajv
 * validate of both bodies, on the recorded JSON entries one at a time; and the cold set-up of each from a
 * new process (cold-start.mjs). The three throughputs alternate in this process, so they share its load.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ContractSet, loadContracts, type RecordedRequest } from '@svc-contracts/contract-checker';
import { isJsonMediaType, isObject } from '@svc-contracts/openapi-utils';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { bundleService } from '../../scripts/lib/specs.ts';
import { sectionOptions } from '../lib/options.ts';
import { nodeLastLine } from '../lib/processes.ts';
import { emitSection, figure, measured, median } from '../lib/section.ts';
import { alternate, rateOf } from '../lib/timing.ts';
import { packageVersion } from '../lib/versions.ts';
import { type BenchEntry, loadEntries } from './entries.ts';

const values = sectionOptions(
  'contract-checker/vs-prism.ts',
  "The checker against Prism's validating proxy and the both-bodies Ajv floor on the recorded JSON entries.",
  'every 25th entry, one round: checks that it runs',
  { runs: { help: 'rounds of the three throughputs and cold set-ups of each tool', whole: [3, 1, 50, 1] } },
);
const { tiny, runs } = values;
const sliceMs = tiny ? 20 : 400;
const configPath = fromRoot('redocly.yaml');

const all = loadEntries(tiny ? 25 : 1);
const entries = all.filter((entry) => !entry.xml);
const byId = new Map(entries.map((entry) => [String(entry.id), entry]));
const services = [...new Set(entries.map((entry) => entry.service))];

// ---------------------------------------------------------------------------- the checker and the floor

const contracts: ContractSet = await loadContracts({ configPath });
const verdicts: string[] = [];
for (const entry of entries)
  verdicts.push((await contracts.checkExchange(entry.request, entry.response)).verdict);
const count = (verdict: string) => verdicts.filter((found) => found === verdict).length;
const checkPass = async (): Promise<void> => {
  for (const entry of entries) await contracts.checkExchange(entry.request, entry.response);
};

/** Component refs point at one registered `$defs` document per service, as the checker's do. */
function rewriteRefs(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, base));
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
        ? `${base}#/$defs/${value.slice('#/components/schemas/'.length)}`
        : rewriteRefs(value, base),
    ]),
  );
}

/** The floor: for each entry, JSON.parse and a precompiled Ajv validate of each JSON body with a schema. */
const ajvs = new Map<object, { ajv: Ajv2020; base: string }>();
const floorChecks: Array<Array<[string, ValidateFunction]>> = [];
let floorBodies = 0;
for (const entry of entries) {
  const shapes = contracts.describeExchange(entry.request, entry.response);
  const checks: Array<[string, ValidateFunction]> = [];
  if (shapes) {
    let service = ajvs.get(shapes.document);
    if (!service) {
      const base = `urn:floor:${ajvs.size}`;
      const ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true });
      addFormats.default(ajv);
      ajv.addSchema({
        $id: base,
        $defs: rewriteRefs(shapes.document.components?.schemas ?? {}, base) as object,
      });
      service = { ajv, base };
      ajvs.set(shapes.document, service);
    }
    for (const [shape, body] of [
      [shapes.request, entry.request.body],
      [shapes.response, entry.response.body],
    ] as const) {
      if (shape?.kind === 'json' && body)
        checks.push([body, service.ajv.compile(rewriteRefs(shape.schema, service.base) as object)]);
    }
  }
  floorBodies += checks.length;
  floorChecks.push(checks);
}
const floorPass = (): void => {
  for (const checks of floorChecks) {
    for (const [body, validate] of checks) {
      try {
        validate(JSON.parse(body));
      } catch {
        // Not JSON: the floor has nothing more to do.
      }
    }
  }
};

// --------------------------------------------------------------- Prism's validating proxy, loopback upstream

const upstream = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const entry = byId.get(String(request.headers['x-bench-entry']));
    if (!entry) return response.writeHead(599).end();
    const headers: Record<string, string> = {};
    for (const { name, value } of entry.response.headers) {
      const key = name.toLowerCase();
      if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(key))
        headers[key] = value;
    }
    response
      .writeHead(entry.response.status, headers)
      .end(entry.response.status === 204 ? '' : (entry.response.body ?? ''));
  });
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const prismHttp = await import('@stoplight/prism-http');
const prismCore = await import('@stoplight/prism-core');
const operations = new Map<string, Awaited<ReturnType<typeof prismHttp.getHttpOperationsFromSpec>>>();
for (const service of services)
  operations.set(service, await prismHttp.getHttpOperationsFromSpec((await bundleService(service)).spec));
// Every request is forwarded and both sides validated (with errors an invalid request is answered by Prism).
const proxyOptions = {
  mock: { dynamic: false },
  isProxy: true,
  validateRequest: true,
  validateResponse: true,
  checkSecurity: true,
  errors: false,
} as const;
const prismConfig = {
  ...proxyOptions,
  upstream: new URL(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`),
  upstreamProxy: undefined,
};
const prism = prismHttp.createInstance(prismConfig, {
  logger: prismCore.createLogger('prism', { level: 'silent' }),
});

/** What prism-http-server hands the engine: lower-case headers, the query decoded, a JSON body parsed. */
function prismInput(entry: BenchEntry) {
  const url = new URL(entry.request.url);
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    query[key] = all.length === 1 ? (all[0] ?? '') : all;
  }
  const headers: Record<string, string> = { 'x-bench-entry': String(entry.id) };
  for (const { name, value } of entry.request.headers as RecordedRequest['headers'])
    if (name.toLowerCase() !== 'content-length') headers[name.toLowerCase()] = value;
  let body: unknown = entry.request.body || undefined;
  if (typeof body === 'string' && isJsonMediaType(headers['content-type'] ?? ''))
    try {
      body = JSON.parse(body);
    } catch {
      // Prism gets the text and reports it.
    }
  return {
    method: entry.request.method.toLowerCase() as 'get',
    url: { path: url.pathname, query },
    headers,
    ...(body === undefined ? {} : { body }),
  };
}
let prismFound = 0;
async function prismPass(count = false): Promise<number> {
  const start = performance.now();
  for (const entry of entries) {
    const result = await prism.request(prismInput(entry), operations.get(entry.service) ?? [], prismConfig)();
    if (result._tag === 'Left') throw result.left;
    const { input, output } = result.right.validations;
    if (count && [...input, ...output].some((diagnostic) => diagnostic.severity === 0)) prismFound++;
  }
  return (entries.length / (performance.now() - start)) * 1000;
}

// ------------------------------------------------------------------------------------------- the runs

await prismPass(true);
await rateOf(checkPass, sliceMs * 2);
await rateOf(floorPass, sliceMs * 2);
const rates = await alternate(runs, {
  ours: async () => (await rateOf(checkPass, sliceMs)) * entries.length,
  floor: async () => (await rateOf(floorPass, sliceMs)) * entries.length,
  prism: () => prismPass(),
});
await contracts.close();
upstream.close();

/** cold-start.mjs in plain Node (Prism given the proxy's options), a process per value, alternating. */
const cold = await alternate(
  runs,
  Object.fromEntries(
    (['ours', 'prism'] as const).map((tool) => [
      tool,
      () => {
        const args = [fromRoot('bench/contract-checker/cold-start.mjs'), tool, JSON.stringify(proxyOptions)];
        return (JSON.parse(nodeLastLine([...args, ...services])) as { ms: number }).ms;
      },
    ]),
  ) as Record<'ours' | 'prism', () => number>,
);

const prismTool = 'Prism 5.12 validating proxy, loopback upstream';
const ratio = (a: number[], b: number[]) => (median(a) / median(b)).toFixed(2);
emitSection(
  {
    id: 'contract-check',
    title: 'Contract check: recorded traffic against Prism and the Ajv floor',
    command: `pnpm exec tsx bench/contract-checker/vs-prism.ts --runs ${runs}`,
    method: `The ${entries.length} JSON or bodiless entries of contract-tests/recordings (of ${all.length}), read once with the checker's \`parseHar\`, checked one at a time. The checker: \`loadContracts\` once, then \`checkExchangeNow\` per entry (answered synchronously). Prism: prism-http's \`createInstance\` in proxy mode (both sides validated, security checked, every request forwarded) to a loopback server replaying the recorded response. The floor: \`JSON.parse\` and a precompiled Ajv 2020 validate of each JSON body with a schema, request and response (${floorBodies} bodies). The three run in this process, ${runs} round(s), the order rotating, each at least ${sliceMs} ms a round (Prism one pass). Cold set-up: a plain Node process per value from before the tool's import to its set-up done: the checker's \`loadContracts\` with \`cache: false\`, Prism's bundling, \`getHttpOperationsFromSpec\` and \`createInstance\` (Prism compiles its validators on first use, after this).`,
    figures: [
      figure(
        'contract-check.json.1',
        `JSON entries (${entries.length}), one at a time`,
        'entries/s',
        'higher',
        measured('ours', 'contract checker, `checkExchange`', rates.ours),
        [
          measured('prism-proxy', prismTool, rates.prism),
          measured('ajv-floor-both-bodies', 'floor: JSON.parse + precompiled Ajv, both bodies', rates.floor),
        ],
        `checker over Prism ${ratio(rates.ours, rates.prism)}×, floor over checker ${ratio(rates.floor, rates.ours)}×; the checker finds ${count('violation')} violation(s) and ${count('rejected-as-expected')} bad request(s) refused as documented; Prism flags the request or response of ${prismFound}`,
      ),
      figure(
        'contract-check.setup-cold',
        'cold set-up from a new process, from before the import',
        'ms',
        'lower',
        measured('ours', 'contract checker, `cache: false`', cold.ours),
        [measured('prism-proxy', prismTool, cold.prism)],
      ),
    ],
    versions: {
      '@svc-contracts/contract-checker': packageVersion('packages/contract-checker/package.json'),
      '@stoplight/prism-http': packageVersion('node_modules/@stoplight/prism-http/package.json'),
      ajv: packageVersion('node_modules/ajv/package.json'),
    },
  },
  values.json,
);
