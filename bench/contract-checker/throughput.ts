/**
 * Contract checker throughput: entries per second on a generated batch of JSON and XML exchanges, checked
 * against the checker's fixture specs (stable, unlike the specs being written). Run:
 *   pnpm exec tsx bench/contract-checker/throughput.ts [--entries N]
 * Prints the cold load time, then entries/s for JSON only, XML only and a mixed HAR file read from disk.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkHarFiles,
  loadContracts,
  type RecordedRequest,
  type RecordedResponse,
} from '@svc-contracts/contract-checker';
import { createHar } from '@svc-contracts/har';
import { integerValue, readOptions } from '../lib/options.ts';

const usage = `Usage: pnpm exec tsx bench/contract-checker/throughput.ts [--entries N]

Entries per second of the checker on generated JSON and XML exchanges against its fixture specs.
  --entries N   exchanges per batch (10-1000000, default 5000)
  -h, --help    this text`;
const total = integerValue(
  usage,
  'entries',
  readOptions(usage, { entries: { type: 'string' } }).entries,
  5000,
  10,
  1_000_000,
);
const configPath = fileURLToPath(
  new URL('../../packages/contract-checker/test/fixtures/redocly.yaml', import.meta.url),
);

type Exchange = { request: RecordedRequest; response: RecordedResponse };

const bearer = { name: 'Authorization', value: 'Bearer bench-token' };
const basic = { name: 'Authorization', value: `Basic ${Buffer.from('bench:bench').toString('base64')}` };
const json = { name: 'Content-Type', value: 'application/json' };
const xml = { name: 'Content-Type', value: 'application/xml' };

/** JSON traffic: list runs with filters, get agent, pause campaign; every tenth request is invalid. */
function jsonExchange(i: number): Exchange {
  const invalid = i % 10 === 9;
  switch (i % 3) {
    case 0: {
      const filters = encodeURIComponent(
        JSON.stringify([{ attribute: 'campaignId', type: 'number', value: { value: invalid ? 'x' : i } }]),
      );
      return {
        request: {
          method: 'GET',
          url: `http://localhost:4010/api/v1/organizations/usage/runs?page=1&limit=50&filters=${filters}`,
          headers: [bearer],
        },
        response: {
          status: 200,
          headers: [json],
          body: JSON.stringify({ runs: [{ id: i }], total_count: 1 }),
        },
      };
    }
    case 1:
      return {
        request: {
          method: 'GET',
          url: `http://localhost:4010/api/v1/workflow/fetch/${invalid ? 'abc' : i}`,
          headers: [bearer],
        },
        response: {
          status: invalid ? 422 : 200,
          headers: [json],
          body: JSON.stringify(
            invalid
              ? { detail: [{ loc: ['path'], msg: 'int', type: 'int_parsing' }] }
              : { id: i, name: `Agent ${i}`, status: 'active', created_at: '2025-03-01T10:00:00Z' },
          ),
        },
      };
    default:
      return {
        request: {
          method: 'POST',
          url: `http://localhost:4010/api/v1/campaign/${i}/pause`,
          headers: [bearer],
        },
        response: {
          status: 200,
          headers: [json, { name: 'X-RateLimit-Remaining', value: '10' }],
          body: JSON.stringify({ id: i, name: 'c', state: 'paused', total_rows: invalid ? 'many' : 100 }),
        },
      };
  }
}

/** XML traffic: order requests (every tenth with an invalid boolean) and their responses. */
function xmlExchange(i: number): Exchange {
  const partial = i % 10 === 9 ? 'maybe' : 'false';
  const numbers = Array.from(
    { length: 1 + (i % 5) },
    (_, n) => `<TelephoneNumber>+1415555${String(1000 + n).padStart(4, '0')}</TelephoneNumber>`,
  ).join('');
  return {
    request: {
      method: 'POST',
      url: `http://localhost:4015/api/v2/accounts/${1000 + i}/orders`,
      headers: [basic, xml],
      body: `<?xml version="1.0" encoding="UTF-8"?><Order><SiteId>${1 + i}</SiteId><PartialAllowed>${partial}</PartialAllowed><TelephoneNumberList>${numbers}</TelephoneNumberList></Order>`,
    },
    response:
      partial === 'maybe'
        ? {
            status: 400,
            headers: [xml],
            body: '<ResponseStatus><ErrorCode>400</ErrorCode><Description>bad</Description></ResponseStatus>',
          }
        : {
            status: 201,
            headers: [xml],
            body: `<OrderResponse><OrderId>o-${i}</OrderId><OrderStatus>RECEIVED</OrderStatus></OrderResponse>`,
          },
  };
}

function rate(count: number, ms: number): string {
  return `${Math.round((count / ms) * 1000).toLocaleString('en-US')} entries/s (${count} in ${Math.round(ms)} ms)`;
}

const loadStart = performance.now();
const contracts = await loadContracts({ configPath });
console.log(
  `load (bundle + compile 3 fixture specs + 1 XSD): ${Math.round(performance.now() - loadStart)} ms`,
);

const jsonBatch = Array.from({ length: Math.ceil(total / 2) }, (_, i) => jsonExchange(i));
const xmlBatch = Array.from({ length: Math.floor(total / 2) }, (_, i) => xmlExchange(i));

// Warm-up so the first timed entries do not pay for lazy compilation in V8.
for (const exchange of [...jsonBatch.slice(0, 50), ...xmlBatch.slice(0, 50)])
  await contracts.checkExchange(exchange.request, exchange.response);

let start = performance.now();
for (const exchange of jsonBatch) await contracts.checkExchange(exchange.request, exchange.response);
console.log(`JSON, one at a time: ${rate(jsonBatch.length, performance.now() - start)}`);

start = performance.now();
for (const exchange of xmlBatch.slice(0, 200))
  await contracts.checkExchange(exchange.request, exchange.response);
console.log(`XML, one at a time: ${rate(200, performance.now() - start)}`);

start = performance.now();
await Promise.all(xmlBatch.map((exchange) => contracts.checkExchange(exchange.request, exchange.response)));
console.log(
  `XML, all in flight (the XML engine batches): ${rate(xmlBatch.length, performance.now() - start)}`,
);

const dir = await mkdtemp(join(tmpdir(), 'contract-checker-bench-'));
try {
  const mixed = jsonBatch.flatMap((exchange, i) => (xmlBatch[i] ? [exchange, xmlBatch[i]] : [exchange]));
  await writeFile(join(dir, 'mixed.har'), JSON.stringify(createHar(mixed)));
  let report: Awaited<ReturnType<typeof checkHarFiles>> | undefined;
  for (const concurrency of [16, 64]) {
    start = performance.now();
    report = await checkHarFiles([join(dir, 'mixed.har')], { contracts, concurrency });
    console.log(
      `mixed HAR file via checkHarFiles (read + parse + check, ${concurrency} in flight): ${rate(mixed.length, performance.now() - start)}`,
    );
  }
  console.log(`verdicts: ${report?.passed} passed, ${report?.failed} failed`);
} finally {
  await rm(dir, { recursive: true, force: true });
  await contracts.close();
}
