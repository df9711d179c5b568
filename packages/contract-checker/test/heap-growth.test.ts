import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { boundHeapGrowth, heapGrowthFlag, userSetHeapGrowth } from '../src/run/heap-growth.js';

describe('the CLI bounds heap growth unless the user chose it', () => {
  it('sees a growth given on the command line or in NODE_OPTIONS, in either spelling', () => {
    expect(userSetHeapGrowth(['--heap-growing-percent=40'], undefined)).toBe(true);
    expect(userSetHeapGrowth([], '--max-old-space-size=512  --heap_growing_percent=40')).toBe(true);
    expect(userSetHeapGrowth(['--heap-growing-percent', '40'], undefined)).toBe(true);
  });

  it('does not take other options for it', () => {
    expect(userSetHeapGrowth(['--max-old-space-size=512', '--trace-gc'], '')).toBe(false);
    expect(userSetHeapGrowth([], '--heap-growing-percentage=1 --xheap-growing-percent=3')).toBe(false);
    expect(userSetHeapGrowth([], undefined)).toBe(false);
  });

  it("leaves the user's choice alone", () => {
    expect(boundHeapGrowth(['--heap-growing-percent=300'], undefined)).toBe(false);
  });

  it('sets the flag in a process of its own otherwise', () => {
    // In a child process: the flag is process-wide, and this test's process is not the CLI's.
    const module = fileURLToPath(new URL('../src/run/heap-growth.ts', import.meta.url));
    const printed = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(module)}); console.log(m.boundHeapGrowth([], undefined), m.heapGrowthFlag);`,
      ],
      { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } },
    );
    expect(printed.trim()).toBe(`true ${heapGrowthFlag}`);
  });
});
