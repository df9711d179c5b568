import { isXmlMediaType } from '@svc-contracts/openapi-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockSet } from '../src/index.ts';
import { bundleService, isWritten, listServices } from '../src/services.ts';
import { type ContractSet, judge, loadContractSet } from './contract-check.ts';
import {
  errorStatuses,
  exampleNames,
  exampleValue,
  servedExample,
  specOperations,
  successStatuses,
  validRequest,
} from './spec-requests.ts';
import { call, configPath, mockUrl, startOnFreePorts } from './support.ts';

/**
 * Every operation of every written spec, driven with plain fetch: the success answer, then every
 * documented error status and each of its named examples through `Prefer`. The contract checker judges
 * each exchange, so "the answer matches the spec" means what it means for recorded traffic.
 */
const services = await Promise.all(
  listServices(configPath)
    .filter(isWritten)
    .map((source) => bundleService(configPath, source)),
);

let mocks: MockSet;
let contracts: ContractSet;

beforeAll(async () => {
  contracts = await loadContractSet(configPath);
  mocks = await startOnFreePorts({ contracts });
});

afterAll(async () => {
  await mocks?.stop();
  await contracts?.close();
});

for (const { source, spec } of services) {
  describe(`${source.name} mock`, () => {
    for (const operation of specOperations(spec)) {
      const label = `${operation.method.toUpperCase()} ${operation.path}`;

      it(`${label}: a valid request gets a documented success`, async () => {
        const request = validRequest(spec, operation);
        const answer = await call(mockUrl(mocks, source.name), request.path, request);
        expect(answer.status, answer.text).toBeGreaterThanOrEqual(200);
        expect(answer.status, answer.text).toBeLessThan(300);
        const verdict = await judge(
          contracts,
          source.name,
          mockUrl(mocks, source.name),
          request.path,
          request,
          answer,
        );
        expect(verdict.requestViolations, 'the request built from the spec is valid').toEqual([]);
        expect(verdict.violations).toEqual([]);
        expect(verdict.verdict).toBe('conforms');
      });

      for (const status of successStatuses(operation)) {
        for (const name of exampleNames(spec, operation, status)) {
          it(`${label}: Prefer: example=${name} serves that success example`, async () => {
            const request = validRequest(spec, operation);
            const headers = { ...request.headers, prefer: `example=${name}` };
            const answer = await call(mockUrl(mocks, source.name), request.path, { ...request, headers });
            expect(answer.status, answer.text).toBeLessThan(300);
            const example = servedExample(spec, operation, status, name, request);
            if (isXmlMediaType(answer.contentType)) expect(answer.text).toBe(example);
            else expect(JSON.parse(answer.text)).toEqual(example);
          });
        }
      }

      for (const status of errorStatuses(operation)) {
        const names = exampleNames(spec, operation, status);
        for (const name of names.length > 0 ? names : [undefined]) {
          const prefer = name === undefined ? `code=${status}` : `code=${status}, example=${name}`;
          it(`${label}: Prefer: ${prefer} reproduces the documented error`, async () => {
            const request = validRequest(spec, operation);
            const headers = { ...request.headers, prefer: prefer };
            const answer = await call(mockUrl(mocks, source.name), request.path, { ...request, headers });
            expect(answer.status, answer.text).toBe(status);
            if (name !== undefined) {
              const example = exampleValue(spec, operation, status, name);
              if (isXmlMediaType(answer.contentType)) expect(answer.text).toBe(example);
              else expect(JSON.parse(answer.text)).toEqual(example);
            }
            const verdict = await judge(
              contracts,
              source.name,
              mockUrl(mocks, source.name),
              request.path,
              { ...request, headers },
              answer,
            );
            expect(verdict.violations).toEqual([]);
          });
        }
      }
    }
  });
}

describe('a request the spec does not describe', () => {
  it('an unknown path is 404 and an undocumented method 405, as Prism answers them', async () => {
    const agents = mockUrl(mocks, 'agents');
    expect((await call(agents, '/api/v1/nothing-here')).status).toBe(404);
    const wrongMethod = await call(agents, '/api/v1/workflow/fetch', { method: 'DELETE' });
    expect(wrongMethod.status).toBe(405);
  });

  it('a browser preflight is answered 204, and answers carry CORS headers for a browser origin', async () => {
    const agents = mockUrl(mocks, 'agents');
    const preflight = await call(agents, '/api/v1/workflow/fetch', {
      method: 'OPTIONS',
      headers: { origin: 'http://docs.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://docs.example');
    const answer = await call(agents, '/api/v1/workflow/fetch', {
      headers: { origin: 'http://docs.example', authorization: 'Bearer t' },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://docs.example');
    const noOrigin = await call(agents, '/api/v1/workflow/fetch', { headers: { authorization: 'Bearer t' } });
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("a Prefer header that is not Prism's syntax is refused with 400, not ignored", async () => {
    const answer = await call(mockUrl(mocks, 'agents'), '/api/v1/workflow/fetch', {
      headers: { authorization: 'Bearer t', prefer: 'code=abc' },
    });
    expect(answer.status).toBe(400);
    expect(answer.contentType).toBe('application/problem+json');
  });
});
