// Preloaded (`node --import`) into a process the benchmarks measure (bench/lib/timed-run.ts): at exit it
// writes the process's peak RSS to stderr: getrusage's ru_maxrss, in KB, the figure GNU time reports as
// %M, with no system package to install for it.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  try {
    writeSync(2, `\nBENCH_PEAK_RSS_KB ${process.resourceUsage().maxRSS}\n`);
  } catch {
    // stderr closed: the run is reported without its peak.
  }
});
