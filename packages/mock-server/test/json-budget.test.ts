import { describe, expect, it } from 'vitest';
import { JsonBudget, type JsonLimits } from '../src/json-budget.ts';

const limits: JsonLimits = { maxJsonNodes: 10, maxJsonDepth: 3, maxJsonStringLength: 8 };

/** The reason a body is refused for, scanned in pieces of `size` characters. */
function scan(text: string, size = text.length, given: JsonLimits = limits): string | undefined {
  const budget = new JsonBudget(given);
  for (let at = 0; at < text.length; at += size) budget.write(text.slice(at, at + size));
  return budget.exceeded;
}

describe('JsonBudget', () => {
  it('lets a body within every limit through', () => {
    expect(scan('{"a":[1,2,{"b":"12345678"}]}')).toBeUndefined();
  });

  it('counts values, not the characters of numbers, strings or white space', () => {
    expect(scan(`[${'1,'.repeat(8)}1]`)).toBeUndefined();
    expect(scan(`[${'1,'.repeat(9)}1]`)).toContain('more than 10 values');
    expect(scan('["1,2,3,4", 1]')).toBeUndefined();
    expect(scan(`[    123456789012345678901234567890    ]`)).toBeUndefined();
  });

  it('refuses nesting deeper than the limit, and counts none inside strings', () => {
    expect(scan('[[[1]]]')).toBeUndefined();
    expect(scan('[[[[1]]]]')).toContain('deeper than 3 levels');
    expect(scan('["[[[[{{"]')).toBeUndefined();
  });

  it('refuses a string longer than the limit, whether a name or a value', () => {
    expect(scan('["123456789"]')).toContain('longer than 8 characters');
    expect(scan('{"123456789":1}')).toContain('longer than 8 characters');
  });

  it('reads escaped quotes inside strings, also when a piece ends inside the escape', () => {
    const text = '["\\"[[\\\\",1]';
    expect(scan(text)).toBeUndefined();
    for (let size = 1; size < text.length; size++) expect(scan(text, size)).toBeUndefined();
    expect(scan('["\\"\\"\\"\\"\\""]')).toContain('longer than 8');
  });

  it('scans no more once a limit is passed, and keeps the first reason', () => {
    const budget = new JsonBudget(limits);
    expect(budget.write('[[[[')).toContain('deeper');
    expect(budget.write('"1234567890"')).toContain('deeper');
  });
});
