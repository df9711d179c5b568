// The thread of `attackFromOwnThread` (attacker.ts): sends the target it is given until told to stop,
// the body encoded once, and reports each answer and then the outcome.
import { parentPort, workerData } from 'node:worker_threads';
import { type AttackTarget, sendUntilStopped } from './attacker.ts';

const port = parentPort;
if (!port) throw new Error('attacker-thread runs as a worker thread of attacker.ts');
const target = workerData as AttackTarget;
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
