/**
 * Lanes of commands at once (scripts/test/pnpm-test.ts runs `pnpm test` this way). Each lane runs its
 * steps one after the other; a failure does not stop it, so each step reports its own result. A step may
 * need another (`after`: an earlier step of its lane, or a step of another lane): it starts once that one
 * has passed, and is skipped, saying why, if it failed or never ran. Each step is bounded (generously) and
 * one past its bound says "timed out after N s". The first lane's output is streamed, the others' kept
 * and printed after it, lane by lane, so no two interleave; the failures are listed once more at the end.
 */
import { describeFailure, lastLines, runBounded } from '../lib/bounded.ts';
import { repoRoot } from '../lib/paths.ts';

export interface Step {
  name: string;
  command: string;
  args: string[];
  /** How the step is shown when it starts (default: the command and its arguments). */
  shown?: string;
  /** A step that must have passed before this one starts: an earlier one of its lane, or one of another. */
  after?: string;
  /** The step's bound (default `stepTimeoutMs`). */
  timeoutMs?: number;
}

/** A step's default bound: far above what any step takes on a busy machine, so only a hang reaches it. */
export const stepTimeoutMs = 30 * 60_000;

export interface Lane {
  name: string;
  steps: Step[];
}

export interface StepOutcome {
  lane: string;
  step: string;
  /** The exit code (1 for a signal, a timeout or a command that cannot start), or `skipped`. */
  result: number | 'skipped';
  ms: number;
}

export interface LanesOutcome {
  /** The first non-zero exit code, lane by lane in the order given; 0 when every step passed. */
  code: number;
  /** Every step, in the order it ended (a skipped step ends when its lane stops). */
  steps: StepOutcome[];
}

/**
 * The steps' order must be one every lane can keep: a step cannot wait for a step that itself waits,
 * through the lanes' order, for it. Throws naming the first step of such a cycle, or an `after` that
 * names no step, itself, or a later step of its own lane.
 */
export function checkLaneOrder(...lanes: Lane[]): void {
  const owner = new Map<string, Lane>();
  for (const lane of lanes) {
    for (const step of lane.steps) {
      if (owner.has(step.name)) throw new Error(`step "${step.name}" is named twice`);
      owner.set(step.name, lane);
    }
  }
  // Each step depends on the step before it in its lane and on its `after`.
  const dependencies = new Map<string, string[]>();
  for (const lane of lanes) {
    lane.steps.forEach((step, index) => {
      const before = index > 0 ? [(lane.steps[index - 1] as Step).name] : [];
      if (step.after !== undefined) {
        const other = owner.get(step.after);
        if (other === undefined)
          throw new Error(`step "${step.name}" waits for "${step.after}", which is no step`);
        if (other === lane) {
          if (lane.steps.findIndex((candidate) => candidate.name === step.after) >= index)
            throw new Error(
              `step "${step.name}" waits for "${step.after}", which is not before it in its lane`,
            );
        } else before.push(step.after);
      }
      dependencies.set(step.name, before);
    });
  }
  const done = new Set<string>();
  const visiting = new Set<string>();
  const visit = (name: string): void => {
    if (done.has(name)) return;
    if (visiting.has(name)) throw new Error(`steps wait for each other in a cycle through "${name}"`);
    visiting.add(name);
    for (const dependency of dependencies.get(name) ?? []) visit(dependency);
    visiting.delete(name);
    done.add(name);
  };
  for (const name of dependencies.keys()) visit(name);
}

interface Deferred {
  promise: Promise<boolean>;
  settle: (passed: boolean) => void;
}

function deferred(): Deferred {
  let settle: (passed: boolean) => void = () => {};
  const promise = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}

/** Runs one step; its output goes to `out` as it comes (the terminal, or the lane's kept output). */
async function runCommand(
  step: Step,
  out: (text: string) => void,
): Promise<{ code: number; output: string }> {
  const options = { cwd: repoRoot, timeoutMs: step.timeoutMs ?? stepTimeoutMs };
  // Piped, not inherited, so that a failure can be quoted again at the end; colour as on the terminal.
  const color = process.stdout.isTTY && process.env.NO_COLOR === undefined ? { FORCE_COLOR: '1' } : {};
  const run = await runBounded(step.command, step.args, {
    ...options,
    env: { ...process.env, ...color },
    onOutput: out,
  });
  if (run.code === 0) return { code: 0, output: run.output };
  if (run.code === null) {
    const shown = step.shown === undefined ? [step.command, ...step.args] : [step.shown];
    const [command = step.command, ...args] = shown;
    // The output is already out: the failure names the bound or signal and the command only.
    out(`\n[${step.name}] ${describeFailure(command, args, { ...run, output: '' }, options)}\n`);
    return { code: 1, output: run.output };
  }
  return { code: run.code, output: run.output };
}

// vitest's lines for a failed file or test, and a failing step's closing lines: what a reader of the last
// screen (a CI log's tail) needs to know which test failed.
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const FAILED_LINE = /^\s*(FAIL|×|❯ .*\(\d+ tests? \| \d+ failed)/;

/** The digest of a failed step's output printed once every lane has ended. */
export function failureDigest(step: string, code: number, output: string): string {
  const lines = output.replace(ANSI, '').split('\n');
  const failed = [...new Set(lines.filter((line) => FAILED_LINE.test(line)).map((line) => line.trim()))];
  const shown = failed.slice(0, 40);
  const more = failed.length > shown.length ? [`… and ${failed.length - shown.length} more`] : [];
  return [
    `${step} failed (exit ${code})${shown.length > 0 ? ':' : '; its last lines:'}`,
    ...(shown.length > 0 ? [...shown, ...more] : [lastLines(lines.join('\n'), 15)]),
  ].join('\n');
}

/**
 * Runs `streamed` with its output passed through and every lane of `kept` beside it, their output kept
 * and written once `streamed` has ended, each lane's as it ends, in the order given.
 */
export async function runLanes(
  streamed: Lane,
  kept: Lane[],
  write: (text: string) => void = (text) => process.stdout.write(text),
): Promise<LanesOutcome> {
  const lanes = [streamed, ...kept];
  checkLaneOrder(...lanes);
  const passed = new Map<string, Deferred>();
  for (const lane of lanes) for (const step of lane.steps) passed.set(step.name, deferred());
  const outcomes: StepOutcome[] = [];
  const digests: string[] = [];

  const runLane = async (lane: Lane, keep: ((text: string) => void) | undefined): Promise<void> => {
    const say = keep ?? write;
    for (const step of lane.steps) {
      if (step.after !== undefined && !(await (passed.get(step.after) as Deferred).promise)) {
        say(`\n[${lane.name}] ${step.name}: skipped (${step.after} did not pass)\n`);
        outcomes.push({ lane: lane.name, step: step.name, result: 'skipped', ms: 0 });
        passed.get(step.name)?.settle(false);
        continue;
      }
      const started = performance.now();
      say(`\n[${lane.name}] ${step.name}: ${step.shown ?? [step.command, ...step.args].join(' ')}\n`);
      const { code, output } = await runCommand(step, say);
      outcomes.push({ lane: lane.name, step: step.name, result: code, ms: performance.now() - started });
      passed.get(step.name)?.settle(code === 0);
      if (code !== 0) {
        digests.push(failureDigest(step.name, code, output));
        // A kept lane's failure is announced at once, in one line; its output follows at the end.
        if (keep)
          write(`\n[${lane.name}] ${step.name} failed (exit ${code}); its output follows at the end.\n`);
      }
    }
  };

  const keptRuns = kept.map((lane) => {
    const run = { lane, output: '', done: false };
    const ended = runLane(lane, (text) => {
      run.output += text;
    }).then(() => {
      run.done = true;
    });
    return { run, ended };
  });
  await runLane(streamed, undefined);
  for (const { run, ended } of keptRuns) {
    if (!run.done) write(`\n[${run.lane.name}] still running; its output follows when it ends.\n`);
    await ended;
    write(`\n[${run.lane.name}]${run.output}`);
  }
  // Every failure once more, last: the streamed lane's scrolled away under the kept lanes' output.
  if (digests.length > 0) write(`\n${digests.join('\n\n')}\n`);

  const failed = (lane: Lane) =>
    outcomes.find(
      (outcome) => outcome.lane === lane.name && typeof outcome.result === 'number' && outcome.result !== 0,
    )?.result as number | undefined;
  const code = lanes.map(failed).find((result) => result !== undefined) ?? 0;
  return { code, steps: outcomes };
}
