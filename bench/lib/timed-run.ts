/** Runs a Node.js command of the benchmarks and measures its wall time and peak RSS. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../../scripts/lib/paths.ts';

const peakReporter = fileURLToPath(new URL('./peak-rss.mjs', import.meta.url));
const peakLine = /\n?BENCH_PEAK_RSS_KB (\d+)\n/;

export interface TimedRun {
  /** Peak RSS of the process (all its threads), in MB; NaN when it died before reporting it. */
  rssMb: number;
  seconds: number;
  /** The run ended with one of the exit codes of a completed run. */
  ok: boolean;
  /** The last lines of its stderr, for a message. */
  tail: string;
  /** The last 4 KB of its stderr, to look for an error's code. */
  stderr: string;
}

/**
 * Runs `node <args>` from the repository root, its stdout discarded, with bench/lib/peak-rss.mjs
 * preloaded to report the peak RSS as the process exits.
 */
export function measure(
  args: string[],
  /** Exit codes of a completed run (contract-check exits 1 when some entry violates the contract). */
  okCodes: number[] = [0],
  /** Called once the process has started, with its pid. */
  onStart?: (pid: number) => void,
): Promise<TimedRun> {
  return new Promise((resolve) => {
    const start = performance.now();
    const child = spawn(process.execPath, ['--import', peakReporter, ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (child.pid !== undefined) onStart?.(child.pid);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4096);
    });
    child.on('close', (code) => {
      const seconds = (performance.now() - start) / 1000;
      const peak = peakLine.exec(stderr);
      const text = stderr.replace(peakLine, '');
      const tail = text.trim().split('\n').slice(-2).join(' ').slice(0, 160);
      resolve({
        rssMb: peak ? Number(peak[1]) / 1024 : Number.NaN,
        seconds,
        ok: code !== null && okCodes.includes(code),
        tail,
        stderr: text,
      });
    });
  });
}
