/** How far a run is: entries checked (and counted) and bytes of the recordings' entries read so far. */
export type RunProgress = { entries: number; bytes: number };
export type ProgressStream = { isTTY?: boolean; columns?: number; write(text: string): unknown };

/** Whether a progress line may be drawn on `stream`: a terminal, and neither `NO_COLOR` nor `CI` set (a CI log
 * keeps every redraw) nor `TERM=dumb` (no way to redraw in place). */
export function progressWanted(stream: ProgressStream, env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env.CI !== undefined && !['', 'false', '0'].includes(env.CI);
  return stream.isTTY === true && !env.NO_COLOR && !ci && env.TERM !== 'dumb';
}

const clearLine = '\r\u001b[K';

function bytesText(bytes: number): string {
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} kB`;
  return bytes < 1024 ** 3 ? `${(bytes / 1024 ** 2).toFixed(1)} MB` : `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

function durationText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  return minutes < 60
    ? `${minutes} min ${Math.round(seconds % 60)} s`
    : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** `12,000 entries checked, 14.2 MB of 29.0 MB, 4,100 entries/s, about 4 s left`. */
export function progressText(progress: RunProgress, elapsedMs: number, totalBytes = 0): string {
  const seconds = Math.max(elapsedMs / 1000, 0.001);
  const parts = [`${progress.entries.toLocaleString('en-US')} entries checked`];
  if (totalBytes > 0)
    parts.push(`${bytesText(Math.min(progress.bytes, totalBytes))} of ${bytesText(totalBytes)}`);
  parts.push(`${Math.round(progress.entries / seconds).toLocaleString('en-US')} entries/s`);
  const left = (Math.max(totalBytes - progress.bytes, 0) * seconds) / progress.bytes;
  if (totalBytes > 0 && progress.bytes > 0) parts.push(`about ${durationText(left)} left`);
  return parts.join(', ');
}

/** The status line of a long run, drawn in place at once and every `intervalMs`, erased before any other output
 * and at the end. */
export function progressLine(
  stream: ProgressStream,
  probe: () => RunProgress,
  options: { totalBytes?: number; intervalMs?: number; now?: () => number } = {},
) {
  const now = options.now ?? Date.now;
  const started = now();
  let drawn = false;
  const line = {
    draw(): void {
      const text = progressText(probe(), now() - started, options.totalBytes);
      // A pseudo-terminal may say 0 columns: then the usual 80.
      stream.write(`${clearLine}${text.slice(0, Math.max((stream.columns || 80) - 1, 20))}`);
      drawn = true;
    },
    /** Erases the line, if drawn, so that other output starts at the left margin; the next tick draws it again. */
    clear(): void {
      if (drawn) stream.write(clearLine);
      drawn = false;
    },
    stop(): void {
      clearInterval(timer);
      line.clear();
    },
  };
  line.draw();
  const timer = setInterval(line.draw, options.intervalMs ?? 250);
  timer.unref();
  return line;
}
