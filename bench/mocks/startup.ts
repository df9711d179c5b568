/**
 * Our `pnpm mock` (one process serving every service) against what a user would otherwise start, one
 * `prism mock` process per bundled spec: start-up until every service listens, resident memory idle,
 * and requests per second on a 200 example, a 422 refusal and an XML order checked against its XSD.
 */
import { listWrittenServices } from '../../scripts/lib/specs.ts';
import { missingReason } from '../lib/compare-tools.ts';
import { sectionOptions } from '../lib/options.ts';
import { scratchDir, treeRssMb } from '../lib/processes.ts';
import { type Comparison, emitSection, type Figure, figure, measured, measuredOr } from '../lib/section.ts';
import { alternate } from '../lib/timing.ts';
import { packageVersion } from '../lib/versions.ts';
import {
  bundleForPrism,
  type Call,
  orderCall,
  requestsPerSecond,
  type Started,
  send,
  startOurs,
  startPrism,
} from './lib.ts';

const values = sectionOptions(
  'mocks/startup.ts',
  'pnpm mock against one prism mock process per spec: start-up, RSS and requests per second.',
  'two services, one run, 50 requests: checks that it runs',
  {
    runs: { help: 'start-ups of each', whole: [2, 1, 50, 1] },
    requests: { help: 'requests per case', whole: [1500, 1, 1_000_000, 50] },
  },
);
const { tiny, runs, requests } = values;

const cases: Array<{ id: string; label: string; service: string; call: Call; status: number }> = [
  {
    id: 'agents-200',
    label: 'agents GET, 200 example',
    service: 'agents',
    status: 200,
    call: {
      method: 'GET',
      path: '/api/v1/workflow/fetch?status=active',
      headers: { authorization: 'Bearer t' },
    },
  },
  {
    id: 'agents-422',
    label: 'agents GET, 422 refusal (limit=500)',
    service: 'agents',
    status: 422,
    call: {
      method: 'GET',
      path: '/api/v1/organizations/usage/runs?limit=500',
      headers: { authorization: 'Bearer t' },
    },
  },
  {
    id: 'numbers-xml-order',
    label: 'numbers POST, valid XML order (XSD checked)',
    service: 'numbers',
    status: 200,
    call: orderCall,
  },
];
const services = tiny ? ['agents', 'numbers'] : listWrittenServices().map((service) => service.name);
const prismMissing = missingReason('@stoplight/prism-cli');
const prismTool = `prism mock, one process per spec (${services.length})`;

type Samples = { startup: number[]; rss: number[]; rps: Record<string, number[]> };
const empty = (): Samples => ({
  startup: [],
  rss: [],
  rps: Object.fromEntries(cases.map((item) => [item.id, []])),
});
const ours = empty();
const prism = empty();
let prismXml = '';

const specs = prismMissing ? [] : await bundleForPrism(scratchDir('bench-mocks-'), services);

/** One start-up of a tool's set, its memory and its load; the start-up seconds. */
async function round(tool: 'ours' | 'prism'): Promise<number> {
  const samples = tool === 'ours' ? ours : prism;
  let started: Started | undefined;
  try {
    started = tool === 'ours' ? await startOurs(services) : await startPrism(specs);
    samples.startup.push(started.seconds);
    await new Promise((resolve) => setTimeout(resolve, tiny ? 100 : 1000));
    samples.rss.push(treeRssMb(started.children.map((child) => child.process.pid ?? 0)));
    for (const item of cases) {
      const port = started.ports[item.service] ?? 0;
      const first = await send(port, item.call);
      if (first.status !== item.status) {
        // Prism validates an XML body as if it were JSON: it refuses every XML order.
        if (tool === 'prism' && item.id === 'numbers-xml-order') {
          prismXml = `Prism answered the valid XML order ${first.status}: it validates an XML request body as JSON and serves no XML order`;
          continue;
        }
        throw new Error(
          `${tool} answered ${item.label} with ${first.status}, expected ${item.status}: ${first.body.slice(0, 300)}`,
        );
      }
      samples.rps[item.id]?.push(await requestsPerSecond(port, item.call, item.status, requests));
    }
    console.error(`${tool}: ready in ${started.seconds.toFixed(2)} s, ${samples.rss.at(-1)?.toFixed(0)} MB`);
    return started.seconds;
  } finally {
    await Promise.all(
      (started?.children ?? []).map((child) => child.stop(tool === 'ours' ? 'SIGINT' : 'SIGTERM')),
    );
  }
}

// The order rotates so that neither always starts on a machine the other just warmed.
const rounds: Record<string, () => Promise<number>> = { ours: () => round('ours') };
if (!prismMissing) rounds.prism = () => round('prism');
await alternate(runs, rounds);

const theirs = (runsOf: number[], cannot?: string): Comparison =>
  cannot && runsOf.length === 0 && !prismMissing
    ? { key: 'prism-mock', tool: prismTool, status: 'cannot', reason: cannot }
    : measuredOr(prismMissing, 'prism-mock', prismTool, runsOf);
const oursTool = `pnpm mock, one process (${services.length} services)`;
const figures: Figure[] = [
  figure(
    'mocks.startup',
    'start-up until every service listens',
    's',
    'lower',
    measured('ours', oursTool, ours.startup),
    [theirs(prism.startup)],
  ),
  figure(
    'mocks.rss-idle',
    'resident memory of the set, idle after start-up',
    'MB',
    'lower',
    measured('ours', oursTool, ours.rss),
    [theirs(prism.rss)],
  ),
  ...cases.map((item) =>
    figure(
      `mocks.rps.${item.id}`,
      `${item.label}, 16 connections`,
      'req/s',
      'higher',
      measured('ours', oursTool, ours.rps[item.id] ?? []),
      [theirs(prism.rps[item.id] ?? [], prismXml)],
    ),
  ),
];
emitSection(
  {
    id: 'mocks',
    title: 'Mocks: start-up, memory and HTTP load of all six services',
    command: `pnpm exec tsx bench/mocks/startup.ts --runs ${runs} --requests ${requests}`,
    method: `The built mock bin serving ${services.length} services in one process, and one \`prism mock\` process per bundled spec, started ${runs} time(s) each, alternating. Start-up: from the spawn until every service says it is listening (ours: its ready line with the ports; Prism: \`Prism is listening\`). Memory: the resident set of every process of the set (and its children) a second after. Load: ${requests} requests per case over 16 kept-alive node:http connections after a warm-up, each answer's status checked.`,
    figures,
    versions: { '@svc-contracts/mock-server': packageVersion('packages/mock-server/package.json') },
    ...(prismXml ? { findings: [prismXml] } : {}),
  },
  values.json,
);
