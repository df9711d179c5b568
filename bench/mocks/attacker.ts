// The client that sends hostile bodies in bench/mocks/hostile.ts: one POST after the other until stopped
// (or `clients` of them side by side),
// from its own thread (so that its own work, 10 MB to encode and write per order, is not charged to the
// mocks' event loop) or from the calling thread (how that bench sent them before). Both run
// `sendUntilStopped`; attacker-thread.ts runs it on the thread of its own.
import { Worker } from 'node:worker_threads';

/** Where and what to send. */
export interface AttackTarget {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Sends in flight at once, each one after the other (default 1). */
  clients?: number;
  /**
   * Where 8 ASCII characters of the body are replaced by the number of the send (an ASCII body): each
   * body differs from the one before, so that nothing on the server can answer it from a memo.
   */
  varyAt?: number;
  /** From its own thread: the nice value of that thread (Linux), so that it yields the cores to the mocks. */
  nice?: number;
}

/** The body of send number `count`: the same, or with the send's number at `varyAt` (see AttackTarget). */
export function bodyOfSend(
  body: RequestInit['body'],
  varyAt: number | undefined,
  count: number,
): RequestInit['body'] {
  if (varyAt === undefined) return body;
  const stamp = String(count % 1e8).padStart(8, '0');
  if (typeof body === 'string') return `${body.slice(0, varyAt)}${stamp}${body.slice(varyAt + 8)}`;
  if (Buffer.isBuffer(body)) {
    const copy = Buffer.from(body);
    copy.write(stamp, varyAt, 'latin1');
    return copy;
  }
  return body;
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

/** What a run of sends came to; `gaveUp` says why it ended early. */
export interface SendOutcome {
  refused: number;
  failed: number;
  gaveUp?: string;
}

/** What a failed `fetch` says: undici's reason sits in `cause`. */
const whyFailed = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
};

/** Sends while `running()` holds, `target.clients` at once, telling `answered` the count after each answer. */
export async function sendUntilStopped(
  target: Omit<AttackTarget, 'body'> & { body: RequestInit['body'] },
  running: () => boolean,
  answered: (refused: number) => void,
): Promise<SendOutcome> {
  let refused = 0;
  let failed = 0;
  let sent = 0;
  let gaveUp: string | undefined;
  const client = async (): Promise<void> => {
    let inARow = 0;
    while (running() && gaveUp === undefined) {
      try {
        const response = await fetch(target.url, {
          method: 'POST',
          headers: target.headers,
          body: bodyOfSend(target.body, target.varyAt, sent++),
        });
        await response.arrayBuffer();
        refused++;
        inARow = 0;
        answered(refused);
      } catch (error) {
        failed++;
        if (++inARow >= failuresInARow) gaveUp ??= whyFailed(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, target.clients ?? 1) }, client));
  return gaveUp === undefined ? { refused, failed } : { refused, failed, gaveUp };
}

const gaveUp = (reason: string): Error =>
  new Error(`the hostile bodies could not be sent, ${failuresInARow} failures in a row: ${reason}`);

/** The counts of an outcome, or why it gave up. */
function settle(outcome: SendOutcome): { refused: number; failed: number } {
  if (outcome.gaveUp !== undefined) throw gaveUp(outcome.gaveUp);
  return { refused: outcome.refused, failed: outcome.failed };
}

/** Sends from the calling thread. */
export function attackFromThisLoop(target: AttackTarget): Attacker {
  let running = true;
  let refused = 0;
  let outcome: SendOutcome | undefined;
  const done = sendUntilStopped(
    target,
    () => running,
    (count) => {
      refused = count;
    },
  ).then((ended) => (outcome = ended));
  return {
    refused: () => refused,
    attacking: () => outcome?.gaveUp === undefined,
    stop: async () => {
      running = false;
      return settle(await done);
    },
  };
}

interface AttackerMessage {
  started?: boolean;
  progress?: number;
  outcome?: SendOutcome;
}

/**
 * attacker-thread.ts on a worker thread: from this TypeScript source, through a small bootstrap that
 * registers tsx in the thread first (loader flags given to a worker do not reach it on Node 20).
 */
function startThread(target: AttackTarget): Worker {
  const source = new URL('./attacker-thread.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: target });
}

/** Sends from a worker thread of its own. */
export async function attackFromOwnThread(target: AttackTarget): Promise<Attacker> {
  const worker = startThread(target);
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
    else if (message.outcome?.gaveUp !== undefined) end(gaveUp(message.outcome.gaveUp));
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
        return settle((await last).outcome ?? { refused: 0, failed: 0 });
      } finally {
        await worker.terminate();
      }
    },
  };
}
