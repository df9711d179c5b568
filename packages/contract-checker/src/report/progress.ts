/** How far a run is, read by the progress line from the run as it goes. */
export interface RunProgress {
  /** Entries checked (and counted) so far. */
  entries: number;
  /** Bytes of the recordings' entries read so far. */
  bytes: number;
}

export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/**
 * Whether a progress line may be drawn on `stream`: a terminal, and neither `NO_COLOR` nor `CI` set (a CI log
 * keeps every redraw) nor `TERM=dumb` (no way to redraw in place).
 */
export function progressWanted(stream: ProgressStream, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!stream.isTTY) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0') return false;
  return env.TERM !== 'dumb';
}

const clearLine = '\r\u001b[K';

function bytesText(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.round(bytes / 1024)} kB`;
}

function durationText(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** `12,000 entries checked, 14.2 MB of 29.0 MB, 4,100 entries/s, about 4 s left`. */
export function progressText(progress: RunProgress, elapsedMs: number, totalBytes?: number): string {
  const seconds = Math.max(elapsedMs / 1000, 0.001);
  const parts = [`${progress.entries.toLocaleString('en-US')} entries checked`];
  if (totalBytes !== undefined && totalBytes > 0)
    parts.push(`${bytesText(Math.min(progress.bytes, totalBytes))} of ${bytesText(totalBytes)}`);
  parts.push(`${Math.round(progress.entries / seconds).toLocaleString('en-US')} entries/s`);
  if (totalBytes !== undefined && totalBytes > 0 && progress.bytes > 0) {
    const left = (Math.max(totalBytes - progress.bytes, 0) * seconds) / progress.bytes;
    parts.push(`about ${durationText(left)} left`);
  }
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
