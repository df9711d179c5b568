import { describe, expect, it } from 'vitest';
import { parseTrafficJson, UnparseableJson } from '../src/json-text.js';

describe('parseTrafficJson', () => {
  it('parses what JSON.parse parses', () => {
    expect(parseTrafficJson('{"to":["+14155550100"],"n":1}')).toEqual({ to: ['+14155550100'], n: 1 });
    expect(parseTrafficJson('null')).toBeNull();
  });

  it('refuses what JSON.parse refuses, with its message', () => {
    const text = '{"from": "+1415", bad}';
    let expected = '';
    try {
      JSON.parse(text);
    } catch (error) {
      expected = (error as Error).message;
    }
    const refused = parseTrafficJson(text);
    expect(refused).toBeInstanceOf(UnparseableJson);
    expect((refused as UnparseableJson).message).toBe(expected);
  });

  it("puts the caller's stack trace limit back, after a refusal as after a parse", () => {
    const before = Error.stackTraceLimit;
    try {
      Error.stackTraceLimit = 7;
      parseTrafficJson('{');
      expect(Error.stackTraceLimit).toBe(7);
      parseTrafficJson('{}');
      expect(Error.stackTraceLimit).toBe(7);
      expect(new Error('after').stack?.split('\n').length).toBeGreaterThan(1);
    } finally {
      Error.stackTraceLimit = before;
    }
  });
});
