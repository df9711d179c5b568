import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xsd': 'application/xml; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

export interface StaticServer {
  server: Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves the files whose real path is inside `root`, read-only, on loopback. `port` 0 picks a free port. */
export async function serveStatic(root: string, port = 8080, host = '127.0.0.1'): Promise<StaticServer> {
  const base = resolve(root);
  const realBase = await realpath(base);
  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      let pathname: string;
      try {
        pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      } catch {
        response.writeHead(400).end('Bad request');
        return;
      }
      if (pathname.endsWith('/')) pathname += 'index.html';
      const file = resolve(base, `.${pathname}`);
      if (file !== base && !file.startsWith(base + sep)) {
        response.writeHead(403).end('Forbidden');
        return;
      }
      // The real path, not the string: a link inside the root may lead out of it (issue 52), and is
      // answered as a file that is not there.
      const real = await realpath(file).catch(() => undefined);
      const inside = real === undefined ? '' : relative(realBase, real);
      const info =
        real !== undefined && inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)
          ? await stat(real).catch(() => undefined)
          : undefined;
      if (real === undefined || !info?.isFile()) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      response.writeHead(200, {
        'content-type': contentTypes[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'content-length': info.size,
        'cache-control': 'no-cache',
      });
      if (request.method === 'HEAD') {
        response.end();
        return;
      }
      createReadStream(real).pipe(response);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    port: address.port,
    url: `http://${host}:${address.port}/`,
    close: () =>
      new Promise<void>((resolvePromise, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolvePromise()));
      }),
  };
}
