// A check thread for live-thread.test.ts: what it does with an entry is named by the entry's URL.
// `/exit` ends the thread, and so does a stop with nothing taken; `/slow?until=FILE` writes FILE.started, then holds its batch until FILE exists.
import { existsSync, writeFileSync } from 'node:fs';

let taken = 0;

export default async function fakeTask(task) {
  if (task.start) return task.start.out.endsWith('refused.har') ? { error: 'no such service: nope' } : {};
  if (task.finish && taken === 0) process.exit(4);
  if (task.finish) return { exitCode: 0, text: `fake report: ${taken} taken\n` };
  let text = '';
  for (const { entry, index } of task.entries) {
    const url = new URL(entry.request.url);
    if (url.pathname === '/exit') process.exit(3);
    const until = url.searchParams.get('until');
    if (until) writeFileSync(`${until}.started`, '');
    while (until && !existsSync(until)) await new Promise((resolve) => setTimeout(resolve, 10));
    taken++;
    text += `#${index} taken in a batch of ${task.entries.length}\n`;
  }
  return { text };
}
