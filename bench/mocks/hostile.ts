// `tsx bench/mocks/hostile.ts [--requests 400] [--orders 3] [--json-clients 4] [--runs 3] [--attacker-in-loop] [--only KINDS] [--tiny] [--json FILE]`:
// latency of an agents GET on the mocks when idle; while the numbers mock refuses one hostile XML order
// after another (about 9.5 MB, every one of ~260,000 telephone numbers breaking the E.164 pattern); while
// the voice mock refuses hostile JSON bodies (8 MB, an object of about 700,000 properties, past the
// mocks' JSON limits) sent by four clients at once; and while it refuses large JSON bodies within those
// limits that break the schema (7.5 MB, 24,000 strings of 300 characters and a `from` that is a number,
// each body different), checked off the serving thread. Sequential GETs, p50/p99 in milliseconds, with the
// built mocks; also the longest stall of the mocks' event loop in each phase, a figure less shaken by
// other jobs on the machine than a p99 of a few hundred requests.
//
// The attacker (attacker.ts) is another client: it sends from its own thread (the body encoded once),
// so that its own work (10 MB to encode and write per body) is not charged to the mocks' event loop.
// `--attacker-in-loop` sends from the mocks' thread as this script did before, for comparison with older
// figures. A hostile body whose connection is closed under it is counted (in the detail) and the next
// one goes on; three such failures in a row end the run with their reason.
//
// The bodies and their targets are in hostile-bodies.ts, what is measured on the serving thread in
// hostile-measure.ts, the printed table and the section in hostile-report.ts.
import { startMocks } from '@svc-contracts/mock-server';
import { readOptions } from '../lib/options.ts';
import { emitSection, integerOption } from '../lib/section.ts';
import { type AttackTarget, attackFromOwnThread, attackFromThisLoop } from './attacker.ts';
import { allKinds, attackTargets, type Kind, kindLabels, probeTargets } from './hostile-bodies.ts';
import { agentsLatencies, quiet, type UnderAttack } from './hostile-measure.ts';
import { hostileReport, type Run } from './hostile-report.ts';

const usage = `Usage: tsx bench/mocks/hostile.ts [options]

The agents mock's GET latency (p50, p99) idle and while the mocks refuse hostile bodies: XML orders
(numbers), JSON bodies past the JSON limits and large JSON bodies within them (voice). Takes minutes.

  --requests N        sequential GETs per phase (at least; default 400)
  --runs N            runs of the four phases (default 3)
  --orders N          hostile bodies to refuse per attack phase (default 3)
  --json-clients N    clients posting hostile JSON at once (default 4)
  --attacker-in-loop  send the hostile bodies from the mocks' thread (older figures did)
  --attacker-nice N   the attacking thread's nice value, 0-19 (default 0, as the figures before it;
                      10 lets the mocks' threads take the cores first, as a client on another machine
                      would, but it then sends fewer bodies per second; Linux only)
  --only KINDS        measure these attacks only, comma-separated: xml, json, checked (default all;
                      for profiling one attack, the section is written with all three only)
  --tiny              a quick check that it runs (small bodies, 20 requests, 1 run)
  --json FILE         also write the section as JSON
  -h, --help          this text`;

const root = new URL('../../', import.meta.url).pathname;
const values = readOptions(usage, {
  requests: { type: 'string', default: '400' },
  runs: { type: 'string', default: '3' },
  orders: { type: 'string', default: '3' },
  'json-clients': { type: 'string', default: '4' },
  'attacker-in-loop': { type: 'boolean', default: false },
  'attacker-nice': { type: 'string', default: '0' },
  only: { type: 'string', default: 'xml,json,checked' },
  tiny: { type: 'boolean', default: false },
  json: { type: 'string' },
});
const tiny = values.tiny === true;
const requests = tiny ? 20 : integerOption('requests', values.requests, 10, 100_000);
const runs = tiny ? 1 : integerOption('runs', values.runs, 1, 20);
// The GETs under attack go on until this many orders were refused, so that the phase spans whole orders
// (each takes the engine about a second) rather than the start of one.
const orders = tiny ? 1 : integerOption('orders', values.orders, 1, 100);
const jsonClients = integerOption('json-clients', values['json-clients'], 1, 16);
const attackerNice = integerOption('attacker-nice', values['attacker-nice'], 0, 19);

const only = (values.only ?? '').split(',').map((kind) => kind.trim());
for (const kind of only) {
  if (!allKinds.includes(kind as Kind)) {
    console.error(`--only takes xml, json and checked, comma-separated; got "${kind}"`);
    process.exit(2);
  }
}
const kinds = allKinds.filter((kind) => only.includes(kind));

const names = ['agents', 'token', 'messaging', 'voice', 'mfa', 'numbers'];
const set = await startMocks({
  configPath: `${root}redocly.yaml`,
  ports: Object.fromEntries(names.map((name) => [name, 0])),
});
const url = (name: string): string => set.mocks.find((mock) => mock.name === name)?.url ?? '';
const targets = attackTargets(url, tiny, jsonClients);

/** The GETs while `target` is sent, until `orders` of its bodies were answered; then `quiet`. */
async function underAttack(target: AttackTarget): Promise<UnderAttack> {
  const attacker = values['attacker-in-loop']
    ? attackFromThisLoop(target)
    : await attackFromOwnThread({ ...target, nice: attackerNice });
  const busy = await agentsLatencies(
    url('agents'),
    requests,
    () => attacker.attacking() && attacker.refused() < orders,
  );
  const refused = attacker.refused();
  const cpuPerBody = await quiet(attacker, orders * Math.max(1, target.clients ?? 1));
  // Bodies answered during the GETs; sends that failed, in the whole phase.
  return { busy, ...(await attacker.stop()), refused, cpuPerBody };
}

const phases: Run[] = [];
try {
  await probeTargets(kinds, targets);
  await agentsLatencies(url('agents'), 50);
  for (let run = 0; run < runs; run++) {
    const phase: Run = { idle: await agentsLatencies(url('agents'), requests) };
    for (const kind of kinds) {
      const attacked = await underAttack(targets[kind]);
      if (attacked.failed > 0)
        console.error(
          `run ${run + 1}: ${attacked.failed} of the ${kindLabels[kind]} failed to send (connection closed)`,
        );
      phase[kind] = attacked;
    }
    phases.push(phase);
  }
} finally {
  await set.stop();
}

const report = hostileReport(phases, kinds, targets, {
  requests,
  runs,
  orders,
  jsonClients,
  attackerInLoop: values['attacker-in-loop'] === true,
  attackerNice,
});
report.print();
if (kinds.length < allKinds.length) {
  if (values.json)
    console.error(`--only ${kinds.join(',')}: the section is written with all three attacks only`);
  process.exit(0);
}
emitSection(report.section(), values.json);
