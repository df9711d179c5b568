// The client that sends hostile orders in bench/mocks/hostile.ts: one POST after the other until stopped,
// from its own thread (so that its own work, 10 MB to encode and write per order, is not charged to the
// mocks' event loop) or from the calling thread (how that bench sent them before).
import { Worker } from 'node:worker_threads';

/** Where and what to send. */
export interface AttackTarget {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends the same request one after the other until stopped. A send that fails (the connection closed
 * under it, as a server may do to a hostile request) is counted and the next one goes on: a hostile
 * request may fail on its own, and what the bench measures is the other requests beside it. After
 * {@link failuresInARow} failed sends in a row the attacker gives up, and `stop` throws why.
 */
export interface Attacker {
  /** Requests answered so far (whatever their status). */
  refused(): number;
  /** False once the attacker has given up. */
  attacking(): boolean;
  /** Stops after the request in flight; what was answered and what failed to send. */
  stop(): Promise<{ refused: number; failed: number }>;
}

export const failuresInARow = 3;

const gaveUp = (reason: string): Error =>
  new Error(`the hostile orders could not be sent, ${failuresInARow} failures in a row: ${reason}`);

/** What a failed `fetch` says: undici's reason sits in `cause`. */
const whyFailed = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
};

/** Sends from the calling thread. */
export function attackFromThisLoop(target: AttackTarget): Attacker {
  let running = true;
  let refused = 0;
  let failed = 0;
  let inARow = 0;
  let lastFailure = '';
  const done = (async () => {
    while (running && inARow < failuresInARow) {
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers: target.headers,
          body: target.body,
        });
        await response.arrayBuffer();
        refused++;
        inARow = 0;
      } catch (error) {
        failed++;
        inARow++;
        lastFailure = whyFailed(error);
      }
    }
  })();
  return {
    refused: () => refused,
    attacking: () => inARow < failuresInARow,
    stop: async () => {
      running = false;
      await done;
      if (inARow >= failuresInARow) throw gaveUp(lastFailure);
      return { refused, failed };
    },
  };
}

const attackerThread = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
let refused = 0;
let failed = 0;
let inARow = 0;
parentPort.on('message', () => { running = false; });
(async () => {
  const body = Buffer.from(workerData.body, 'utf8');
  parentPort.postMessage({ started: true });
  while (running) {
    try {
      const response = await fetch(workerData.url, { method: 'POST', headers: workerData.headers, body });
      await response.arrayBuffer();
      refused++;
      inARow = 0;
      parentPort.postMessage({ progress: refused });
    } catch (error) {
      failed++;
      if (++inARow >= workerData.failuresInARow) {
        parentPort.postMessage({ gaveUp: error.cause instanceof Error ? error.cause.message : String(error.message) });
        return;
      }
    }
  }
  parentPort.postMessage({ refused, failed });
})();
`;

interface AttackerMessage {
  started?: boolean;
  progress?: number;
  refused?: number;
  failed?: number;
  gaveUp?: string;
}

/** Sends from a worker thread of its own. */
export async function attackFromOwnThread(target: AttackTarget): Promise<Attacker> {
  const worker = new Worker(attackerThread, {
    eval: true,
    workerData: { ...target, failuresInARow },
  });
  const waiting: Array<{ resolve: (message: AttackerMessage) => void; reject: (error: Error) => void }> = [];
  let progress = 0;
  let ended: Error | undefined;
  // The attacker giving up or failing ends the run with its reason, not with an uncaught error.
  const end = (error: Error): void => {
    ended ??= error;
    for (const pending of waiting.splice(0)) pending.reject(ended);
  };
  worker.on('message', (message: AttackerMessage) => {
    if (message.progress !== undefined) progress = message.progress;
    else if (message.gaveUp !== undefined) end(gaveUp(message.gaveUp));
    else waiting.shift()?.resolve(message);
  });
  worker.on('error', (error) => end(new Error(`the attacking thread failed: ${error.message}`)));
  const next = (): Promise<AttackerMessage> =>
    ended
      ? Promise.reject(ended)
      : new Promise<AttackerMessage>((resolve, reject) => waiting.push({ resolve, reject }));
  try {
    await next();
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    refused: () => progress,
    attacking: () => ended === undefined,
    stop: async () => {
      const last = next();
      worker.postMessage('stop');
      try {
        const { refused = 0, failed = 0 } = await last;
        return { refused, failed };
      } finally {
        await worker.terminate();
      }
    },
  };
}
