// `tsx bench/mocks/hostile.ts [--requests 400] [--orders 3] [--runs 3] [--attacker-in-loop] [--tiny] [--json FILE]`:
// latency of an agents GET on the mocks
// when idle, and while the numbers mock refuses one hostile order after another (about 9.5 MB, every one
// of ~260,000 telephone numbers breaking the E.164 pattern). Sequential GETs, p50/p99 in milliseconds,
// with the built mocks; also the longest stall of the mocks' event loop in each phase, a figure less
// shaken by other jobs on the machine than a p99 of a few hundred requests.
//
// The attacker (attacker.ts) is another client: it sends from its own thread (the body encoded once),
// so that its own work (10 MB to encode and write per order) is not charged to the mocks' event loop.
// `--attacker-in-loop` sends from the mocks' thread as this script did before, for comparison with older
// figures. A hostile order whose connection is closed under it is counted (in the detail) and the next
// one goes on; three such failures in a row end the run with their reason.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startMocks } from '@svc-contracts/mock-server';
import { emitSection, integerOption, measured, type Section } from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';
import { attackFromOwnThread, attackFromThisLoop } from './attacker.ts';

const root = new URL('../../', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '400' },
    runs: { type: 'string', default: '3' },
    orders: { type: 'string', default: '3' },
    'attacker-in-loop': { type: 'boolean', default: false },
    tiny: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const tiny = values.tiny === true;
const requests = tiny ? 20 : integerOption('requests', values.requests, 10, 100_000);
const runs = tiny ? 1 : integerOption('runs', values.runs, 1, 20);
// The GETs under attack go on until this many orders were refused, so that the phase spans whole orders
// (each takes the engine about a second) rather than the start of one.
const orders = tiny ? 1 : integerOption('orders', values.orders, 1, 100);
const maxBusyMs = 120_000;

function hostileOrder(bytes = (tiny ? 0.5 : 9.5) * 1024 * 1024): string {
  const head =
    '<?xml version="1.0"?><Order><SiteId>1</SiteId><PartialAllowed>true</PartialAllowed>' +
    '<ExistingTelephoneNumberOrderType><TelephoneNumberList>';
  const tail = '</TelephoneNumberList></ExistingTelephoneNumberOrderType></Order>';
  const number = '<TelephoneNumber>bad</TelephoneNumber>';
  return head + number.repeat(Math.floor((bytes - head.length - tail.length) / number.length)) + tail;
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

const names = ['agents', 'token', 'messaging', 'voice', 'mfa', 'numbers'];
const set = await startMocks({
  configPath: `${root}redocly.yaml`,
  ports: Object.fromEntries(names.map((name) => [name, 0])),
});
const url = (name: string): string => set.mocks.find((mock) => mock.name === name)?.url ?? '';

/** Sequential GETs; also the longest and the p99 stall of this thread's event loop meanwhile. */
async function agentsLatencies(
  count: number,
  goOn: () => boolean = () => false,
): Promise<{ times: number[]; stallMax: number; stallP99: number }> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const times: number[] = [];
  const began = performance.now();
  for (let at = 0; at < count || (goOn() && performance.now() - began < maxBusyMs); at++) {
    const start = performance.now();
    const response = await fetch(`${url('agents')}/api/v1/workflow/fetch/1`, {
      headers: { authorization: 'Bearer t' },
    });
    await response.text();
    times.push(performance.now() - start);
  }
  loop.disable();
  return {
    times: times.sort((a, b) => a - b),
    stallMax: loop.max / 1e6,
    stallP99: loop.percentile(99) / 1e6,
  };
}

const auth = `Basic ${Buffer.from('user:pass').toString('base64')}`;
const attack = {
  url: `${url('numbers')}/api/v2/accounts/9900/orders`,
  headers: { authorization: auth, 'content-type': 'application/xml' },
};

type Phase = Awaited<ReturnType<typeof agentsLatencies>>;
const phases: Array<{ idle: Phase; busy: Phase; refused: number; failed: number }> = [];
const body = hostileOrder();
try {
  await agentsLatencies(50);
  for (let run = 0; run < runs; run++) {
    const idle = await agentsLatencies(requests);
    const attacker = values['attacker-in-loop']
      ? attackFromThisLoop({ ...attack, body })
      : await attackFromOwnThread({ ...attack, body });
    const busy = await agentsLatencies(requests, () => attacker.attacking() && attacker.refused() < orders);
    const { refused, failed } = await attacker.stop();
    if (failed > 0)
      console.error(`run ${run + 1}: ${failed} hostile order(s) failed to send (connection closed)`);
    phases.push({ idle, busy, refused, failed });
  }
} finally {
  await set.stop();
}

const megabytes = (body.length / 1024 / 1024).toFixed(1);
console.log(
  `agents GET, ${requests} sequential requests idle, then until ${orders} orders are refused, ${runs} run(s); hostile orders (${megabytes} MB) sent from ${values['attacker-in-loop'] ? "the mocks' thread" : 'their own thread'}`,
);
console.log(
  "| run | agents GET | p50 | p99 | mocks' event loop: longest stall | stall p99 | orders refused |",
);
console.log('|---|---|---:|---:|---:|---:|---:|');
const row = (run: number, label: string, phase: Phase, refused: string): string =>
  `| ${run} | ${label} | ${percentile(phase.times, 50).toFixed(2)} ms | ${percentile(phase.times, 99).toFixed(2)} ms | ${phase.stallMax.toFixed(1)} ms | ${phase.stallP99.toFixed(1)} ms | ${refused} |`;
phases.forEach(({ idle, busy, refused }, at) => {
  console.log(row(at + 1, 'idle', idle, ''));
  console.log(row(at + 1, 'while hostile orders are refused', busy, String(refused)));
});
const p99 = (phase: Phase): number => percentile(phase.times, 99);
console.log(
  `p99 ratio per run: ${phases.map(({ idle, busy }) => `${(p99(busy) / p99(idle)).toFixed(2)}x`).join(', ')}`,
);

const section: Section = {
  id: 'mocks-hostile',
  title: 'Mocks under a hostile XML document',
  command: `pnpm exec tsx bench/mocks/hostile.ts --requests ${requests} --orders ${orders} --runs ${runs}`,
  method: `All six mocks in one process (\`startMocks\`, built packages). Each run: ${requests} sequential agents GETs with the mocks idle, then GETs (at least ${requests}) until ${orders} orders have been refused, while another thread posts ${megabytes} MB orders to the numbers mock one after the other, each holding about ${Math.round(body.length / 38).toLocaleString('en-US')} \`TelephoneNumber\` elements that break the E.164 pattern (every one is refused with a bounded issue list). The figure is the p99 latency of the GETs under the hostile orders, next to the p99 of the same GETs with the mocks idle, in the same run; the target is at most 2× idle. Also printed: p50, and the longest stall of the mocks' event loop in each phase.`,
  figures: [
    {
      id: 'mocks-hostile.p99',
      label: 'agents GET p99 while 10 MB invalid orders are refused',
      unit: 'ms',
      better: 'lower',
      ours: measured(
        'ours',
        'the mocks, hostile orders being refused',
        phases.map(({ busy }) => p99(busy)),
      ),
      comparisons: [
        measured(
          'idle',
          'the same mocks, idle (same run)',
          phases.map(({ idle }) => p99(idle)),
        ),
      ],
      detail: `orders refused during the GETs: ${phases.map((phase) => phase.refused).join(', ')}${phases.some((phase) => phase.failed > 0) ? ` (sends that failed, the connection closed under them: ${phases.map((phase) => phase.failed).join(', ')})` : ''}; longest event-loop stall idle ${phases.map((phase) => phase.idle.stallMax.toFixed(1)).join('/')} ms, hostile ${phases.map((phase) => phase.busy.stallMax.toFixed(1)).join('/')} ms`,
    },
  ],
  versions: {
    '@svc-contracts/mock-server': packageVersion('packages/mock-server/package.json'),
    '@svc-contracts/xml-validator': packageVersion('packages/xml-validator/package.json'),
  },
};
emitSection(section, values.json);
