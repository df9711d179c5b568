import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  type ContractSet,
  loadContracts,
  type RecordedRequest,
  type RecordedResponse,
} from '../src/index.js';
import { testRule } from './rule-table.js';

// Statements of the source documents, and what they leave open, checked against the repository's own
// specs: each rule with the traffic the source allows (no violation) beside the traffic it does not.
const configPath = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadContracts({ configPath });
});
afterAll(() => contracts?.close());

interface Exchange {
  service: string;
  request: RecordedRequest;
  response: RecordedResponse;
}

const check = async ({ service, request, response }: Exchange) =>
  (await contracts.checkExchange(request, response, { service })).violations;

const bearer = [{ name: 'Authorization', value: 'Bearer t' }];
const basic = [{ name: 'Authorization', value: `Basic ${Buffer.from('user:password').toString('base64')}` }];
const json = (body: unknown, status = 200): RecordedResponse => ({
  status,
  headers: [{ name: 'Content-Type', value: 'application/json' }],
  body: JSON.stringify(body),
});

// 000 E6: "Unknown attributes and unsupported type values are silently ignored"; each element is still
// "an object with attribute, type, value".
const runs = (filters: unknown): Exchange => ({
  service: 'agents',
  request: {
    method: 'GET',
    url: `http://h/api/v1/organizations/usage/runs?filters=${encodeURIComponent(JSON.stringify(filters))}`,
    headers: bearer,
  },
  response: json({ runs: [] }),
});

testRule('parameter-invalid', check, [
  {
    name: 'filters: a known attribute with a type value of another JSON type (1) is ignored',
    given: runs([{ attribute: 'runId', type: 1, value: { value: 901 } }]),
    want: [],
  },
  {
    name: 'filters: a type value null is ignored',
    given: runs([{ attribute: 'runId', type: null, value: { value: 901 } }]),
    want: [],
  },
  {
    name: 'filters: an attribute that is not a string (42) is unknown, so ignored',
    given: runs([{ attribute: 42, type: 'number', value: { value: 901 } }]),
    want: [],
  },
  {
    name: 'filters: a documented pair still requires its value shape',
    given: runs([{ attribute: 'runId', type: 'number', value: { value: 'x' } }]),
    want: [{ rule: 'parameter-invalid' }, { rule: 'accepted-invalid-request' }],
  },
  {
    name: 'filters: an element that is not an object fails',
    given: runs(['runId']),
    want: [{ rule: 'parameter-invalid' }, { rule: 'accepted-invalid-request' }],
  },
  {
    name: 'filters: an element without value fails',
    given: runs([{ attribute: 'runId', type: 'number' }]),
    want: [
      { rule: 'parameter-invalid', message: expect.stringContaining("required property 'value'") },
      { rule: 'parameter-invalid' },
      { rule: 'accepted-invalid-request' },
    ],
  },
]);
