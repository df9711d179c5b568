// bench/mocks/attacker.ts: the client that keeps sending hostile orders in bench/mocks/hostile.ts. A send
// whose connection is closed under it is counted and the next goes on; three in a row end the attack
// with their reason, never an uncaught error that takes the benchmark's process down.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { attackFromOwnThread, attackFromThisLoop } from '../../bench/mocks/attacker.ts';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server that answers 400, or closes the connection instead when `drop(n)` says so for request n. */
async function serve(drop: (request: number) => boolean): Promise<string> {
  let count = 0;
  server = createServer((req, res) => {
    const request = ++count;
    req.resume();
    req.on('end', () => {
      if (drop(request)) req.socket.destroy();
      else res.writeHead(400, { 'content-type': 'application/xml' }).end('<Error/>');
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders`;
}

/** Waits until `done` holds (at most 10 s). */
const until = async (done: () => boolean): Promise<void> => {
  const deadline = Date.now() + 10_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
};

const ways = [
  ['from its own thread', attackFromOwnThread],
  [
    'from this thread',
    async (target: Parameters<typeof attackFromThisLoop>[0]) => attackFromThisLoop(target),
  ],
] as const;

describe.each(ways)('an attacker %s', (_way, start) => {
  const target = (url: string) => ({ url, headers: { 'content-type': 'application/xml' }, body: '<Order/>' });

  it('counts the answered orders and stops after the one in flight', async () => {
    const attacker = await start(target(await serve(() => false)));
    await until(() => attacker.refused() >= 3);
    expect(attacker.attacking()).toBe(true);
    const { refused, failed } = await attacker.stop();
    expect(refused).toBeGreaterThanOrEqual(3);
    expect(failed).toBe(0);
  });

  it('counts a send whose connection is closed under it, and goes on', async () => {
    const attacker = await start(target(await serve((request) => request % 3 === 2)));
    await until(() => attacker.refused() >= 4);
    const { refused, failed } = await attacker.stop();
    expect(refused).toBeGreaterThanOrEqual(4);
    expect(failed).toBeGreaterThanOrEqual(1);
  });

  it('gives up after three failures in a row, and stop says why', async () => {
    const attacker = await start(target(await serve(() => true)));
    await until(() => !attacker.attacking());
    expect(attacker.attacking()).toBe(false);
    await expect(attacker.stop()).rejects.toThrow(
      /could not be sent, 3 failures in a row: other side closed/,
    );
  });
});

describe('an attacker with several clients', () => {
  it('keeps that many sends in flight at once, and counts every answer', async () => {
    let inFlight = 0;
    let most = 0;
    server = createServer((req, res) => {
      most = Math.max(most, ++inFlight);
      req.resume();
      req.on('end', () =>
        setTimeout(() => {
          inFlight--;
          res.writeHead(400).end();
        }, 20),
      );
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calls`;
    const attacker = attackFromThisLoop({ url, headers: {}, body: '{}', clients: 3 });
    await until(() => attacker.refused() >= 9);
    const { refused, failed } = await attacker.stop();
    expect(refused).toBeGreaterThanOrEqual(9);
    expect(failed).toBe(0);
    expect(most).toBe(3);
  });
});
