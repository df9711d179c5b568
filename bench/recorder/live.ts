/**
 * The latency `contract-record --check` adds to an exchange: the same request to the mocks direct, through
 * the recorder, through the recorder judging every exchange live, and through `prism proxy` (the validating
 * proxy a user would otherwise put there), JSON and XML, at 1 and 16 in flight.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { startLiveCheck, startRecorder } from '@svc-contracts/contract-recorder';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { missingReason } from '../lib/compare-tools.ts';
import { sectionOptions } from '../lib/options.ts';
import { scratchDir } from '../lib/processes.ts';
import { emitSection, type Figure, figure, measured, measuredOr } from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';
import { bundleForPrism, startOurs, startPrismCli } from '../mocks/lib.ts';

const values = sectionOptions(
  'recorder/live.ts',
  'Latency per exchange: direct, contract-record, contract-record --check and prism proxy, to the mocks.',
  'one round of 20 requests: checks that it runs',
  {
    runs: { help: 'rounds of every case', whole: [3, 1, 20, 1] },
    requests: { help: 'requests per case and round', whole: [400, 1, 100_000, 20] },
  },
);
const { runs, requests } = values;

const cases = { json: 'agents', xml: 'numbers' };
const modes = ['direct', 'record', 'check', 'prism'] as const;
type Mode = (typeof modes)[number];
const prismMissing = missingReason('@stoplight/prism-cli');

const dir = scratchDir('bench-recorder-');
const configPath = fromRoot('redocly.yaml');
// The upstream in a process of its own: the proxy's judging does not compete with the mock for this thread.
const mocks = await startOurs(['agents', 'numbers']);
const client = fork(fromRoot('bench/recorder/load.ts')).on('exit', (code) => {
  throw new Error(`the load process exited with ${code}`); // before the end of the run, which stops it
});
const load = async (ask: { port: number; id: string; count: number; inFlight: number }) => {
  client.send(ask);
  const [answer] = (await once(client, 'message')) as [{ p50: number; p99: number; error?: string }];
  if (answer.error) throw new Error(answer.error);
  return answer;
};
const results = new Map<string, number[]>();
const keep = (key: string, value: number) => results.set(key, [...(results.get(key) ?? []), value]);
try {
  const specs = prismMissing ? [] : await bundleForPrism(dir, ['agents', 'numbers']);
  for (let round = 0; round < runs; round++) {
    for (const [id, service] of Object.entries(cases)) {
      const mock = new URL(`http://127.0.0.1:${mocks.ports[service]}`);
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
        const spec = specs.find((candidate) => candidate.name === service)?.file ?? '';
        const prism = mode === 'prism' ? await startPrismCli(['proxy', spec, mock.origin]) : undefined;
        try {
          const port = recorder?.port ?? prism?.port ?? Number(mock.port);
          await load({ port, id, count: 5, inFlight: 1 }); // warm-up: the first answers load what the later ones reuse
          for (const inFlight of [1, 16]) {
            const { p50, p99 } = await load({ port, id, count: requests, inFlight });
            keep(`${id}.${inFlight}.p50.${mode}`, p50);
            keep(`${id}.${inFlight}.p99.${mode}`, p99);
          }
        } finally {
          await recorder?.close();
          await prism?.child.stop('SIGINT');
        }
        if (live && (await live.finish()) !== 0)
          throw new Error(`contract-record --check judged ${id} as failing`);
      }
    }
  }
} finally {
  client.removeAllListeners('exit').kill();
  await Promise.all(mocks.children.map((child) => child.stop()));
}

const tools: Record<Mode, string> = {
  direct: 'direct to the mock',
  record: 'contract-record',
  check: 'contract-record --check',
  prism: 'prism proxy (Prism 5.14, validating)',
};
const of = (key: string) => results.get(key) ?? [];
const figures: Figure[] = Object.keys(cases).flatMap((id) =>
  [1, 16].flatMap((inFlight) =>
    (['p50', 'p99'] as const).map((share) => {
      const key = `${id}.${inFlight}.${share}`;
      return figure(
        `recorder-live.${key}`,
        `${id.toUpperCase()}, ${inFlight} in flight, ${share}`,
        'ms',
        'lower',
        measured('check', tools.check, of(`${key}.check`)),
        (['record', 'direct', 'prism'] as const).map((mode) =>
          measuredOr(mode === 'prism' ? prismMissing : undefined, mode, tools[mode], of(`${key}.${mode}`)),
        ),
      );
    }),
  ),
);
emitSection(
  {
    id: 'recorder-live',
    title: 'contract-record --check: latency per exchange',
    command: `pnpm exec tsx bench/recorder/live.ts --runs ${runs} --requests ${requests}`,
    method: `The agents (JSON GET) and numbers (XML order POST) mocks in a process of their own (the built mock bin), so that the figures are the proxy's alone; each of ${runs} round(s) sends ${requests} requests per case at 1 and at 16 in flight over kept-alive connections, direct, through contract-record, through contract-record --check (every exchange judged as it is written) and through \`prism proxy\` on the same upstream. Figures are the round's p50 and p99 in ms. The bodies are small, so --check judges them on the proxy's thread, after each answer has gone out (exchanges of 64 KiB or more go to its judging thread). The load comes from one client process of its own for the whole run, as a user's client is, so that every mode meets the same warm client. Target: --check within 10% of contract-record, and below Prism's proxy.`,
    figures,
    versions: {
      '@svc-contracts/contract-recorder': packageVersion('packages/contract-recorder/package.json'),
    },
  },
  values.json,
);
