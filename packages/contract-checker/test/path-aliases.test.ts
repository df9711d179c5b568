import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractSet, loadContracts } from '../src/index.js';
import { entryLines } from '../src/report/format.js';

/**
 * `x-path-aliases` on a path item: another spelling of the path that the source uses too (numbers
 * spells `e911Addresses` in its operation table and `/e911addresses` in its versioning notes). Traffic to
 * either matches the operation; the alias spelling is a warning (the entry's note), not a violation.
 */
const configPath = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));
const authorization = `Basic ${Buffer.from('user:password').toString('base64')}`;

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadContracts({ configPath });
});
afterAll(() => contracts.close());

const exchange = (path: string) =>
  contracts.checkExchange(
    {
      method: 'GET',
      url: `https://dashboard.example.com/api/v2/accounts/1${path}`,
      headers: [{ name: 'Authorization', value: authorization }],
    },
    { status: 200, headers: [{ name: 'Content-Type', value: 'application/xml' }], body: '<E911Addresses/>' },
  );

describe('x-path-aliases', () => {
  it('matches the documented spelling without a note', async () => {
    const verdict = await exchange('/e911Addresses');
    expect(verdict).toMatchObject({ verdict: 'conforms', match: { operationId: 'listE911Addresses' } });
    expect(verdict.match?.pathAlias).toBeUndefined();
    expect(verdict.note).toBeUndefined();
  });

  it('matches the other spelling of the source, with a warning', async () => {
    const verdict = await exchange('/e911addresses');
    expect(verdict).toMatchObject({
      verdict: 'conforms',
      match: { operationId: 'listE911Addresses', pathAlias: '/api/v2/accounts/{accountId}/e911addresses' },
    });
    expect(verdict.note).toMatch(
      /^warning: the URL uses the spelling \/api\/v2\/accounts\/\{accountId\}\/e911addresses/,
    );
    const [line] = entryLines({
      file: 'x.har',
      index: 0,
      method: 'GET',
      url: 'https://dashboard.example.com/api/v2/accounts/1/e911addresses',
      status: 200,
      ...verdict,
    } as Parameters<typeof entryLines>[0]);
    expect(line).toMatch(/^PASS .*\(warning: the URL uses the spelling/);
  });

  it('any other spelling is still undocumented', async () => {
    const verdict = await exchange('/E911ADDRESSES');
    expect(verdict.verdict).toBe('violation');
    expect(verdict.violations.map((violation) => violation.rule)).toEqual(['undocumented-operation']);
  });
});
