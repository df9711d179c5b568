import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractSet, checkHarFiles } from '../src/index.js';
import { jsonMutations } from '../src/mutation/json-mutations.js';
import { generateMutants } from '../src/mutation/mutation.js';
import { readXsdFacts, xmlMutations } from '../src/mutation/xml-mutations.js';
import {
  basic,
  bearer,
  dashboard,
  fixtures,
  fleet,
  jsonResponse,
  loadFixtureContracts,
  order,
  orderResponse,
  request,
  xmlResponse,
} from './helpers.js';

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadFixtureContracts();
});
afterAll(() => contracts.close());

const har = (name: string): string => join(fixtures, 'har', name);
const emptyDoc: OpenApiDocument = { openapi: '3.1.0', info: { title: 't', version: '1' } };

describe('coverage', () => {
  it('counts operation x status x content type cells and lists operations without entries', async () => {
    const report = await checkHarFiles([har('fleet.har'), har('numbers.har')], { contracts, coverage: true });
    const coverage = report.coverage;
    expect(coverage?.totalCells).toBe(25);
    expect(coverage?.coveredCells).toBe(8);
    const pause = coverage?.operations.find((operation) => operation.operationId === 'pauseCampaign');
    expect(pause?.entries).toBe(2);
    expect(pause?.cells.filter((cell) => cell.entries > 0).map((cell) => cell.status)).toEqual([
      '200',
      '401',
    ]);
    expect(coverage?.operationsWithoutEntries).toEqual([
      'telephony createCall',
      'telephony modifyCall',
      'telephony getAccessToken',
      'telephony verifyCode',
      'numbers listInserviceNumbers',
    ]);
  });
});

describe('mutants', () => {
  it('jsonMutations: drop required, change type, leave enum, break pattern and format, exceed bounds', () => {
    const schema = {
      type: 'object',
      required: ['id', 'status'],
      properties: {
        id: { type: 'integer', minimum: 1 },
        status: { type: 'string', enum: ['active', 'archived'] },
        phone: { type: 'string', pattern: '^\\+[1-9][0-9]{1,14}$' },
        at: { type: 'string', format: 'date-time' },
      },
    };
    const mutations = jsonMutations(emptyDoc, schema, {
      id: 3,
      status: 'active',
      phone: '+14155550100',
      at: '2025-01-01T00:00:00Z',
    });
    expect(mutations.map((mutation) => `${mutation.kind} ${mutation.pointer}`)).toEqual([
      'change-type /',
      'drop-required /id',
      'drop-required /status',
      'change-type /id',
      'exceed-bound /id',
      'change-type /status',
      'leave-enum /status',
      'change-type /phone',
      'break-pattern /phone',
      'change-type /at',
      'break-format /at',
    ]);
    expect(mutations[1]?.value).toEqual({
      status: 'active',
      phone: '+14155550100',
      at: '2025-01-01T00:00:00Z',
    });
  });

  it('xmlMutations: drop every occurrence of a required element, break constrained values, keep optional ones', async () => {
    const facts = await readXsdFacts(join(fixtures, 'specs', 'numbers', 'xsd', 'order.xsd'));
    expect(facts.required.has('TelephoneNumber')).toBe(true);
    expect(facts.required.has('CustomerOrderId')).toBe(false);
    const mutations = xmlMutations(order(), facts);
    expect(mutations.map((mutation) => mutation.description)).toEqual([
      'drop required element <SiteId>',
      'invalid value in <SiteId>',
      'drop required element <PartialAllowed>',
      'invalid value in <PartialAllowed>',
      'drop required element <TelephoneNumberList>',
      'drop required element <TelephoneNumber> (all 2)',
      'invalid value in <TelephoneNumber>',
    ]);
    expect(mutations[5]?.body).not.toContain('<TelephoneNumber>');
  });

  it('readXsdFacts reads the XSD and its includes with xsd-model; one it cannot read is refused, named', async () => {
    const facts = await readXsdFacts(join(fixtures, 'specs', 'numbers', 'xsd', 'order.xsd'));
    // TelephoneNumber is declared in common.xsd (included), with a pattern.
    expect([...facts.required].sort()).toEqual([
      'Description',
      'ErrorCode',
      'Order',
      'OrderId',
      'OrderResponse',
      'OrderStatus',
      'PartialAllowed',
      'ResponseStatus',
      'SiteId',
      'TelephoneNumber',
      'TelephoneNumberList',
      'TelephoneNumbers',
    ]);
    expect([...facts.constrained].sort()).toEqual([
      'ErrorCode',
      'PartialAllowed',
      'SiteId',
      'TelephoneNumber',
    ]);
    const scratch = await mkdtemp(join(tmpdir(), 'xsd-facts-'));
    try {
      const namespaced = join(scratch, 'namespaced.xsd');
      await writeFile(
        namespaced,
        '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:x"><xs:element name="A" type="xs:int"/></xs:schema>',
      );
      await expect(readXsdFacts(namespaced)).rejects.toThrow(/namespaced\.xsd: .*targetNamespace/);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('generateMutants: request body, query and response mutants of a passing exchange, all rejected', async () => {
    const exchange = {
      request: request('POST', `${dashboard}/accounts/9900/orders`, basic, order(), 'application/xml'),
      response: xmlResponse(201, orderResponse),
    };
    const mutants = await generateMutants(exchange, contracts);
    expect(mutants.filter((mutant) => mutant.side === 'request')).toHaveLength(7);
    expect(
      mutants.filter((mutant) => mutant.side === 'response').map((mutant) => mutant.description),
    ).toEqual([
      'response body drop required element <OrderId>',
      'response body drop required element <OrderStatus>',
    ]);
    for (const mutant of mutants) {
      expect(
        (await contracts.checkExchange(mutant.request, mutant.response)).verdict,
        mutant.description,
      ).toBe('violation');
    }
    const query = await generateMutants(
      {
        request: request('GET', `${fleet}/organizations/usage/runs?limit=50`, bearer),
        response: jsonResponse(200, { runs: [], total_count: 0 }),
      },
      contracts,
    );
    expect(
      query
        .filter((mutant) => mutant.description.startsWith('query'))
        .map((mutant) => mutant.request.url.split('?')[1]),
    ).toEqual(['limit=mutant', 'limit=101', 'limit=0']);
  });

  it('generateMutants: a plain string query parameter gets no type-change mutant (query text is always a string)', async () => {
    const mutants = await generateMutants(
      {
        request: request(
          'GET',
          `${dashboard}/accounts/9900/inserviceNumbers?countryCodeA3=USA&areaCode=1919`,
          basic,
        ),
        response: xmlResponse(
          200,
          '<TelephoneNumbers><TelephoneNumber>+14155550100</TelephoneNumber></TelephoneNumbers>',
        ),
      },
      contracts,
    );
    expect(mutants.filter((mutant) => mutant.side === 'request').map((mutant) => mutant.description)).toEqual(
      ["query countryCodeA3 /: '~' does not match ^[A-Z]{3}$"],
    );
  });

  it('a survivor is reported: the open UnknownFilter branch accepts any changed filter value', async () => {
    const url = `${fleet}/organizations/usage/runs?filters=${encodeURIComponent(JSON.stringify([{ attribute: 'colour', type: 'text', value: 'x' }]))}`;
    const mutants = await generateMutants(
      { request: request('GET', url, bearer), response: jsonResponse(200, { runs: [], total_count: 0 }) },
      contracts,
    );
    // A oneOf is not entered (a change may select another branch), so only the array itself is mutated.
    expect(mutants.filter((mutant) => mutant.side === 'request').map((mutant) => mutant.description)).toEqual(
      ['query filters /: array → string'],
    );
  });

  it('--mutation scores per service over the passing entries', async () => {
    const report = await checkHarFiles([har('fleet.har'), har('numbers.har')], { contracts, mutation: true });
    const byService = Object.fromEntries(
      report.mutation?.services.map((service) => [service.service, [service.killed, service.mutants]]) ?? [],
    );
    // fleet: 47 since string query parameters get no type-change mutant (query text is always a string).
    expect(byService).toEqual({ fleet: [47, 47], numbers: [12, 12] });
    expect(report.mutation?.score).toBe(1);
    expect(report.mutation?.services.flatMap((service) => service.survivors)).toEqual([]);
  });
});
