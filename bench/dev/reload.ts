/**
 * `pnpm dev`: from the save of an example to the running agents mock serving it (session.ts: a copy of
 * the specs, free ports), against restarting that one mock (the published bin, a new process) until it
 * answers, which is what one did before.
 */
import { sectionOptions } from '../lib/options.ts';
import { emitSection, figure, measured } from '../lib/section.ts';
import { startOurs } from '../mocks/lib.ts';
import { type DevSession, setTotalRows, startDevSession, totalRows } from './session.ts';

const values = sectionOptions(
  'dev/reload.ts',
  'pnpm dev: from the save of an example to the agents mock serving it, against restarting that mock.',
  'one of each: checks that it runs',
  { runs: { help: 'saves and restarts', whole: [3, 1, 50, 1] } },
);
const { runs } = values;

/** Polls every 10 ms until the mock serves `rows`; the ms since `since`. */
async function servedAfter(url: string, rows: number, since: number): Promise<number> {
  while (performance.now() - since < 120_000) {
    if ((await totalRows(url).catch(() => undefined)) === rows) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the mock did not serve total_rows ${rows}: timed out after 120 s`);
}

const reloads: number[] = [];
let session: DevSession | undefined;
try {
  // Two services as a developer runs them; one in a tiny run (the test), which checks only that it runs.
  session = await startDevSession(values.tiny ? ['agents'] : ['agents', 'voice']);
  for (let round = 0; round < runs; round++) {
    const from = session.output().length;
    const since = performance.now();
    setTotalRows(session, 2000 + round);
    reloads.push(await servedAfter(session.urls.agents ?? '', 2000 + round, since));
    // The pass (lint, bundle, generate) ends before the next save, as between two saves by hand.
    await session.waitFor('waiting for saves', from, 120_000);
  }
} finally {
  await session?.stop();
}

const restarts: number[] = [];
for (let round = 0; round < runs; round++) {
  const since = performance.now();
  const mock = await startOurs(['agents']);
  try {
    await totalRows(`http://127.0.0.1:${mock.ports.agents}`);
    restarts.push(performance.now() - since);
  } finally {
    await mock.children[0]?.stop('SIGINT');
  }
}

emitSection(
  {
    id: 'dev',
    title: 'pnpm dev: from a save to the mock serving it',
    command: `pnpm exec tsx bench/dev/reload.ts --runs ${runs}`,
    method: `A \`pnpm dev\` process on a copy of the specs (agents and voice); each of ${runs} run(s) rewrites one example and polls the agents mock every 10 ms until it serves the new value, timed from the write (debounce, bundle, contract compile and the mock's set-up of that service; the lint follows). Compared with restarting that one mock (the published bin, \`--only agents\`, a new process) until it answers. Target: 1 s.`,
    figures: [
      figure(
        'dev.save-to-served',
        'save to served (agents example)',
        'ms',
        'lower',
        measured('pnpm-dev', 'pnpm dev, reloaded in place', reloads),
        [measured('mock-restart', 'pnpm mock --only agents, restarted', restarts)],
      ),
    ],
    versions: {},
  },
  values.json,
);
