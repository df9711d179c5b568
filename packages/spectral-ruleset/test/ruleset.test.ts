import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import ruleset, { createRules, REPLACED_BUILT_INS } from '../src/index.js';

const TEST_DIR = fileURLToPath(new URL('.', import.meta.url));
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const codes = Object.keys(createRules());

/** The text of the tests that lint specs, where each rule's failing case asserts its code. */
const testSources = readdirSync(TEST_DIR)
  .filter((file) => file.endsWith('.test.ts') && file !== 'ruleset.test.ts')
  .map((file) => readFileSync(`${TEST_DIR}/${file}`, 'utf8'))
  .join('\n');

describe('the ruleset definition', () => {
  it('names every rule of ours with the svc- prefix and describes it', () => {
    for (const code of codes) {
      const rule = createRules()[code];
      expect(code).toMatch(/^svc-[a-z0-9-]+$/);
      expect(rule?.description?.length ?? 0).toBeGreaterThan(20);
      expect(rule?.severity).toBe('error');
    }
  });

  it('documents every rule in the README table', () => {
    const rows = new Set(README.split('\n').map((line) => /^\| `(svc-[a-z0-9-]+)` +\|/.exec(line)?.[1]));
    const undocumented = codes.filter((code) => !rows.has(code));
    expect(undocumented).toEqual([]);
  });

  it('has a failing case in the tests for every rule', () => {
    const untested = codes.filter((code) => !testSources.includes(`code: '${code}'`));
    expect(untested).toEqual([]);
  });

  it('turns off the built-ins it replaces, and defines each replacement', () => {
    const rules = 'rules' in ruleset ? (ruleset.rules as Record<string, unknown>) : {};
    for (const [builtIn, replacement] of Object.entries(REPLACED_BUILT_INS)) {
      expect(rules[builtIn]).toBe('off');
      expect(codes).toContain(replacement);
    }
  });
});
