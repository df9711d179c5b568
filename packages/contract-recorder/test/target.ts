import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { echoForms } from './forms.js';

/** What the target saw of one request. */
export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Target {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

/**
 * A tiny upstream on a free loopback port: echoes what it got, or answers gzip, binary, duplicate
 * headers and a token response, so the tests can compare what the caller and the HAR file got.
 */
export async function startTarget(): Promise<Target> {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const parsed = new URL(req.url ?? '/', 'http://target');
      const path = parsed.pathname;
      if (path.endsWith('/hang')) {
        // Never answers: the recorder's time-out or its stop has to end the exchange.
        return;
      }
      if (path.endsWith('/hang-body')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"partial":');
        return;
      }
      if (path.endsWith('/reset-body')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"partial":', () => res.socket?.destroy());
        return;
      }
      if (path.endsWith('/big')) {
        const bytes = Number(parsed.searchParams.get('bytes') ?? '1000');
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ fill: 'x'.repeat(Math.max(0, bytes - 11)) }));
        return;
      }
      if (path.endsWith('/gzip-bomb')) {
        const zipped = gzipSync(Buffer.alloc(200_000, 0x20));
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
        res.end(zipped);
        return;
      }
      if (path.endsWith('/echo')) {
        // Echoes the API key it got in the form `?form=` names, in a redirect, a header and the body.
        const form = echoForms[parsed.searchParams.get('form') ?? ''] ?? ((secret: string) => secret);
        const echoed = form(String(req.headers['x-api-key'] ?? ''));
        res.writeHead(401, {
          'Content-Type': 'text/plain',
          Location: `/login?next=${echoed}`,
          'X-Echo': echoed,
        });
        res.end(`refused: ${echoed}`);
        return;
      }
      if (path.endsWith('/gzip')) {
        const zipped = gzipSync(
          JSON.stringify({ compressed: true, items: Array.from({ length: 50 }, (_, index) => index % 3) }),
        );
        res.writeHead(200, {
          'Content-Type': 'application/json',
          'Content-Encoding': 'gzip',
          'Content-Length': zipped.length,
        });
        res.end(zipped);
      } else if (path.endsWith('/binary')) {
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        res.end(Buffer.from([0, 255, 1, 254]));
      } else if (path.endsWith('/oauth2/token')) {
        res.writeHead(200, [
          'Content-Type',
          'application/json',
          'Set-Cookie',
          'session=server-session-secret; Path=/; HttpOnly',
          'X-Trace',
          'one',
          'X-Trace',
          'two',
        ]);
        res.end(
          JSON.stringify({
            access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJ0b2tlbi1zZWNyZXQifQ.dGFyZ2V0LXNpZ25lZC1zZWNyZXQ',
            access_token_id: 'token-id-1',
            token_type: 'Bearer',
            expires_in: 3600,
          }),
        );
      } else if (path.endsWith('/refuse')) {
        // A careless server: it echoes the credentials it refused, in a header and in the body.
        res.writeHead(401, {
          'Content-Type': 'text/plain',
          'X-Seen-Basic': String(req.headers.authorization ?? ''),
          'X-Seen': String(req.headers['x-api-key'] ?? ''),
        });
        res.end(
          `refused ${req.headers.authorization ?? ''} ${req.headers['x-api-key'] ?? ''} after: ${body}`,
        );
      } else if (path.endsWith('/binary-echo')) {
        // Bytes that are not UTF-8 around the API key: recorded base64, masked all the same.
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        res.end(Buffer.concat([Buffer.from([0, 255]), Buffer.from(String(req.headers['x-api-key'] ?? ''))]));
      } else if (path.endsWith('/empty')) {
        res.writeHead(204, 'No Content Here');
        res.end();
      } else {
        res.writeHead(req.method === 'POST' ? 201 : 200, 'Echoed', {
          'Content-Type': 'application/json; charset=utf-8',
        });
        res.end(JSON.stringify({ method: req.method, url: req.url, body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
