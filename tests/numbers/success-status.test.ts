import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ContractSet, loadContracts, type RecordedRequest } from '@svc-contracts/contract-checker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The source shows no success status for number management: any 2xx passes, anything else still fails.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const example = (name: string): string =>
  (parse(readFileSync(resolve(root, 'specs/numbers/components/examples', name), 'utf8')) as { value: string })
    .value;

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadContracts({ configPath: resolve(root, 'redocly.yaml') });
});
afterAll(() => contracts.close());

const order: RecordedRequest = {
  method: 'POST',
  url: 'https://dashboard.example.com/api/v2/accounts/9900000/orders',
  headers: [
    { name: 'Authorization', value: `Basic ${Buffer.from('user:pass').toString('base64')}` },
    { name: 'Content-Type', value: 'application/xml' },
  ],
  body: example('order.yaml'),
};
const answered = (status: number) => ({
  status,
  headers: [{ name: 'Content-Type', value: 'application/xml' }],
  body: example('order-response.yaml'),
});

describe('number-management success statuses', () => {
  it('an order response with 200, 201 or 202 conforms: the status is not shown', async () => {
    for (const status of [200, 201, 202]) {
      expect((await contracts.checkExchange(order, answered(status))).verdict, String(status)).toBe(
        'conforms',
      );
    }
  });

  it('a status outside 2xx and the declared errors still fails', async () => {
    const verdict = await contracts.checkExchange(order, answered(302));
    expect(verdict.verdict).toBe('violation');
  });
});
