import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const ORDER_RESPONSE = `<?xml version="1.0" encoding="UTF-8"?>
<OrderResponse><Order><id>6d7da966</id><ExistingTelephoneNumberOrderType><TelephoneNumberList><TelephoneNumber>+14155550100</TelephoneNumber></TelephoneNumberList></ExistingTelephoneNumberOrderType><PartialAllowed>false</PartialAllowed><SiteId>12345</SiteId></Order><OrderStatus>RECEIVED</OrderStatus></OrderResponse>`;

const TOKEN = JSON.stringify({
  access_token: 'eyJhbGciOiJSUzI1NiJ9.eyJqdGkiOiIxIn0.c2ln',
  access_token_id: 'jti-1',
  token_type: 'Bearer',
  expires_in: 3600,
});

const AGENT = JSON.stringify({ id: 17, name: 'Renewal reminder', status: 'active', total_runs: 12 });
const RUNS = JSON.stringify({ runs: [{ id: 1, charge_usd: 0.12 }], total_pages: 1, page: 1, limit: 50 });
const GENERIC = JSON.stringify({ id: 'x-1', state: 'ok' });

/**
 * A loopback server answering every benchmark request at once with a small canned body, so what is
 * measured is the client, not the server. Keep-alive as Node's fetch uses it.
 */
export async function startBenchServer(): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const url = request.url ?? '';
      if (url.endsWith('/orders')) {
        response.writeHead(200, { 'content-type': 'application/xml' });
        response.end(ORDER_RESPONSE);
        return;
      }
      const body = url.includes('oauth2')
        ? TOKEN
        : url.includes('/workflow/')
          ? AGENT
          : url.includes('/usage/runs')
            ? RUNS
            : GENERIC;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
