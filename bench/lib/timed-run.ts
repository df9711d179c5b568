/** Runs a command of the benchmarks under GNU time (`/usr/bin/time`). */
import { spawn } from 'node:child_process';
import { repoRoot } from '../../scripts/lib/paths.ts';

/**
 * Runs a command under GNU time, its report discarded: peak RSS in MB and wall seconds, the last lines of
 * its stderr (`tail`, for a message) and the last 4 KB of it (`stderr`, to look for an error's code).
 */
export function measure(
  command: string,
  args: string[],
  /** Exit codes of a completed run (contract-check exits 1 when some entry violates the contract). */
  okCodes: number[] = [0],
): Promise<{ rssMb: number; seconds: number; ok: boolean; tail: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('/usr/bin/time', ['-f', 'TIME %M %e', command, ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4096);
    });
    child.on('close', (code) => {
      const match = /TIME (\d+) ([\d.]+)/.exec(stderr);
      const tail = stderr
        .replace(/TIME .*/, '')
        .trim()
        .split('\n')
        .slice(-2)
        .join(' ')
        .slice(0, 160);
      resolve({
        rssMb: match ? Number(match[1]) / 1024 : Number.NaN,
        seconds: match ? Number(match[2]) : Number.NaN,
        ok: code !== null && okCodes.includes(code),
        tail,
        stderr,
      });
    });
  });
}
