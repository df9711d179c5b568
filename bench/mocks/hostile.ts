// `tsx bench/mocks/hostile.ts [--requests 400]`: latency of an agents GET on the mocks when idle, and while
// the numbers mock refuses one hostile order after another (about 9.5 MB, every one of ~260,000 telephone
// numbers breaking the E.164 pattern). Sequential GETs, p50/p99 in milliseconds, with the built mocks.
import { parseArgs } from 'node:util';
import { startMocks } from '@svc-contracts/mock-server';

const root = new URL('../../', import.meta.url).pathname;
const { values } = parseArgs({ options: { requests: { type: 'string', default: '400' } } });
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

async function agentsLatencies(count: number): Promise<number[]> {
  const times: number[] = [];
  for (let at = 0; at < count; at++) {
    const start = performance.now();
    const response = await fetch(`${url('agents')}/api/v1/workflow/fetch/1`, {
      headers: { authorization: 'Bearer t' },
    });
    await response.text();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

try {
  await agentsLatencies(50);
  const idle = await agentsLatencies(requests);
  const body = hostileOrder();
  let hostile = true;
  let refused = 0;
  const auth = `Basic ${Buffer.from('user:pass').toString('base64')}`;
  const attacker = (async () => {
    while (hostile) {
      const response = await fetch(`${url('numbers')}/api/v2/accounts/9900/orders`, {
        method: 'POST',
        headers: { authorization: auth, 'content-type': 'application/xml' },
        body,
      });
      await response.text();
      refused++;
    }
  })();
  const busy = await agentsLatencies(requests);
  hostile = false;
  await attacker;
  console.log(
    `agents GET, ${requests} sequential requests; ${refused} hostile orders (${(body.length / 1024 / 1024).toFixed(1)} MB) refused meanwhile`,
  );
  console.log('| agents GET | p50 | p99 |');
  console.log('|---|---:|---:|');
  console.log(`| idle | ${percentile(idle, 50).toFixed(2)} ms | ${percentile(idle, 99).toFixed(2)} ms |`);
  console.log(
    `| while hostile orders are refused | ${percentile(busy, 50).toFixed(2)} ms | ${percentile(busy, 99).toFixed(2)} ms |`,
  );
  console.log(`p99 ratio: ${(percentile(busy, 99) / percentile(idle, 99)).toFixed(2)}x`);
} finally {
  await set.stop();
}
