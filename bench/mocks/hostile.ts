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
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startMocks } from '@svc-contracts/mock-server';
import { emitSection, integerOption, measured, type Section } from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';
import { type Attacker, type AttackTarget, attackFromOwnThread, attackFromThisLoop } from './attacker.ts';

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
const { values } = parseArgs({
  options: {
    help: { type: 'boolean', short: 'h', default: false },
    requests: { type: 'string', default: '400' },
    runs: { type: 'string', default: '3' },
    orders: { type: 'string', default: '3' },
    'json-clients': { type: 'string', default: '4' },
    'attacker-in-loop': { type: 'boolean', default: false },
    'attacker-nice': { type: 'string', default: '0' },
    only: { type: 'string', default: 'xml,json,checked' },
    tiny: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const tiny = values.tiny === true;
const requests = tiny ? 20 : integerOption('requests', values.requests, 10, 100_000);
const runs = tiny ? 1 : integerOption('runs', values.runs, 1, 20);
// The GETs under attack go on until this many orders were refused, so that the phase spans whole orders
// (each takes the engine about a second) rather than the start of one.
const orders = tiny ? 1 : integerOption('orders', values.orders, 1, 100);
const jsonClients = integerOption('json-clients', values['json-clients'], 1, 16);
const attackerNice = integerOption('attacker-nice', values['attacker-nice'], 0, 19);
const maxBusyMs = 120_000;

function hostileOrder(bytes = (tiny ? 0.5 : 9.5) * 1024 * 1024): string {
  const head =
    '<?xml version="1.0"?><Order><SiteId>1</SiteId><PartialAllowed>true</PartialAllowed>' +
    '<ExistingTelephoneNumberOrderType><TelephoneNumberList>';
  const tail = '</TelephoneNumberList></ExistingTelephoneNumberOrderType></Order>';
  const number = '<TelephoneNumber>bad</TelephoneNumber>';
  return head + number.repeat(Math.floor((bytes - head.length - tail.length) / number.length)) + tail;
}

/** An object of 700,000 properties in about 8 MB (tiny: 60,000), past the mocks' limit of 50,000 values. */
function hostileJson(count = tiny ? 60_000 : 700_000): string {
  return `{${Array.from({ length: count }, (_, at) => `"p${at}":0`).join(',')}}`;
}

/**
 * A body within the mocks' JSON limits that breaks voice's schema (`from` a number): 24,000 properties
 * of 300 characters, about 7.5 MB (tiny: 2,000). It starts with `{"n":"00000000"`, where the attacker
 * writes the number of each send (`varyAt`).
 */
function largeInvalidJson(count = tiny ? 2_000 : 24_000): string {
  const value = 'y'.repeat(300);
  const fields = Array.from({ length: count }, (_, at) => `"p${at}":"${value}"`).join(',');
  return `{"n":"00000000","from":15551234567,"to":"+15551234568","answerUrl":"https://app.example.com/voice/answer","applicationId":"7fc9698a-b04a-468b-9e8f-91238c0d0086",${fields}}`;
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

const names = ['agents', 'token', 'messaging', 'voice', 'mfa', 'numbers'];
const set = await startMocks({
  configPath: `${root}redocly.yaml`,
  ports: Object.fromEntries(names.map((name) => [name, 0])),
});
const url = (name: string): string => set.mocks.find((mock) => mock.name === name)?.url ?? '';

/**
 * CPU time of this thread (the mocks' serving thread), user and system, in ms (Linux: its
 * `/proc/self/task/<pid>/stat`, in ticks of 10 ms); `undefined` elsewhere. Unlike a latency, it does not
 * grow when other jobs on the machine take the cores.
 */
function servingThreadCpuMs(): number | undefined {
  try {
    const fields =
      readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This thread's time on a CPU and waiting for one while runnable, in ms (Linux: the first two fields of
 * `/proc/self/task/<pid>/schedstat`, in ns); `undefined` elsewhere. The wait is time the system gave the
 * cores to other threads (the attacker's, the check threads', other jobs'): a stall of the event loop that
 * is not the mocks' work.
 */
function servingThreadSchedule(): { cpuMs: number; waitMs: number } | undefined {
  try {
    const [cpu, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8')
      .split(' ')
      .map(Number);
    return cpu !== undefined && wait !== undefined && Number.isFinite(cpu + wait)
      ? { cpuMs: cpu / 1e6, waitMs: wait / 1e6 }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Sequential GETs; also the longest and the p99 stall of this thread's event loop meanwhile. */
async function agentsLatencies(
  count: number,
  goOn: () => boolean = () => false,
): Promise<{
  times: number[];
  stallMax: number;
  stallP99: number;
  gc: number[];
  schedule: { cpuMs: number; waitMs: number } | undefined;
}> {
  const scheduled = servingThreadSchedule();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  // The serving thread's garbage collections meanwhile (this isolate's only), their pauses in ms.
  const gc: number[] = [];
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gc.push(entry.duration);
  });
  collections.observe({ entryTypes: ['gc'] });
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
  collections.disconnect();
  const after = servingThreadSchedule();
  return {
    gc,
    schedule:
      scheduled && after
        ? { cpuMs: after.cpuMs - scheduled.cpuMs, waitMs: after.waitMs - scheduled.waitMs }
        : undefined,
    times: times.sort((a, b) => a - b),
    stallMax: loop.max / 1e6,
    stallP99: loop.percentile(99) / 1e6,
  };
}

const auth = `Basic ${Buffer.from('user:pass').toString('base64')}`;
const xmlAttack = {
  url: `${url('numbers')}/api/v2/accounts/9900/orders`,
  headers: { authorization: auth, 'content-type': 'application/xml' },
  body: hostileOrder(),
};
const jsonAttack = {
  url: `${url('voice')}/api/v2/accounts/a1/calls`,
  headers: { authorization: auth, 'content-type': 'application/json' },
  body: hostileJson(),
  clients: jsonClients,
};
const checkedAttack = {
  ...jsonAttack,
  body: largeInvalidJson(),
  varyAt: '{"n":"'.length,
};

type Phase = Awaited<ReturnType<typeof agentsLatencies>>;
interface UnderAttack {
  busy: Phase;
  refused: number;
  failed: number;
  /** The serving thread's CPU time per body answered after the GETs, with nothing else to do (ms). */
  cpuPerBody: number | undefined;
}

/** The GETs while `target` is sent, until `orders` of its bodies were answered; then `quiet` (below). */
async function underAttack(target: AttackTarget): Promise<UnderAttack> {
  const attacker = values['attacker-in-loop']
    ? attackFromThisLoop(target)
    : await attackFromOwnThread({ ...target, nice: attackerNice });
  const busy = await agentsLatencies(requests, () => attacker.attacking() && attacker.refused() < orders);
  const refused = attacker.refused();
  const cpuPerBody = await quiet(attacker, orders * Math.max(1, target.clients ?? 1));
  // Bodies answered during the GETs; sends that failed, in the whole phase.
  return { busy, ...(await attacker.stop()), refused, cpuPerBody };
}

/**
 * The serving thread's CPU time per hostile body while `bodies` more are answered and nothing else is
 * asked of it: the mocks' own work per body, a figure that other jobs on the machine do not inflate as
 * they do a p99 (with `--attacker-in-loop` it includes the sending).
 */
async function quiet(attacker: Attacker, bodies: number): Promise<number | undefined> {
  const from = attacker.refused();
  const before = servingThreadCpuMs();
  const began = performance.now();
  while (attacker.attacking() && attacker.refused() < from + bodies && performance.now() - began < maxBusyMs)
    await new Promise((resolve) => setTimeout(resolve, 5));
  const after = servingThreadCpuMs();
  const answered = attacker.refused() - from;
  return before === undefined || after === undefined || answered === 0
    ? undefined
    : (after - before) / answered;
}

type Kind = 'xml' | 'json' | 'checked';
const allKinds: readonly Kind[] = ['xml', 'json', 'checked'];
const only = (values.only ?? '').split(',').map((kind) => kind.trim());
for (const kind of only) {
  if (!allKinds.includes(kind as Kind)) {
    console.error(`--only takes xml, json and checked, comma-separated; got "${kind}"`);
    process.exit(2);
  }
}
const kinds = allKinds.filter((kind) => only.includes(kind));
const targets: Record<Kind, AttackTarget> = { xml: xmlAttack, json: jsonAttack, checked: checkedAttack };
const kindLabels: Record<Kind, string> = {
  xml: 'hostile XML orders',
  json: 'hostile JSON bodies',
  checked: 'large JSON bodies within the limits',
};

const phases: Array<{ idle: Phase } & Partial<Record<Kind, UnderAttack>>> = [];
try {
  if (kinds.includes('json')) {
    // The hostile JSON body must be refused (past the limits), not served: otherwise the figure means nothing.
    const probe = await fetch(jsonAttack.url, {
      method: 'POST',
      headers: jsonAttack.headers,
      body: jsonAttack.body,
    });
    const answer = await probe.text();
    if (probe.status !== 400 || !answer.includes("the mock's limit")) {
      throw new Error(
        `the hostile JSON body was answered ${probe.status}, not refused by the mock's limit: ${answer.slice(0, 300)}`,
      );
    }
  }
  if (kinds.includes('checked')) {
    // The large JSON body within the limits must be refused by the schema (400), not by a limit.
    const checkedProbe = await fetch(checkedAttack.url, {
      method: 'POST',
      headers: checkedAttack.headers,
      body: checkedAttack.body,
    });
    const checkedAnswer = await checkedProbe.text();
    if (checkedProbe.status !== 400 || checkedAnswer.includes("the mock's limit")) {
      throw new Error(
        `the large JSON body within the limits was answered ${checkedProbe.status}, not refused by the schema: ${checkedAnswer.slice(0, 300)}`,
      );
    }
  }
  await agentsLatencies(50);
  for (let run = 0; run < runs; run++) {
    const phase: (typeof phases)[number] = { idle: await agentsLatencies(requests) };
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

const megabytes = (body: string): string => (body.length / 1024 / 1024).toFixed(1);
const xmlSize = megabytes(xmlAttack.body);
const jsonSize = megabytes(jsonAttack.body);
const properties = (jsonAttack.body.match(/,/g)?.length ?? 0) + 1;
const checkedSize = megabytes(checkedAttack.body);
console.log(
  `agents GET, ${requests} sequential requests idle, then until ${orders} hostile bodies are refused, ${runs} run(s); ${xmlSize} MB XML orders (1 client), ${jsonSize} MB JSON bodies past the limits and ${checkedSize} MB within them (${jsonClients} clients), sent from ${values['attacker-in-loop'] ? "the mocks' thread" : `their own thread (nice ${attackerNice})`}`,
);
console.log(
  "| run | agents GET | p50 | p99 | mocks' event loop: longest stall | stall p99 | GC pauses: count, total, longest | serving thread per GET: CPU, waiting for a core | refused |",
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
const gcOf = (phase: Phase): string =>
  `${phase.gc.length}, ${phase.gc.reduce((sum, ms) => sum + ms, 0).toFixed(0)} ms, ${Math.max(0, ...phase.gc).toFixed(1)} ms`;
const scheduleOf = ({ schedule, times }: Phase): string =>
  schedule
    ? `${(schedule.cpuMs / times.length).toFixed(2)} ms, ${(schedule.waitMs / times.length).toFixed(2)} ms`
    : 'n/a';
const row = (run: number, label: string, phase: Phase, refused: string): string =>
  `| ${run} | ${label} | ${percentile(phase.times, 50).toFixed(2)} ms | ${percentile(phase.times, 99).toFixed(2)} ms | ${phase.stallMax.toFixed(1)} ms | ${phase.stallP99.toFixed(1)} ms | ${gcOf(phase)} | ${scheduleOf(phase)} | ${refused} |`;
phases.forEach((phase, at) => {
  console.log(row(at + 1, 'idle', phase.idle, ''));
  for (const kind of kinds) {
    const attacked = phase[kind] as UnderAttack;
    console.log(
      row(at + 1, `while ${kindLabels[kind]} are refused`, attacked.busy, String(attacked.refused)),
    );
  }
});
const p99 = (phase: Phase): number => percentile(phase.times, 99);
const attacked = (kind: Kind): UnderAttack[] => phases.map((phase) => phase[kind] as UnderAttack);

const failedSends = (kind: Kind): string =>
  attacked(kind).some((phase) => phase.failed > 0)
    ? ` (sends that failed, the connection closed under them: ${attacked(kind)
        .map((phase) => phase.failed)
        .join(', ')})`
    : '';
const cpuPerBody = (kind: Kind): string => {
  const figures = attacked(kind).map((phase) => phase.cpuPerBody);
  return figures.every((figure) => figure !== undefined)
    ? `; the serving thread's CPU per body answered ${figures.map((figure) => figure.toFixed(1)).join('/')} ms`
    : '';
};
const stalls = (kind: Kind): string =>
  `longest event-loop stall idle ${phases.map((phase) => phase.idle.stallMax.toFixed(1)).join('/')} ms, hostile ${attacked(
    kind,
  )
    .map((phase) => phase.busy.stallMax.toFixed(1))
    .join('/')} ms`;
for (const kind of kinds) {
  const ratios = phases.map(
    (phase) => `${(p99((phase[kind] as UnderAttack).busy) / p99(phase.idle)).toFixed(2)}x`,
  );
  console.log(`${kind.toUpperCase()} p99 ratio per run: ${ratios.join(', ')}${cpuPerBody(kind)}`);
}
if (kinds.length < allKinds.length) {
  if (values.json)
    console.error(`--only ${kinds.join(',')}: the section is written with all three attacks only`);
  process.exit(0);
}
const idleP99 = measured(
  'idle',
  'the same mocks, idle (same run)',
  phases.map(({ idle }) => p99(idle)),
);

const section: Section = {
  id: 'mocks-hostile',
  title: 'Mocks under hostile XML and JSON bodies',
  command: `pnpm exec tsx bench/mocks/hostile.ts --requests ${requests} --orders ${orders} --json-clients ${jsonClients} --runs ${runs} --attacker-nice ${attackerNice}`,
  method: `All six mocks in one process (\`startMocks\`, built packages). Each run: ${requests} sequential agents GETs with the mocks idle; then GETs (at least ${requests}) until ${orders} orders have been refused, while another thread posts ${xmlSize} MB orders to the numbers mock one after the other, each holding about ${Math.round(xmlAttack.body.length / 38).toLocaleString('en-US')} \`TelephoneNumber\` elements that break the E.164 pattern (every one is refused with a bounded issue list); then the same while ${jsonClients} clients on another thread post ${jsonSize} MB JSON objects of ${properties.toLocaleString('en-US')} properties to the voice mock's create call, each refused 400 past the mocks' JSON limits before anything parses it; then the same while they post ${checkedSize} MB JSON objects within the limits (24,000 strings of 300 characters, each body different) whose \`from\` is a number, each parsed, validated and refused 400 by the schema off the serving thread. The figures are the p99 latency of the GETs under each attack, next to the p99 of the same GETs with the mocks idle, in the same run; the target is at most 2× idle. Also printed: p50, the longest stall of the mocks' event loop in each phase, and (Linux) the serving thread's CPU time per hostile body answered, measured after the GETs while the attack goes on for as many bodies again per client, a figure other jobs on the machine do not inflate.`,
  figures: [
    {
      id: 'mocks-hostile.p99',
      label: 'agents GET p99 while 10 MB invalid orders are refused',
      unit: 'ms',
      better: 'lower',
      ours: measured(
        'ours',
        'the mocks, hostile orders being refused',
        attacked('xml').map((phase) => p99(phase.busy)),
      ),
      comparisons: [idleP99],
      detail: `orders refused during the GETs: ${attacked('xml')
        .map((phase) => phase.refused)
        .join(', ')}${failedSends('xml')}; ${stalls('xml')}${cpuPerBody('xml')}`,
    },
    {
      id: 'mocks-hostile.json-p99',
      label: `agents GET p99 while ${jsonSize} MB JSON bodies past the limits are refused (${jsonClients} clients)`,
      unit: 'ms',
      better: 'lower',
      ours: measured(
        'ours',
        'the mocks, hostile JSON bodies being refused',
        attacked('json').map((phase) => p99(phase.busy)),
      ),
      comparisons: [idleP99],
      detail: `JSON bodies refused during the GETs: ${attacked('json')
        .map((phase) => phase.refused)
        .join(', ')}${failedSends('json')}; ${stalls('json')}${cpuPerBody('json')}`,
    },
    {
      id: 'mocks-hostile.json-checked-p99',
      label: `agents GET p99 while ${checkedSize} MB JSON bodies within the limits are refused by the schema (${jsonClients} clients)`,
      unit: 'ms',
      better: 'lower',
      ours: measured(
        'ours',
        'the mocks, large invalid JSON bodies being refused',
        attacked('checked').map((phase) => p99(phase.busy)),
      ),
      comparisons: [idleP99],
      detail: `JSON bodies refused during the GETs: ${attacked('checked')
        .map((phase) => phase.refused)
        .join(', ')}${failedSends('checked')}; ${stalls('checked')}${cpuPerBody('checked')}`,
    },
  ],
  versions: {
    '@svc-contracts/mock-server': packageVersion('packages/mock-server/package.json'),
    '@svc-contracts/xml-validator': packageVersion('packages/xml-validator/package.json'),
  },
};
emitSection(section, values.json);
