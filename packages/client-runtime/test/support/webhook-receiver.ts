import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback server whose every request goes to one webhook handler (the clients' receivers under test). */
export interface Receiver {
  url: string;
  close(): Promise<void>;
}

export async function startReceiver(
  handler: (req: IncomingMessage, res: ServerResponse) => unknown,
): Promise<Receiver> {
  const server = createServer((req, res) => {
    void handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface Sent {
  status: number;
  text: string;
  headers: Headers;
}

/** One POST to a receiver, bounded in time. */
export async function post(
  url: string,
  body: string | Uint8Array,
  headers: Record<string, string> = {},
): Promise<Sent> {
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : Buffer.from(body),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

export const basicHeader = (username: string, password: string): string =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
