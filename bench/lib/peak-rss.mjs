// Preloaded (`node --import`) into a process the bench measures (bench/lib/processes.ts): as it exits it
// writes its peak RSS (getrusage maxRSS, in KB, what GNU time reports as %M) to stderr. Worker threads
// inherit the preload; only the main thread reports.
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
