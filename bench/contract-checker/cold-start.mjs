// `node bench/contract-checker/cold-start.mjs ours|prism OPTIONS <service>...`: one tool's cold set-up, timed
// from before its import to its set-up done, in plain Node (no TypeScript loader) as a user runs either tool.
// OPTIONS: vs-prism.ts's options of Prism's proxy, as JSON. Prints `{"ms": N}`.
import { fileURLToPath } from 'node:url';

const [tool, options, ...services] = process.argv.slice(2);
const configPath = fileURLToPath(new URL('../../redocly.yaml', import.meta.url));
const start = performance.now();
if (tool === 'ours') {
  const { loadContracts } = await import('@svc-contracts/contract-checker');
  const contracts = await loadContracts({ configPath, cache: false });
  if (contracts.problems.length > 0) throw new Error(contracts.problems.join('\n'));
  await contracts.close();
} else if (tool === 'prism') {
  const prismHttp = await import('@stoplight/prism-http');
  const prismCore = await import('@stoplight/prism-core');
  // The checker bundles with the contract model too: Prism's set-up gets the same bundles.
  const model = await import('@svc-contracts/contract-model');
  const listed = model.listServices(configPath);
  for (const name of services) {
    const service = listed.find((candidate) => candidate.name === name);
    if (!service) throw new Error(`${name}: not listed in redocly.yaml`);
    await prismHttp.getHttpOperationsFromSpec((await model.bundleService(service, { configPath })).document);
  }
  prismHttp.createInstance(
    { ...JSON.parse(options ?? '{}'), upstream: new URL('http://127.0.0.1:9'), upstreamProxy: undefined },
    { logger: prismCore.createLogger('prism', { level: 'silent' }) },
  );
} else {
  console.error('Usage: node bench/contract-checker/cold-start.mjs ours|prism OPTIONS <service>...');
  process.exit(2);
}
process.stdout.write(`${JSON.stringify({ ms: performance.now() - start })}\n`);
