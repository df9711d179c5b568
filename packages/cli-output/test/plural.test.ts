import { describe, expect, it } from 'vitest';
import { countsText, plural } from '../src/index.js';

describe('plural', () => {
  it('says one in the singular, every other count in the plural', () => {
    expect(plural(1, 'operation')).toBe('1 operation');
    expect(plural(0, 'operation')).toBe('0 operations');
    expect(plural(6, 'operation')).toBe('6 operations');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });
  it('counts operations and, when there are any, webhooks', () => {
    expect(countsText({ operations: 1, webhooks: 0 })).toBe('1 operation');
    expect(countsText({ operations: 6, webhooks: 1 })).toBe('6 operations, 1 webhook');
    expect(countsText({ operations: 2, webhooks: 3 })).toBe('2 operations, 3 webhooks');
  });
});
