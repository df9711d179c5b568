/**
 * Two commands at once, one's output streamed and the other's kept and printed after it, so that the two
 * never interleave (scripts/test/vitest-lanes.ts runs the vitest projects this way).
 */
import { spawn } from 'node:child_process';
import { repoRoot } from '../lib/paths.ts';

export interface Lane {
  name: string;
  command: string;
  args: string[];
}

export interface LaneOutcome {
  name: string;
  code: number;
  /** What the lane printed, when it was kept rather than streamed. */
  output: string;
}

/** Runs `streamed` with its output passed through and `kept` beside it, its output kept. */
export async function runLanes(
  streamed: Lane,
  kept: Lane,
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<number> {
  const run = (lane: Lane, keep: boolean): Promise<LaneOutcome> =>
    new Promise((resolve) => {
      const child = spawn(lane.command, lane.args, {
        cwd: repoRoot,
        stdio: keep ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      });
      let output = '';
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.on('error', (error) =>
        resolve({ name: lane.name, code: 1, output: `${output}${error.message}\n` }),
      );
      child.on('close', (code, signal) =>
        resolve({ name: lane.name, code: code ?? (signal ? 1 : 0), output }),
      );
    });
  let keptDone = false;
  const keptRun = run(kept, true).then((outcome) => {
    keptDone = true;
    return outcome;
  });
  const first = await run(streamed, false);
  if (!keptDone) write(`\n[${kept.name}] still running; its output follows when it ends.\n`);
  const second = await keptRun;
  write(`\n[${kept.name}]\n${second.output}`);
  return first.code !== 0 ? first.code : second.code;
}
