/**
 * The latency `contract-record --check` adds to an exchange: the same request to the mocks direct, through
 * the recorder, through the recorder judging every exchange live, and through `prism proxy` (the validating
 * proxy a user would otherwise put there), JSON and XML, at 1 and 16 in flight.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLiveCheck, startRecorder } from '@svc-contracts/contract-recorder';
import { startMocks } from '@svc-contracts/mock-server';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { missingReason, prismCli } from '../lib/compare-tools.ts';
import { integerValue, readOptions } from '../lib/options.ts';
import { Child, freePort } from '../lib/processes.ts';
import { emitSection, type Figure, figure, measured, type NotMeasured } from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';
import { bundleForPrism, type Call, send } from '../mocks/lib.ts';

const usage = `Usage: pnpm exec tsx bench/recorder/live.ts [--runs N] [--requests N] [--tiny] [--json FILE]

Latency per exchange: direct, contract-record, contract-record --check and prism proxy, to the mocks.
  --runs N        rounds of every case (1-20, default 3)
  --requests N    requests per case and round (1-100000, default 400)
  --tiny          one round of 20 requests: checks that it runs
  --json FILE     also write the section of bench/RESULTS.md there
  -h, --help      this text`;
const values = readOptions(usage, {
  runs: { type: 'string' },
  requests: { type: 'string' },
  tiny: { type: 'boolean', default: false },
  json: { type: 'string' },
});
const runs = values.tiny ? 1 : integerValue(usage, 'runs', values.runs, 3, 1, 20);
const requests = values.tiny ? 20 : integerValue(usage, 'requests', values.requests, 400, 1, 100_000);

const order =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Order><SiteId>12345</SiteId><PartialAllowed>false</PartialAllowed><ExistingTelephoneNumberOrderType><TelephoneNumberList><TelephoneNumber>+14155550100</TelephoneNumber></TelephoneNumberList></ExistingTelephoneNumberOrderType></Order>';
const basic = `Basic ${Buffer.from('bench-user:bench-password').toString('base64')}`;
const cases: Array<{ id: string; service: string; call: Call }> = [
  {
    id: 'json',
    service: 'agents',
    call: { method: 'GET', path: '/api/v1/workflow/fetch/17', headers: { authorization: 'Bearer t' } },
  },
  {
    id: 'xml',
    service: 'numbers',
    call: {
      method: 'POST',
      path: '/api/v2/accounts/9900000/orders',
      headers: { authorization: basic, 'content-type': 'application/xml' },
      body: order,
    },
  },
];
const modes = ['direct', 'record', 'check', 'prism'] as const;
type Mode = (typeof modes)[number];
const prismMissing = missingReason('@stoplight/prism-cli');

/** p50 and p99 in ms of `requests` calls, `inFlight` at a time over kept-alive connections. */
async function latencies(
  port: number,
  call: Call,
  inFlight: number,
  count = requests,
): Promise<[number, number]> {
  const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
  const times: number[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next++ < count) {
      const start = performance.now();
      const answer = await send(port, call, agent);
      if (answer.status >= 300) throw new Error(`${call.method} ${call.path}: ${answer.status}`);
      times.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0;
  return [at(0.5), at(0.99)];
}

const dir = mkdtempSync(join(tmpdir(), 'bench-recorder-'));
const configPath = fromRoot('redocly.yaml');
const mocks = await startMocks({ configPath, only: ['agents', 'numbers'], ports: { agents: 0, numbers: 0 } });
const results = new Map<string, number[]>();
const keep = (key: string, value: number) => results.set(key, [...(results.get(key) ?? []), value]);
try {
  const specs = prismMissing ? [] : await bundleForPrism(dir, ['agents', 'numbers']);
  for (let round = 0; round < runs; round++) {
    for (const { id, service, call } of cases) {
      const mock = new URL(mocks.mocks.find((candidate) => candidate.name === service)?.url ?? '');
      for (const mode of modes) {
        if (mode === 'prism' && prismMissing) continue;
        const out = join(dir, `${id}-${mode}-${round}.har`);
        const live =
          mode === 'check' ? await startLiveCheck({ out, configPath, write: () => undefined }) : undefined;
        const recorder =
          mode === 'record' || mode === 'check'
            ? await startRecorder({
                target: mock.origin,
                out,
                onEntry: (entry) => live?.judge(entry.entry, entry.index),
              })
            : undefined;
        const prismPort = mode === 'prism' ? await freePort() : 0;
        const spec = specs.find((candidate) => candidate.name === service)?.file ?? '';
        const args = [prismCli, ...`proxy -h 127.0.0.1 -p ${prismPort}`.split(' '), spec, mock.origin];
        const prism = mode === 'prism' ? new Child('prism proxy', process.execPath, args) : undefined;
        try {
          if (prism) await prism.waitFor(/Prism is listening/, 60_000);
          const port = recorder?.port ?? (prism ? prismPort : Number(mock.port));
          await latencies(port, call, 1, 5); // warm-up: the first answers load what the later ones reuse
          for (const inFlight of [1, 16]) {
            const [p50, p99] = await latencies(port, call, inFlight);
            keep(`${id}.${inFlight}.p50.${mode}`, p50);
            keep(`${id}.${inFlight}.p99.${mode}`, p99);
          }
        } finally {
          await recorder?.close();
          await prism?.stop('SIGINT');
        }
        if (live && (await live.finish()) !== 0)
          throw new Error(`contract-record --check judged ${id} as failing`);
      }
    }
  }
} finally {
  await mocks.stop();
  rmSync(dir, { recursive: true, force: true });
}

const tools: Record<Mode, string> = {
  direct: 'direct to the mock',
  record: 'contract-record',
  check: 'contract-record --check',
  prism: 'prism proxy (Prism 5.14, validating)',
};
const other = (key: string, mode: Mode): ReturnType<typeof measured> | NotMeasured =>
  mode === 'prism' && prismMissing
    ? { key: mode, tool: tools.prism, status: 'unavailable', reason: prismMissing }
    : measured(mode, tools[mode], results.get(`${key}.${mode}`) ?? []);
const figures: Figure[] = cases.flatMap(({ id }) =>
  [1, 16].flatMap((inFlight) =>
    (['p50', 'p99'] as const).map((share) => {
      const key = `${id}.${inFlight}.${share}`;
      return figure(
        `recorder-live.${key}`,
        `${id.toUpperCase()}, ${inFlight} in flight, ${share}`,
        'ms',
        'lower',
        measured('check', tools.check, results.get(`${key}.check`) ?? []),
        (['record', 'direct', 'prism'] as const).map((mode) => other(key, mode)),
      );
    }),
  ),
);
emitSection(
  {
    id: 'recorder-live',
    title: 'contract-record --check: latency per exchange',
    command: `pnpm exec tsx bench/recorder/live.ts --runs ${runs} --requests ${requests}`,
    method: `The agents (JSON GET) and numbers (XML order POST) mocks in this process; each of ${runs} round(s) sends ${requests} requests per case at 1 and at 16 in flight over kept-alive connections, direct, through contract-record, through contract-record --check (every exchange judged as it is written) and through \`prism proxy\` on the same upstream. Figures are the round's p50 and p99 in ms. Target: --check within 10% of contract-record, and below Prism's proxy.`,
    figures,
    versions: {
      '@svc-contracts/contract-recorder': packageVersion('packages/contract-recorder/package.json'),
    },
  },
  values.json,
);
