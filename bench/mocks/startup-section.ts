/**
 * The `mocks` section of bench/RESULTS.md from the samples of bench/mocks/startup.ts: one figure per
 * measure, ours against the six Prism processes, with what each answered.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { compareDir, installedVersion, missingReason, pinnedVersion } from '../lib/compare-tools.ts';
import {
  type Figure,
  type Measured,
  measured,
  median,
  type NotMeasured,
  type Section,
} from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';
import type { Answer } from './http-load.ts';
import type { Case } from './startup-cases.ts';
import { pollMs } from './startup-sets.ts';
import { describeAnswer, type ServiceSpec } from './startup-specs.ts';

const mockServerVersion = packageVersion('packages/mock-server/package.json');
const prismHttpVersion = packageVersion(
  'packages/mock-server/node_modules/@stoplight/prism-http/package.json',
);
export const prismMissing = missingReason('@stoplight/prism-cli');
const comparePrismHttp = join(compareDir, 'node_modules/@stoplight/prism-http/package.json');
/** The HTTP engine under prism-cli (bench/compare pins it), to say whether both sides run the same one. */
const prismCliHttpVersion = existsSync(comparePrismHttp) ? packageVersion(comparePrismHttp) : undefined;
const prismVersion = installedVersion('@stoplight/prism-cli') ?? pinnedVersion('@stoplight/prism-cli');
const oursTool = `pnpm mock (@svc-contracts/mock-server ${mockServerVersion}), one process`;
export const prismSetTool = `prism mock (@stoplight/prism-cli ${prismVersion}), six processes`;
const prismOneTool = `prism mock (@stoplight/prism-cli ${prismVersion}), one process on the same spec`;
const key = 'prism-mock';

export type Tool = 'ours' | 'prism';

export interface Samples {
  startup: number[];
  rssIdle: number[];
  rssLoaded: number[];
  rps: Record<Case['id'], number[]>;
}

export const emptySamples = (): Samples => ({
  startup: [],
  rssIdle: [],
  rssLoaded: [],
  rps: { 'agents-200': [], 'agents-422': [], 'numbers-xml-order': [] },
});

const round = (digits: number) => (value: number) => Number(value.toFixed(digits));

/** What one run of the script measured, and how. */
export interface MocksRun {
  specs: ServiceSpec[];
  cases: Case[];
  ours: Samples;
  prism: Samples;
  ceiling: number[];
  /** The first answer of each tool to each case (`ours:agents-200`), for the figures' detail. */
  firstAnswers: Map<string, Answer>;
  /** Set when Prism refused the valid XML order: why it cannot do this job. */
  prismXmlRefusal: string | undefined;
  runs: number;
  requests: number;
  warmup: number;
  concurrency: number;
  settleMs: number;
  /** The options as given, for the section's command. */
  commandOptions: string[];
}

export function mocksSection(run: MocksRun): { section: Section; figures: Figure[] } {
  const { specs, cases, ours, prism, ceiling, firstAnswers, prismXmlRefusal } = run;
  const { runs, requests, warmup, concurrency, settleMs } = run;
  const seconds = round(3);
  const megabytes = round(1);
  const perSecond = round(0);
  const compared = (
    prismRuns: number[],
    tool: string,
    transform: (value: number) => number,
  ): Array<Measured | NotMeasured> => {
    if (prismMissing) return [{ key, tool, status: 'unavailable', reason: prismMissing }];
    return [measured(key, tool, prismRuns.map(transform))];
  };
  const ceilingText = `Loopback ceiling of this client on this machine (a node:http process answering {}): ${median(ceiling).toFixed(0)} req/s.`;
  const answerOf = (tool: Tool, id: Case['id']): Answer | undefined => firstAnswers.get(`${tool}:${id}`);
  const agentsSpec = specs.find((spec) => spec.name === 'agents');
  const case200 = cases[0] as Case;
  const case422 = cases[1] as Case;
  const prism422 = answerOf('prism', 'agents-422');
  const ours422 = answerOf('ours', 'agents-422');
  const numbersSpec = specs.find((spec) => spec.name === 'numbers');
  const caseXml = cases[2] as Case;

  const figures: Figure[] = [
    {
      id: 'mocks.startup',
      label: 'Start-up until all six services answer',
      unit: 's',
      better: 'lower',
      ours: measured('pnpm-mock', oursTool, ours.startup.map(seconds)),
      comparisons: compared(prism.startup, prismSetTool, seconds),
      detail:
        'From spawn until every service has answered a documented request over HTTP (ours: its ready line, then one request per port; Prism: its six processes spawned at once, each port polled every 25 ms).',
    },
    {
      id: 'mocks.rss-idle',
      label: 'RSS of the whole set, idle after start',
      unit: 'MB',
      better: 'lower',
      ours: measured('pnpm-mock', oursTool, ours.rssIdle.map(megabytes)),
      comparisons: compared(prism.rssIdle, prismSetTool, megabytes),
      detail: `VmRSS summed over every process of the set and its descendants, ${settleMs} ms after all six answered.`,
    },
    {
      id: 'mocks.rss-loaded',
      label: 'RSS of the whole set after the throughput load',
      unit: 'MB',
      better: 'lower',
      ours: measured('pnpm-mock', oursTool, ours.rssLoaded.map(megabytes)),
      comparisons: compared(prism.rssLoaded, prismSetTool, megabytes),
      detail: `After the request cases below (agents and numbers loaded, the other four idle)${prismXmlRefusal ? "; Prism's numbers process got one request only, as it refuses the XML order" : ''}.`,
    },
    {
      id: 'mocks.rps.agents-200',
      label: case200.label,
      unit: 'req/s',
      better: 'higher',
      ours: measured('pnpm-mock', oursTool, ours.rps['agents-200'].map(perSecond)),
      comparisons: compared(prism.rps['agents-200'], prismOneTool, perSecond),
      detail: `After each tool's own request checks, ours answers ${describeAnswer(agentsSpec, case200, answerOf('ours', 'agents-200'))}${prismMissing ? '' : `; Prism ${describeAnswer(agentsSpec, case200, answerOf('prism', 'agents-200'))}`}. ${ceilingText}`,
    },
    {
      id: 'mocks.rps.agents-422',
      label: case422.label,
      unit: 'req/s',
      better: 'higher',
      ours: measured('pnpm-mock', oursTool, ours.rps['agents-422'].map(perSecond)),
      comparisons: compared(prism.rps['agents-422'], prismOneTool, perSecond),
      detail: prismMissing
        ? `Ours answers ${describeAnswer(agentsSpec, case422, ours422)}. ${ceilingText}`
        : `Ours answers ${describeAnswer(agentsSpec, case422, ours422)}; Prism ${describeAnswer(agentsSpec, case422, prism422)}, the actual violation only in its sl-violations header. ${ceilingText}`,
    },
    {
      id: 'mocks.rps.numbers-xml-order',
      label: caseXml.label,
      unit: 'req/s',
      better: 'higher',
      ours: measured('pnpm-mock', oursTool, ours.rps['numbers-xml-order'].map(perSecond)),
      comparisons: prismMissing
        ? [{ key, tool: prismOneTool, status: 'unavailable', reason: prismMissing }]
        : prismXmlRefusal
          ? [{ key, tool: prismOneTool, status: 'cannot', reason: prismXmlRefusal }]
          : [measured(key, prismOneTool, prism.rps['numbers-xml-order'].map(perSecond))],
      detail: `Ours checks the order against the numbers XSD (libxml2-wasm, through the contract checker) and answers ${describeAnswer(numbersSpec, caseXml, answerOf('ours', 'numbers-xml-order'))}.${prismMissing ? '' : ` Prism answers ${describeAnswer(numbersSpec, caseXml, answerOf('prism', 'numbers-xml-order'))}.`} ${ceilingText}`,
    },
  ];

  const section: Section = {
    id: 'mocks',
    title: 'Mocks: start-up, memory and throughput of all six services',
    command: ['pnpm exec tsx bench/mocks/startup.ts', ...run.commandOptions].join(' '),
    method: [
      `Ours: the built \`pnpm mock\` bin (packages/mock-server/dist/cli.js, contract-checker checks), one process serving the six services of redocly.yaml on their own ports, with @stoplight/prism-http ${prismHttpVersion} in-process${prismCliHttpVersion && !prismMissing ? ` (prism-cli runs prism-http ${prismCliHttpVersion}${prismCliHttpVersion === prismHttpVersion ? ', the same engine' : ''})` : ''}.`,
      `Prism: six \`prism mock -h 127.0.0.1 -p <port> <spec>\` processes (bench/compare, @stoplight/prism-cli ${prismVersion}, default settings), one per spec, spawned at once. Both run with their default request logging (ours one line per request, Prism its info log of several lines), their output piped to the benchmark and discarded. The specs for Prism are bundled with bundleService (scripts/lib/specs.ts, as \`pnpm bundle\` does) from the same sources into a temporary directory at the start of the run, so a stale dist/specs cannot skew the comparison. The XML order is sent to Prism once per run: if it refuses it, the comparison says \`cannot\` (with Prism's answer), else it is measured.`,
      `Start-up: from spawn until every service has answered one documented request (any HTTP status): ours after its ready line, Prism by polling each port every ${pollMs} ms.`,
      `RSS: VmRSS from /proc summed over every process of the set and its descendants, ${settleMs} ms after start-up (idle) and after the request cases (loaded).`,
      `Requests: a node:http keep-alive client in the benchmark process, ${concurrency} concurrent connections, ${requests} requests per case after a warm-up of ${warmup}, every answer's status checked; Prism's throughput is that of the one process serving the case's spec.`,
      `Each run starts each set once (alternating which goes first), reads its memory, loads it and stops it; ${runs} run${runs === 1 ? '' : 's'}, medians reported. The loopback ceiling (a node:http process answering {}) is measured once per run with the same client.`,
    ].join(' '),
    figures,
    versions: {
      node: process.version,
      '@svc-contracts/mock-server': mockServerVersion,
      '@stoplight/prism-http': prismHttpVersion,
      ...(prismMissing ? {} : { '@stoplight/prism-cli': prismVersion }),
    },
  };
  return { section, figures };
}
