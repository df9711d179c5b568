/**
 * The agents mock's GET latency, idle and while other clients post hostile bodies to the same mocks
 * process: 9.5 MB XML orders of bad numbers to numbers, and JSON objects of 700,000 properties (past the
 * mocks' JSON limits) to voice. The attackers are processes of their own, so their work is not timed.
 */
import { Agent } from 'node:http';
import { sectionOptions } from '../lib/options.ts';
import { Child } from '../lib/processes.ts';
import { emitSection, figure, measured } from '../lib/section.ts';
import { percentile } from '../lib/timing.ts';
import { agentCall, callTimes, startOurs } from './lib.ts';

const values = sectionOptions(
  'mocks/hostile.ts',
  "The agents mock's GET p99 idle and while the mocks refuse hostile XML and JSON bodies.",
  'small bodies, 20 GETs, one run: checks that it runs',
  {
    runs: { help: 'runs of the three phases', whole: [2, 1, 20, 1] },
    requests: { help: 'sequential GETs per phase, at least', whole: [300, 10, 100_000, 20] },
  },
);
const { tiny, runs, requests } = values;
const refusals = tiny ? 1 : 3;

const mocks = await startOurs(['agents', 'voice', 'numbers']);
const port = (name: string) => mocks.ports[name] ?? 0;
const basic = `Basic ${btoa('user:pass')}`;
const attacks = {
  xml: {
    label: 'hostile XML orders (9.5 MB of bad numbers)',
    port: port('numbers'),
    path: '/api/v2/accounts/9900/orders',
    type: 'application/xml',
    clients: 1,
    body: `(() => { const n = '<TelephoneNumber>bad</TelephoneNumber>'; return '<?xml version="1.0"?><Order><SiteId>1</SiteId><PartialAllowed>true</PartialAllowed><ExistingTelephoneNumberOrderType><TelephoneNumberList>' + n.repeat(${tiny ? 13_000 : 260_000}) + '</TelephoneNumberList></ExistingTelephoneNumberOrderType></Order>'; })()`,
  },
  json: {
    label: 'JSON objects past the limits (700,000 properties)',
    port: port('voice'),
    path: '/api/v2/accounts/a1/calls',
    type: 'application/json',
    clients: 4,
    body: `'{' + Array.from({ length: ${tiny ? 60_000 : 700_000} }, (_, at) => '"p' + at + '":0').join(',') + '}'`,
  },
};

/** A process posting the body in a loop on `clients` connections, printing a line per answer. */
function attacker(attack: (typeof attacks)['xml']): Child {
  const script = `const http = require('node:http'); const body = ${attack.body};
    const post = () => { const req = http.request({ host: '127.0.0.1', port: ${attack.port}, path: '${attack.path}', method: 'POST', headers: { authorization: '${basic}', 'content-type': '${attack.type}' } }, (res) => { res.resume(); res.on('end', () => { console.log('answered ' + res.statusCode); post(); }); }); req.on('error', () => setTimeout(post, 10)); req.end(body); };
    for (let i = 0; i < ${attack.clients}; i++) post();`;
  return new Child(`attacker ${attack.path}`, process.execPath, ['-e', script]);
}

// A new connection per GET, as a client arriving during the attack opens one.
const fresh = new Agent({ maxSockets: 1 });
/** Sequential GETs of the agents mock (`requests`, and on while `more()`): each one's ms, ascending. */
const latencies = (more?: () => boolean) =>
  callTimes(port('agents'), agentCall, { count: requests, status: 200, more, agent: fresh });

const phases = { idle: [] as number[], xml: [] as number[], json: [] as number[] };
try {
  await latencies();
  for (let run = 0; run < runs; run++) {
    phases.idle.push(percentile(await latencies(), 0.99));
    for (const kind of ['xml', 'json'] as const) {
      const child = attacker(attacks[kind]);
      // Every answer must be a refusal (4xx), else the attack was not the one measured.
      const answered = () =>
        [...child.tail(1000).matchAll(/answered (\d+)/g)].map((match) => Number(match[1]));
      await child.waitFor(/answered \d+/, 120_000).catch(() => undefined);
      const times = await latencies(() => answered().length < refusals);
      await child.stop('SIGKILL');
      const statuses = answered();
      if (statuses.length === 0 || statuses.some((status) => status < 400 || status > 499))
        throw new Error(
          `${attacks[kind].label}: answered ${statuses.join(', ') || 'nothing'}, expected refusals (4xx)`,
        );
      phases[kind].push(percentile(times, 0.99));
      console.error(
        `run ${run + 1} ${kind}: p99 ${phases[kind].at(-1)?.toFixed(1)} ms, ${statuses.length} refused`,
      );
    }
  }
} finally {
  await mocks.children[0]?.stop('SIGINT');
}

const tool = 'agents GETs, pnpm mock';
emitSection(
  {
    id: 'mocks-hostile',
    title: 'Mocks under hostile XML and JSON bodies',
    command: `pnpm exec tsx bench/mocks/hostile.ts --runs ${runs} --requests ${requests}`,
    method: `The built mock bin serving agents, voice and numbers in one process. ${requests} sequential agents GETs per phase (more while an attack has not been refused ${refusals} time(s)): idle, while one process posts ${attacks.xml.label} to numbers, and while ${attacks.json.clients} connections post ${attacks.json.label} to voice. Each attack's answers must be refusals. A figure is the median over ${runs} run(s) of each phase's p99.`,
    figures: (['xml', 'json'] as const).map((kind) =>
      figure(
        `mocks-hostile.p99.${kind}`,
        `p99 of agents GETs while the mocks refuse ${attacks[kind].label}`,
        'ms',
        'lower',
        measured('ours', `${tool}, under attack`, phases[kind]),
        [measured('idle', `${tool}, idle`, phases.idle)],
      ),
    ),
    versions: {},
  },
  values.json,
);
