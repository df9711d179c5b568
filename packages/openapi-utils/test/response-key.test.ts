import { describe, expect, it } from 'vitest';
import { responseKeyOf } from '../src/index.js';

describe('responseKeyOf', () => {
  const responses = { '200': {}, '4xx': {}, default: {} };
  it.each([
    [200, '200'],
    [404, '4xx'],
    [500, 'default'],
  ])('status %i selects %s (exact, then range, then default)', (status, key) => {
    expect(responseKeyOf(responses, status)).toBe(key);
  });
  it('selects nothing where no key covers the status', () => {
    expect(responseKeyOf({ '200': {} }, 404)).toBeUndefined();
  });
});
