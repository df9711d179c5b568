import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockSet } from '../src/index.ts';
import { basicAuth, call, startOnFreePorts } from './support.ts';

let set: MockSet;
const numbers = (): string => set.mocks.find((mock) => mock.name === 'numbers')?.url ?? '';

beforeAll(async () => {
  set = await startOnFreePorts({ only: ['numbers'] });
});
afterAll(() => set.stop());

describe('x-path-aliases', () => {
  it('serves the other spelling the source uses as the documented path, as the checker matches it', async () => {
    const documented = await call(numbers(), '/api/v2/accounts/9900/e911Addresses', {
      headers: { authorization: basicAuth },
    });
    const alias = await call(numbers(), '/api/v2/accounts/9900/e911addresses', {
      headers: { authorization: basicAuth },
    });
    expect(documented.status).toBe(200);
    expect(alias.status).toBe(200);
    expect(alias.text).toBe(documented.text);
  });

  it('any other spelling is still an unknown path', async () => {
    const other = await call(numbers(), '/api/v2/accounts/9900/E911ADDRESSES', {
      headers: { authorization: basicAuth },
    });
    expect(other.status).toBe(404);
  });
});
