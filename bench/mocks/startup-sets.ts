/**
 * Starting a set of mocks for bench/mocks/startup.ts: our `pnpm mock` (one process, six services) or six
 * `prism mock` processes, each until every service answers one documented request.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { fromRoot, repoRoot } from '../../scripts/lib/paths.ts';
import { prismCli } from '../lib/compare-tools.ts';
import { answersHttp, type Call } from './http-load.ts';
import type { Child, ProcessGroup } from './processes.ts';
import type { ServiceSpec } from './startup-specs.ts';

/** The built mock bin, as published. */
export const built = fromRoot('packages/mock-server/dist/cli.js');
const oursTimeoutMs = 120_000;
const prismTimeoutMs = 60_000;
/** How often a port is asked "do you answer yet?". */
export const pollMs = 25;

export interface Started {
  seconds: number;
  ports: Record<string, number>;
}

/** Resolves once `child` prints output matching `done`; rejects on exit or after `timeoutMs`. */
function waitForOutput(child: Child, done: (output: string) => boolean, timeoutMs: number): Promise<string> {
  return new Promise((resolveOutput, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(
        new Error(`${child.name}: not ready within ${timeoutMs / 1000} s; last output:\n${child.tail()}`),
      );
    }, timeoutMs);
    child.onOutput((output) => {
      if (settled || !done(output)) return;
      settled = true;
      clearTimeout(timer);
      resolveOutput(output);
    });
    void child.exited.then((how) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`${child.name} ended (${how}) before it was ready; last output:\n${child.tail()}`));
    });
  });
}

/** Polls `probe` on `port` until it gets any HTTP answer; fails on the child's exit or after the timeout. */
async function pollUntilAnswered(child: Child, port: number, probe: Call, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (!child.running) {
      const how = await child.exited;
      throw new Error(
        `${child.name} ended (${how}) before answering on port ${port}; last output:\n${child.tail()}`,
      );
    }
    if (await answersHttp(port, probe, 1_000)) return;
    if (performance.now() > deadline) {
      throw new Error(
        `${child.name} did not answer ${probe.method} ${probe.path} on port ${port} within ${timeoutMs / 1000} s; last output:\n${child.tail()}`,
      );
    }
    await sleep(pollMs);
  }
}

export async function startOurs(group: ProcessGroup, specs: ServiceSpec[]): Promise<Started> {
  const tableRow = /^ {2}(\w+)\s+(\d+)\s+http:/gm;
  const portFlags = [
    '--only',
    specs.map((spec) => spec.name).join(','),
    ...specs.flatMap((spec) => ['--port', `${spec.name}=0`]),
  ];
  const begin = performance.now();
  const child = group.spawn('pnpm mock', process.execPath, [built, ...portFlags], repoRoot);
  // The ready line is printed once every mock has answered a request; the table of ports follows it.
  const output = await waitForOutput(
    child,
    (text) => text.includes('ready in') && [...text.matchAll(tableRow)].length >= specs.length,
    oursTimeoutMs,
  );
  const ports: Record<string, number> = {};
  for (const match of output.matchAll(tableRow)) ports[match[1] ?? ''] = Number(match[2]);
  // For the same criterion as Prism's: every service answers one documented request.
  await Promise.all(
    specs.map(async (spec) => {
      const port = ports[spec.name];
      if (!port) throw new Error(`pnpm mock listed no port for ${spec.name}:\n${child.tail()}`);
      await pollUntilAnswered(child, port, spec.probe, oursTimeoutMs);
    }),
  );
  return { seconds: (performance.now() - begin) / 1000, ports };
}

export async function startPrism(
  group: ProcessGroup,
  specs: ServiceSpec[],
  ports: number[],
): Promise<Started> {
  const begin = performance.now();
  const children = specs.map((spec, index) =>
    group.spawn(
      `prism mock ${spec.name}`,
      process.execPath,
      [prismCli, 'mock', '-h', '127.0.0.1', '-p', String(ports[index]), spec.file],
      repoRoot,
    ),
  );
  await Promise.all(
    children.map((child, index) =>
      pollUntilAnswered(child, ports[index] ?? 0, specs[index]?.probe as Call, prismTimeoutMs),
    ),
  );
  const seconds = (performance.now() - begin) / 1000;
  return { seconds, ports: Object.fromEntries(specs.map((spec, index) => [spec.name, ports[index] ?? 0])) };
}
