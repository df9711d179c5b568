// Per-call overhead of each typed client against a raw fetch doing the same job on a loopback server (for
// the XML numbers client: fast-xml-parser building the order and parsing the answer), next to
// bandwidth-sdk 8.1.4 making the same call (messaging, voice, verification), and the size (minified, and
// minified + gzip) of an application bundle that calls one method of each.
// One section of `pnpm bench` (bench/lib/section.ts); also runs alone:
//
//   pnpm build                                   # the bundle sizes measure packages/*/dist
//   pnpm exec tsx bench/clients/overhead.ts [--runs 5] [--iterations 2000] [--cpu] [--tiny] [--json FILE] [--help]
//
// The parts live in lib/: options.ts (command line), packages.ts (the builds and openapi-fetch),
// payloads.ts and scenarios.ts (the calls), essence.ts (same request checked once), calls.ts (timing and
// the table), bundles.ts (bundle sizes).
import { closeXmlValidators } from '@svc-contracts/numbers-client';
import { emitSection, type Section } from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';
import { bandwidthVersions } from './lib/bandwidth.ts';
import { esbuildVersion } from './lib/bundle-size.ts';
import { measureBundles } from './lib/bundles.ts';
import { measureCalls } from './lib/calls.ts';
import { checkSameRequests } from './lib/essence.ts';
import { readOptions } from './lib/options.ts';
import { CLIENTS, checkBuilds, loadOpenapiFetch, openapiFetchVersion } from './lib/packages.ts';
import { bandwidthVersion, callScenarios, fastXmlParserVersion } from './lib/scenarios.ts';
import { startBenchServer } from './lib/server.ts';

const options = readOptions();
const { rounds, iterations, warmup, jsonFile, command } = options;
// The client bundles import the builds: checked before anything is timed.
checkBuilds();
const openapiFetch = await loadOpenapiFetch();

const server = await startBenchServer();
const calls = callScenarios(server.origin, openapiFetch);
await checkSameRequests(calls.scenarios, server, calls.throughOpenapiFetch);
const figures = await measureCalls(calls, options);
await closeXmlValidators();
await server.close();
figures.push(...(await measureBundles()));

const versions: Record<string, string> = {
  node: process.versions.node,
  'openapi-fetch': openapiFetchVersion,
  esbuild: esbuildVersion(),
  'fast-xml-parser': fastXmlParserVersion,
  ...bandwidthVersions(),
};
for (const name of ['client-runtime', ...CLIENTS]) {
  versions[`@svc-contracts/${name}`] = packageVersion(`packages/${name}/package.json`);
}

const section: Section = {
  id: 'clients',
  title: 'Clients: per-call overhead and bundle size',
  command,
  method: [
    'Each call goes to a loopback HTTP server in the same process that answers at once with a canned, realistic 2xx body, so the time is the client plus Node’s HTTP stack.',
    `Our client, a raw fetch of the same request and, for messaging, voice and verification, bandwidth-sdk ${bandwidthVersion} making the same call (same path, body and Basic credentials, checked once before timing) each make ${warmup} warm-up calls; then in each of ${rounds} round${rounds === 1 ? '' : 's'} each makes ${iterations} sequential calls, in an order that rotates from round to round.`,
    'A per-call figure’s runs are the mean µs per call of each round; the overhead in its detail is the median over rounds of the paired difference with the raw fetch, and the ratio the median over rounds of ours ÷ raw fetch.',
    `For the JSON calls, openapi-fetch ${openapiFetchVersion} alone (the library our clients are built on, the same one they resolve, called with the same request and nothing of ours: \`createClient({ baseUrl })\` then \`GET\`/\`POST\` with the headers set by hand) is timed in the same rounds: what openapi-fetch's own per-call work costs next to a raw fetch. So is openapi-fetch as a client method drives it (the clients' \`CallRequest\` as its \`Request\` and a bare \`fetch\` of what that holds, nothing of ours after it), shown in the detail: ours over it is what our runtime adds (transport, timeout, credentials, errors), and it over the raw fetch what openapi-fetch's own work costs in a client method.`,
    'The detail also shows the same raw fetch bounded the usual way (an AbortController signal handed to fetch and a 30 s timer; our clients bound every call with an AbortController of their own and one timer): measured in the same rounds, not a comparison of its own.',
    `For the XML numbers client the raw fetch does the client’s job the way a developer without it would: fast-xml-parser ${fastXmlParserVersion}’s XMLBuilder turns the same order object into the document and its XMLParser reads the XML answer into an object (both made once, outside the timed call); a raw fetch of a prebuilt XML string that reads the answer as text is measured in the same rounds and shown in the detail as context.`,
    'Bundle sizes: esbuild bundles an ESM app that imports the built client (packages/*/dist) or bandwidth-sdk and makes one call (minified, platform node, Node built-ins external), then gzip -9; one measurement, since the build is deterministic.',
  ].join(' '),
  figures,
  versions,
};
emitSection(section, jsonFile);
if (jsonFile !== undefined) console.log(`\nWrote ${jsonFile}`);
