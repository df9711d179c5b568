import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalescedOutput } from '../src/report/coalesced-output.js';

describe('coalescedOutput gathers the report into few writes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes once the gathered text reaches the limit, in order, and the rest on flush', () => {
    const writes: string[] = [];
    const output = coalescedOutput((text) => writes.push(text), { limit: 10 });
    output.write('abcd');
    output.write('');
    output.write('efgh');
    expect(writes).toEqual([]);
    output.write('ijk');
    expect(writes).toEqual(['abcdefghijk']);
    output.write('lm');
    output.flush();
    output.flush();
    expect(writes).toEqual(['abcdefghijk', 'lm']);
  });

  it('does not hold text longer than maxWaitMs, so a slow check still shows its entries', () => {
    vi.useFakeTimers();
    const writes: string[] = [];
    const output = coalescedOutput((text) => writes.push(text), { limit: 1000, maxWaitMs: 50 });
    output.write('first entry\n');
    vi.advanceTimersByTime(49);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual(['first entry\n']);
    output.write('second entry\n');
    output.flush();
    vi.advanceTimersByTime(100);
    expect(writes).toEqual(['first entry\n', 'second entry\n']);
  });
});
