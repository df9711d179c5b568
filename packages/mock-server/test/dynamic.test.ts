import { isXmlMediaType } from '@svc-contracts/openapi-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockSet } from '../src/index.ts';
import { bundleService, isWritten, listServices } from '../src/services.ts';
import { type ContractSet, judge, loadContractSet } from './contract-check.ts';
import { specOperations, validRequest } from './spec-requests.ts';
import { call, configPath, mockUrl, startOnFreePorts } from './support.ts';

/** `--dynamic`: bodies generated from the schemas still conform; XML answers stay the spec's examples. */
const services = await Promise.all(
  listServices(configPath)
    .filter(isWritten)
    .map((source) => bundleService(configPath, source)),
);

let mocks: MockSet;
let contracts: ContractSet;

beforeAll(async () => {
  contracts = await loadContractSet(configPath);
  mocks = await startOnFreePorts({ dynamic: true, contracts });
});

afterAll(async () => {
  await mocks?.stop();
  await contracts?.close();
});

describe('--dynamic', () => {
  for (const { source, spec } of services) {
    it(`${source.name}: every operation's generated success answer conforms`, async () => {
      for (const operation of specOperations(spec)) {
        const request = validRequest(spec, operation);
        const answer = await call(mockUrl(mocks, source.name), request.path, request);
        const label = `${operation.method} ${operation.path}`;
        expect(answer.status, `${label}: ${answer.text}`).toBeLessThan(300);
        if (isXmlMediaType(answer.contentType)) expect(answer.text, label).not.toContain('<xml>');
        const verdict = await judge(
          contracts,
          source.name,
          mockUrl(mocks, source.name),
          request.path,
          request,
          answer,
        );
        expect(verdict.violations, label).toEqual([]);
      }
    });
  }

  it('JSON bodies are generated, not the example', async () => {
    const answer = await call(mockUrl(mocks, 'agents'), '/api/v1/workflow/fetch/17', {
      headers: { authorization: 'Bearer t' },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).name).not.toBe('Renewal reminder');
  });

  it('Prefer: dynamic=false serves the example again', async () => {
    const answer = await call(mockUrl(mocks, 'agents'), '/api/v1/workflow/fetch/17', {
      headers: { authorization: 'Bearer t', prefer: 'dynamic=false' },
    });
    expect(JSON.parse(answer.text).name).toBe('Renewal reminder');
  });
});
