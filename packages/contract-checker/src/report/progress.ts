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

/** The status line of a long run: `12,000 entries checked, 14.2 MB of 29.0 MB, 4,100 entries/s, about 4 s
 * left`, drawn on the terminal in place (carriage return, erase line) as the run starts, redrawn every
 * `intervalMs`, cleared before any other output and at the end. */
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

export class ProgressLine {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private drawn = false;
  private readonly started: number;

  constructor(
    private readonly stream: ProgressStream,
    private readonly probe: () => RunProgress,
    private readonly options: {
      totalBytes?: number;
      intervalMs?: number;
      now?: () => number;
    } = {},
  ) {
    this.started = this.now();
    // Drawn at once: a short run draws it once and erases it before the report.
    this.tick();
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private tick(): void {
    this.draw();
    this.timer = setTimeout(() => this.tick(), this.options.intervalMs ?? 250);
    this.timer.unref?.();
  }

  /** Draws the line now (the timer calls it). */
  draw(): void {
    const text = progressText(this.probe(), this.now() - this.started, this.options.totalBytes);
    // A pseudo-terminal may say 0 columns: then the usual 80.
    const width = Math.max((this.stream.columns || 80) - 1, 20);
    this.stream.write(`${clearLine}${text.slice(0, width)}`);
    this.drawn = true;
  }

  /** Erases the line, if drawn, so that other output starts at the left margin; the next tick draws it again. */
  clear(): void {
    if (!this.drawn) return;
    this.stream.write(clearLine);
    this.drawn = false;
  }

  /** Erases the line for good. */
  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.clear();
  }
}
