import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootElementName } from '../src/bodies/body.js';
import type { ContractSet } from '../src/index.js';
import { decodeFormComponent, rawQueryOf } from '../src/parameters/request-parts.js';
import { urlPath } from '../src/router/operation-index.js';
import { checkRecordings } from '../src/run/check-recordings.js';
import {
  agent,
  bearer,
  fixtures,
  fleet,
  jsonResponse,
  loadFixtureContracts,
  request,
  rules,
} from './helpers.js';

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadFixtureContracts();
});
afterAll(() => contracts.close());

describe('urlPath without the URL parser', () => {
  // The fast path must give exactly what `new URL` gives, or hand the URL to it.
  const urls = [
    'http://localhost:4010/api/v1/workflow/fetch/42',
    'https://api.example.com/api/v1/agents?page=1#top',
    'http://h/a/b/',
    'http://h',
    'http://h?x=1',
    '/api/v1/workflow/fetch/42?x=1',
    '/',
    'http://h/a/./b/../c',
    'http://h/a/%2e%2E/b',
    'http://h/a/%2E/b',
    'http://h/a b/c',
    'http://h/caf\u00e9/x',
    'http://h/a\\b',
    'http://h/{id}/x',
    'http://h/a/%41%zz/b',
    'http://user:pass@h:8080/p;x=1/q',
    'HTTP://H/Upper/Case',
    'http://h/a|b^c`d',
  ];
  it.each(urls)('%s', (url) => {
    expect(urlPath(url)).toBe(new URL(url, 'http://recording.invalid').pathname);
  });
});

describe('query text and form components without needless work', () => {
  it.each([
    ['http://h/p?a=1&b=2#frag', 'a=1&b=2'],
    ['http://h/p#frag?not=query', ''],
    ['http://h/p?', ''],
    ['http://h/p', ''],
    ['/p?x=%20y', 'x=%20y'],
  ])('rawQueryOf(%s) is %s', (url, query) => {
    expect(rawQueryOf(url)).toBe(query);
  });

  it('decodes + and percent escapes, and keeps plain or broken text as written', () => {
    expect(decodeFormComponent('plain')).toBe('plain');
    expect(decodeFormComponent('a+b%2Bc')).toBe('a b+c');
    expect(decodeFormComponent('100%')).toBe('100%');
  });
});

describe('matches of repeated paths', () => {
  it('are shared and frozen, so no verdict can change another', () => {
    const first = contracts.match('GET', `${fleet}/workflow/fetch/42`);
    const second = contracts.match('GET', `${fleet}/workflow/fetch/42?x=1`);
    expect(second).toBe(first);
    expect(Object.isFrozen(first?.pathParams)).toBe(true);
    expect(() => {
      (first?.pathParams as Record<string, string>).workflow_id = '7';
    }).toThrow(TypeError);
    expect(contracts.match('GET', `${fleet}/workflow/fetch/43`)?.pathParams).not.toEqual(first?.pathParams);
  });

  it('are kept apart by service and method, and the memo starts again past its bound', () => {
    const url = `${fleet}/workflow/fetch/42`;
    const first = contracts.match('GET', url);
    expect(contracts.match('get', url)).toEqual(first);
    expect(contracts.match('get', url)).not.toBe(first);
    expect(contracts.match('GET', url, { service: 'fleet' })).not.toBe(first);
    expect(contracts.match('GET', url, { service: 'fleet' })).toEqual(first);
    for (let at = 0; at < 10_000; at++) contracts.match('GET', `${fleet}/workflow/fetch/${at}x`);
    expect(contracts.match('GET', url)).not.toBe(first);
    expect(contracts.match('GET', url)).toEqual(first);
  });

  it('are not kept for an address with user info, which may hold a credential', () => {
    const url = 'http://user:secret@localhost:4010/api/v1/workflow/fetch/42';
    expect(contracts.match('GET', url)?.operationId).toBe(
      contracts.match('GET', `${fleet}/workflow/fetch/42`)?.operationId,
    );
    expect(contracts.match('GET', url)).not.toBe(contracts.match('GET', url));
  });
});

describe('checkExchange', () => {
  it('keeps answering right when the Content-Type varies more than any memo holds', async () => {
    const entry = request('GET', `${fleet}/workflow/fetch/42`, bearer);
    for (let at = 0; at < 600; at++) {
      const response = { ...jsonResponse(200, agent) };
      response.headers = [{ name: 'Content-Type', value: `application/json; charset=utf-8; v=${at}` }];
      const verdict = await contracts.checkExchange(entry, response);
      expect(verdict.verdict).toBe('conforms');
    }
    const wrong = { ...jsonResponse(200, agent), headers: [{ name: 'Content-Type', value: 'text/html' }] };
    expect(rules((await contracts.checkExchange(entry, wrong)).violations)).toEqual([
      'response-content-type',
    ]);
  });
});

describe('checkRecordings', () => {
  it('checks one entry at a time, in input order: an entry answered later holds those after it', async () => {
    const har = JSON.parse(await readFile(join(fixtures, 'har', 'fleet.har'), 'utf8')) as {
      log: { entries: unknown[] };
    };
    const scratch = await mkdtemp(join(tmpdir(), 'contract-check-order-'));
    const file = join(scratch, 'order.ndjson');
    await writeFile(file, har.log.entries.map((entry) => JSON.stringify(entry)).join('\n'));
    // Entries 1 and 4 are answered on a later turn of the event loop (as an XML body would be).
    const events: string[] = [];
    let checked = 0;
    const slow = new Set([1, 4]);
    const timed: ContractSet = {
      ...contracts,
      checkExchange(request, response, opts) {
        const at = checked++;
        events.push(`check ${at}`);
        const verdict = contracts.checkExchange(request, response, opts);
        if (!slow.has(at)) return verdict;
        return new Promise((settle) => setImmediate(() => settle(verdict)));
      },
    };
    try {
      const summary = await checkRecordings(
        [file],
        { contracts: timed },
        { entry: (entry) => void events.push(`emit ${entry.position}`), inputError: () => undefined },
      );
      expect(summary.passed + summary.failed).toBe(7);
      expect(events).toEqual([
        'check 0',
        'emit 0',
        // Entry 1 is awaited before entry 2 is read.
        'check 1',
        'emit 1',
        'check 2',
        'emit 2',
        'check 3',
        'emit 3',
        'check 4',
        'emit 4',
        'check 5',
        'emit 5',
        'check 6',
        'emit 6',
      ]);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});

describe('rootElementName reads the prolog only', () => {
  it.each([
    ['<Order/>', 'Order'],
    ['\uFEFF<?xml version="1.0"?>\n<!-- a -->\n<ns:Order xmlns:ns="u"><x/></ns:Order>', 'Order'],
    ['<?xml version="1.0"?><!DOCTYPE Order [<!ENTITY e "x">]><Order>&e;</Order>', 'Order'],
    ['  \n\t<OrderResponse>', 'OrderResponse'],
    ['text<Order/>', undefined],
    ['<!-- never closed <Order/>', undefined],
    ['', undefined],
  ])('%j', (xml, name) => {
    expect(rootElementName(xml)).toBe(name);
  });

  it('answers a 10 MB body by its first element', () => {
    const big = `<Order>${'<TelephoneNumber>bad</TelephoneNumber>'.repeat(270_000)}</Order>`;
    expect(rootElementName(big)).toBe('Order');
    expect(rootElementName(`<!--${'-'.repeat(1_000_000)}`)).toBeUndefined();
  });
});
