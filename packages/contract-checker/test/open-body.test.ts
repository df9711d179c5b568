import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractSet, loadContracts } from '../src/index.js';
import { request, rules } from './helpers.js';

// Two answers of one operation, the same but for `x-body-open`: the source shows the body of the 200,
// and shows neither the body nor the media type of the 404.
const spec = `openapi: 3.1.0
info: { title: open bodies, version: '1' }
paths:
  /things/{id}:
    get:
      operationId: getThing
      parameters:
        - { name: id, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: shown
          content:
            application/json:
              schema: { type: object, required: [id], properties: { id: { type: string } } }
        '404':
          description: not shown
          x-body-open: true
          content:
            application/json:
              schema: { type: object, required: [detail], properties: { detail: { type: string } } }
        '410':
          description: not shown, no content declared
          x-body-open: true
`;

let dir: string;
let contracts: ContractSet;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'open-body-'));
  writeFileSync(join(dir, 'openapi.yaml'), spec);
  contracts = await loadContracts({ specs: [{ name: 'things', root: 'openapi.yaml' }], baseDir: dir });
  expect(contracts.problems).toEqual([]);
});
afterAll(async () => {
  await contracts.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = request('GET', 'http://h/things/a');
const answer = (status: number, body: string, contentType?: string) => ({
  status,
  headers: contentType ? [{ name: 'Content-Type', value: contentType }] : [],
  body,
});

describe('x-body-open on a response', () => {
  it('accepts no body, no Content-Type, or a media type the contract does not declare', async () => {
    for (const response of [
      answer(404, ''),
      answer(404, 'Not Found'),
      answer(404, '<html/>', 'text/html'),
      answer(410, '{"gone":true}', 'application/json'),
      answer(410, ''),
    ]) {
      expect((await contracts.checkExchange(get, response)).violations).toEqual([]);
    }
  });

  it('still checks a body of a declared media type against its schema', async () => {
    const verdict = await contracts.checkExchange(get, answer(404, '{"detail":7}', 'application/json'));
    expect(rules(verdict.violations)).toEqual(['response-body-schema']);
  });

  it('leaves a response without it as strict as before', async () => {
    expect(rules((await contracts.checkExchange(get, answer(200, ''))).violations)).toEqual([
      'response-body-missing',
    ]);
    expect(rules((await contracts.checkExchange(get, answer(200, 'x', 'text/html'))).violations)).toEqual([
      'response-content-type',
    ]);
    expect(rules((await contracts.checkExchange(get, answer(200, '{"id":"a"}'))).violations)).toEqual([
      'response-content-type',
    ]);
  });
});
