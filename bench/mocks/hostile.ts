// `tsx bench/mocks/hostile.ts [--requests 400] [--attacker-in-loop]`: latency of an agents GET on the mocks
// when idle, and while the numbers mock refuses one hostile order after another (about 9.5 MB, every one
// of ~260,000 telephone numbers breaking the E.164 pattern). Sequential GETs, p50/p99 in milliseconds,
// with the built mocks; also the longest stall of the mocks' event loop in each phase, a figure less
// shaken by other jobs on the machine than a p99 of a few hundred requests.
//
// The attacker is another client: it sends from its own thread (the body encoded once), so that its own
// work (10 MB to encode and write per order) is not charged to the mocks' event loop. `--attacker-in-loop`
// sends from the mocks' thread as this script did before, for comparison with older figures.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { startMocks } from '@svc-contracts/mock-server';

const root = new URL('../../', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '400' },
    'attacker-in-loop': { type: 'boolean', default: false },
  },
});
const requests = Number(values.requests);

function hostileOrder(bytes = 9.5 * 1024 * 1024): string {
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
): Promise<{ times: number[]; stallMax: number; stallP99: number }> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const times: number[] = [];
  for (let at = 0; at < count; at++) {
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

/** Sends hostile orders one after the other until stopped; resolves with how many were answered. */
interface Attacker {
  stop(): Promise<number>;
}

const auth = `Basic ${Buffer.from('user:pass').toString('base64')}`;
const target = (): string => `${url('numbers')}/api/v2/accounts/9900/orders`;

function attackFromThisLoop(body: string): Attacker {
  let running = true;
  let refused = 0;
  const done = (async () => {
    while (running) {
      const response = await fetch(target(), {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/xml' },
        body,
      });
      await response.text();
      refused++;
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return refused;
    },
  };
}

const attackerThread = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
let refused = 0;
parentPort.on('message', () => { running = false; });
(async () => {
  const body = Buffer.from(workerData.body, 'utf8');
  parentPort.postMessage({ started: true });
  while (running) {
    const response = await fetch(workerData.url, { method: 'POST', headers: workerData.headers, body });
    await response.arrayBuffer();
    refused++;
  }
  parentPort.postMessage({ refused });
})();
`;

async function attackFromOwnThread(body: string): Promise<Attacker> {
  const worker = new Worker(attackerThread, {
    eval: true,
    workerData: { body, url: target(), headers: { authorization: auth, 'content-type': 'application/xml' } },
  });
  const messages: Array<(message: { started?: boolean; refused?: number }) => void> = [];
  worker.on('message', (message) => messages.shift()?.(message));
  const next = () =>
    new Promise<{ started?: boolean; refused?: number }>((resolve) => messages.push(resolve));
  await next();
  return {
    stop: async () => {
      const last = next();
      worker.postMessage('stop');
      const { refused = 0 } = await last;
      await worker.terminate();
      return refused;
    },
  };
}

try {
  await agentsLatencies(50);
  const idle = await agentsLatencies(requests);
  const body = hostileOrder();
  const attacker = values['attacker-in-loop'] ? attackFromThisLoop(body) : await attackFromOwnThread(body);
  const busy = await agentsLatencies(requests);
  const refused = await attacker.stop();
  console.log(
    `agents GET, ${requests} sequential requests; ${refused} hostile orders (${(body.length / 1024 / 1024).toFixed(1)} MB) refused meanwhile, sent from ${values['attacker-in-loop'] ? "the mocks' thread" : 'their own thread'}`,
  );
  console.log("| agents GET | p50 | p99 | mocks' event loop: longest stall | stall p99 |");
  console.log('|---|---:|---:|---:|---:|');
  const row = (label: string, phase: Awaited<ReturnType<typeof agentsLatencies>>): string =>
    `| ${label} | ${percentile(phase.times, 50).toFixed(2)} ms | ${percentile(phase.times, 99).toFixed(2)} ms | ${phase.stallMax.toFixed(1)} ms | ${phase.stallP99.toFixed(1)} ms |`;
  console.log(row('idle', idle));
  console.log(row('while hostile orders are refused', busy));
  console.log(`p99 ratio: ${(percentile(busy.times, 99) / percentile(idle.times, 99)).toFixed(2)}x`);
} finally {
  await set.stop();
}
