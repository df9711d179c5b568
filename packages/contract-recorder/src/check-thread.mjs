// The check thread of check.ts (ThreadOfOne tasks): holds the live run of `contract-record --check` and judges
// the entries the proxy hands it. Plain JavaScript, so that it loads by URL from src/ and dist/.
import { startLiveRun } from '@svc-contracts/contract-recorder/live-run';

/** @type {import('./live-run.js').LiveRun | undefined} */
let run;

/** @param {{ start?: import('./live-run.js').LiveRunOptions, entries?: import('./live-run.js').LiveEntry[], finish?: true }} task */
export default async function liveTask(task) {
  if (task.start) {
    try {
      run = await startLiveRun(task.start);
      return {};
    } catch (error) {
      return { error: error?.message ?? String(error) };
    }
  }
  // A thread started again after a failure has no run: what the old one judged is lost.
  if (run === undefined) return { lost: 'the check thread was restarted' };
  if (task.entries) return { text: await run.take(task.entries) };
  const stop = await run.finish();
  run = undefined;
  return stop;
}
