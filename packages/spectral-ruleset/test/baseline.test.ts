import { describe, expect, it } from 'vitest';
import { baseSpec, lint } from './helpers.js';

describe('the base spec', () => {
  it('follows every rule of the ruleset, including spectral:oas', async () => {
    const results = await lint(baseSpec());
    expect(
      results.map((result) => `${String(result.code)} ${result.path.join('.')}: ${result.message}`),
    ).toEqual([]);
  });
});
