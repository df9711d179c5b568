import { describe, expect, it } from 'vitest';
import { formatStepTimes } from '../../scripts/lib/step-times.ts';

describe('formatStepTimes', () => {
  it('gives the whole time, then each step in the order it ran, in seconds with one decimal', () => {
    expect(
      formatStepTimes(
        'release',
        [
          { title: 'build (clean)', ms: 41_249 },
          { title: 'check:packages', ms: 9_750 },
        ],
        95_300,
      ),
    ).toBe('release: done in 95.3 s (build (clean) 41.2 s, check:packages 9.8 s)');
    expect(formatStepTimes('release', [], 20)).toBe('release: done in 0.0 s');
  });
});
