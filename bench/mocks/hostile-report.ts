// What bench/mocks/hostile.ts prints (a table per phase, the p99 ratios) and the section it writes for
// `pnpm bench`.
import { type Figure, measured, type Section } from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';
import type { AttackTarget } from './attacker.ts';
import { type Kind, kindLabels } from './hostile-bodies.ts';
import { type Phase, percentile, type UnderAttack } from './hostile-measure.ts';

/** The phases of each run: idle, then one per attack measured. */
export type Run = { idle: Phase } & Partial<Record<Kind, UnderAttack>>;

export interface HostileSettings {
  requests: number;
  runs: number;
  orders: number;
  jsonClients: number;
  attackerInLoop: boolean;
  attackerNice: number;
}

const megabytes = (body: string): string => (body.length / 1024 / 1024).toFixed(1);
const p99 = (phase: Phase): number => percentile(phase.times, 99);
const gcOf = (phase: Phase): string =>
  `${phase.gc.length}, ${phase.gc.reduce((sum, ms) => sum + ms, 0).toFixed(0)} ms, ${Math.max(0, ...phase.gc).toFixed(1)} ms`;
const scheduleOf = ({ schedule, times }: Phase): string =>
  schedule
    ? `${(schedule.cpuMs / times.length).toFixed(2)} ms, ${(schedule.waitMs / times.length).toFixed(2)} ms`
    : 'n/a';
const row = (run: number, label: string, phase: Phase, refused: string): string =>
  `| ${run} | ${label} | ${percentile(phase.times, 50).toFixed(2)} ms | ${percentile(phase.times, 99).toFixed(2)} ms | ${phase.stallMax.toFixed(1)} ms | ${phase.stallP99.toFixed(1)} ms | ${gcOf(phase)} | ${scheduleOf(phase)} | ${refused} |`;

/** The figures of the runs, printed and as the section; `kinds` are the attacks measured. */
export function hostileReport(
  phases: readonly Run[],
  kinds: readonly Kind[],
  targets: Record<Kind, AttackTarget>,
  settings: HostileSettings,
) {
  const { requests, runs, orders, jsonClients, attackerNice } = settings;
  const xmlSize = megabytes(targets.xml.body);
  const jsonSize = megabytes(targets.json.body);
  const properties = (targets.json.body.match(/,/g)?.length ?? 0) + 1;
  const checkedSize = megabytes(targets.checked.body);
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

  /** The table of every phase and the p99 ratio per run of each attack, on stdout. */
  function print(): void {
    console.log(
      `agents GET, ${requests} sequential requests idle, then until ${orders} hostile bodies are refused, ${runs} run(s); ${xmlSize} MB XML orders (1 client), ${jsonSize} MB JSON bodies past the limits and ${checkedSize} MB within them (${jsonClients} clients), sent from ${settings.attackerInLoop ? "the mocks' thread" : `their own thread (nice ${attackerNice})`}`,
    );
    console.log(
      "| run | agents GET | p50 | p99 | mocks' event loop: longest stall | stall p99 | GC pauses: count, total, longest | serving thread per GET: CPU, waiting for a core | refused |",
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
    phases.forEach((phase, at) => {
      console.log(row(at + 1, 'idle', phase.idle, ''));
      for (const kind of kinds) {
        const underAttack = phase[kind] as UnderAttack;
        console.log(
          row(at + 1, `while ${kindLabels[kind]} are refused`, underAttack.busy, String(underAttack.refused)),
        );
      }
    });
    for (const kind of kinds) {
      const ratios = phases.map(
        (phase) => `${(p99((phase[kind] as UnderAttack).busy) / p99(phase.idle)).toFixed(2)}x`,
      );
      console.log(`${kind.toUpperCase()} p99 ratio per run: ${ratios.join(', ')}${cpuPerBody(kind)}`);
    }
  }

  /** The section for `pnpm bench` (all three attacks measured). */
  function section(): Section {
    const idleP99 = measured(
      'idle',
      'the same mocks, idle (same run)',
      phases.map(({ idle }) => p99(idle)),
    );
    const figure = (id: string, label: string, kind: Kind, ours: string, refusedWhat: string): Figure => ({
      id,
      label,
      unit: 'ms',
      better: 'lower',
      ours: measured(
        'ours',
        ours,
        attacked(kind).map((phase) => p99(phase.busy)),
      ),
      comparisons: [idleP99],
      detail: `${refusedWhat} refused during the GETs: ${attacked(kind)
        .map((phase) => phase.refused)
        .join(', ')}${failedSends(kind)}; ${stalls(kind)}${cpuPerBody(kind)}`,
    });
    return {
      id: 'mocks-hostile',
      title: 'Mocks under hostile XML and JSON bodies',
      command: `pnpm exec tsx bench/mocks/hostile.ts --requests ${requests} --orders ${orders} --json-clients ${jsonClients} --runs ${runs} --attacker-nice ${attackerNice}`,
      method: `All six mocks in one process (\`startMocks\`, built packages). Each run: ${requests} sequential agents GETs with the mocks idle; then GETs (at least ${requests}) until ${orders} orders have been refused, while another thread posts ${xmlSize} MB orders to the numbers mock one after the other, each holding about ${Math.round(targets.xml.body.length / 38).toLocaleString('en-US')} \`TelephoneNumber\` elements that break the E.164 pattern (every one is refused with a bounded issue list); then the same while ${jsonClients} clients on another thread post ${jsonSize} MB JSON objects of ${properties.toLocaleString('en-US')} properties to the voice mock's create call, each refused 400 past the mocks' JSON limits before anything parses it; then the same while they post ${checkedSize} MB JSON objects within the limits (24,000 strings of 300 characters, each body different) whose \`from\` is a number, each parsed, validated and refused 400 by the schema off the serving thread. The figures are the p99 latency of the GETs under each attack, next to the p99 of the same GETs with the mocks idle, in the same run; the target is at most 2× idle. Also printed: p50, the longest stall of the mocks' event loop in each phase, and (Linux) the serving thread's CPU time per hostile body answered, measured after the GETs while the attack goes on for as many bodies again per client, a figure other jobs on the machine do not inflate.`,
      figures: [
        figure(
          'mocks-hostile.p99',
          'agents GET p99 while 10 MB invalid orders are refused',
          'xml',
          'the mocks, hostile orders being refused',
          'orders',
        ),
        figure(
          'mocks-hostile.json-p99',
          `agents GET p99 while ${jsonSize} MB JSON bodies past the limits are refused (${jsonClients} clients)`,
          'json',
          'the mocks, hostile JSON bodies being refused',
          'JSON bodies',
        ),
        figure(
          'mocks-hostile.json-checked-p99',
          `agents GET p99 while ${checkedSize} MB JSON bodies within the limits are refused by the schema (${jsonClients} clients)`,
          'checked',
          'the mocks, large invalid JSON bodies being refused',
          'JSON bodies',
        ),
      ],
      versions: {
        '@svc-contracts/mock-server': packageVersion('packages/mock-server/package.json'),
        '@svc-contracts/xml-validator': packageVersion('packages/xml-validator/package.json'),
      },
    };
  }

  return { print, section };
}
