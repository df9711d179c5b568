// Preloaded (`node --import`) into a process the benchmarks measure (bench/lib/timed-run.ts): as the
// process exits it writes its peak RSS to stderr: getrusage's ru_maxrss, in KB, the figure GNU time reports
// as %M, with no system package to install for it. Worker threads load it too (they inherit the
// process's options): only the main thread reports, once, at the very end.
import { writeSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  process.on('exit', () => {
    try {
      writeSync(2, `\nBENCH_PEAK_RSS_KB ${process.resourceUsage().maxRSS}\n`);
    } catch {
      // stderr closed: the run is reported without its peak.
    }
  });
}
