// The thread of `attackFromOwnThread` (attacker.ts): sends the target it is given until told to stop,
// the body encoded once, and reports each answer and then the outcome.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { type AttackTarget, sendUntilStopped } from './attacker.ts';

const port = parentPort;
if (!port) throw new Error('attacker-thread runs as a worker thread of attacker.ts');
const target = workerData as AttackTarget;
// A client on another machine does not take the mocks' cores: on a machine of two, this thread yields
// them to the mocks' threads first (Linux: the nice value of this thread alone, found through
// /proc/thread-self; elsewhere it stays as it is).
if (target.nice) {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), target.nice);
  } catch {
    // Not Linux: the attacker keeps the mocks' priority.
  }
}
let running = true;
port.on('message', () => {
  running = false;
});
port.postMessage({ started: true });
const outcome = await sendUntilStopped(
  { ...target, body: Buffer.from(target.body, 'utf8') },
  () => running,
  (refused) => port.postMessage({ progress: refused }),
);
port.postMessage({ outcome });
port.close();
