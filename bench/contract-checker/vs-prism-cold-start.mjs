// `node bench/contract-checker/vs-prism-cold-start.mjs <tool> <service>...`: one tool's cold set-up timed
// from before its import to its set-up done, in a process that has imported nothing of either tool (the
// checker, Prism, the contract model, Ajv) before its timer starts: what a user waits for from a cold start
// before the first entry can be checked. Plain JavaScript run by plain `node`, as a user runs either tool:
// no TypeScript loader, which would slow every module either tool imports. vs-prism.ts starts it, one
// process per value, and reads the JSON line it prints (a `WorkerResult` of vs-prism-runner.ts).
//   ours-from-import   `await import('@svc-contracts/contract-checker')`, then `loadContracts` with
//                      `cache: false` (bundling, every schema and XSD compiled; Ajv, Redocly's bundler and
//                      libxml2 are imported inside it, as in the after-import figure)
//   prism-from-import  `await import` of `@stoplight/prism-http` and `@stoplight/prism-core`, then what its
//                      after-import set-up (vs-prism-prism.ts) does: the contract model, imported here too
//                      (the checker imports it), bundles each service, `getHttpOperationsFromSpec` builds
//                      its operations, `createInstance` the proxy; Prism compiles its validators on first
//                      use, after this
// `loadMs` is the part after the imports, timed as the after-import figures are.
import { fileURLToPath } from 'node:url';

const [tool, ...services] = process.argv.slice(2);
const configPath = fileURLToPath(new URL('../../redocly.yaml', import.meta.url));

async function ours() {
  const start = performance.now();
  const { loadContracts } = await import('@svc-contracts/contract-checker');
  const imported = performance.now();
  const contracts = await loadContracts({ configPath, cache: false });
  const end = performance.now();
  if (contracts.problems.length > 0) throw new Error(`spec problems:\n${contracts.problems.join('\n')}`);
  await contracts.close();
  return { fromImportMs: end - start, loadMs: end - imported };
}

async function prism() {
  const start = performance.now();
  const prismHttp = await import('@stoplight/prism-http');
  const prismCore = await import('@stoplight/prism-core');
  const model = await import('@svc-contracts/contract-model');
  const imported = performance.now();
  const listed = model.listServices(configPath);
  for (const name of services) {
    const service = listed.find((candidate) => candidate.name === name);
    if (service === undefined) throw new Error(`${name}: not listed in redocly.yaml`);
    const bundled = await model.bundleService(service, { configPath });
    await prismHttp.getHttpOperationsFromSpec(bundled.document);
  }
  // The configuration of vs-prism-prism.ts (proxy, both sides validated, security checked, every request
  // forwarded); the upstream is not reached during set-up.
  prismHttp.createInstance(
    {
      mock: { dynamic: false },
      isProxy: true,
      upstream: new URL('http://127.0.0.1:9'),
      upstreamProxy: undefined,
      validateRequest: true,
      validateResponse: true,
      checkSecurity: true,
      errors: false,
    },
    { logger: prismCore.createLogger('prism', { level: 'silent' }) },
  );
  const end = performance.now();
  return { fromImportMs: end - start, loadMs: end - imported };
}

if (tool !== 'ours-from-import' && tool !== 'prism-from-import') {
  console.error(`Usage: node ${process.argv[1]} ours-from-import|prism-from-import <service>...`);
  process.exit(2);
}
const timed = tool === 'ours-from-import' ? await ours() : await prism();
const result = {
  tool,
  ...timed,
  peakRssMb: process.resourceUsage().maxRSS / 1024,
  measurements: [],
  findings: [],
};
process.stdout.write(`${JSON.stringify(result)}\n`);
