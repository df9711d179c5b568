import { describe, expect, it } from 'vitest';
import { parseMemo, parseTrafficJson, UnparseableJson, useParseMemo } from '../src/bodies/json-text.js';

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

  it('parses a text read twice in a row once (an exchange whose bodies x-echoes reads again)', () => {
    // The contract set checking now hands its own memo over with the exchange's bodies.
    useParseMemo(parseMemo());
    const request = '{"tag":"t","from":"+14155550100"}';
    const response = '{"tag":"t","owner":"+14155550100"}';
    const first = [parseTrafficJson(request), parseTrafficJson(response)];
    expect([parseTrafficJson(request), parseTrafficJson(response)]).toEqual(first);
    expect(parseTrafficJson(request)).toBe(first[0]);
    expect(parseTrafficJson(response)).toBe(first[1]);
    // A third text pushes the oldest out: the next read of it parses again, to an equal value.
    parseTrafficJson('{"other":1}');
    parseTrafficJson('{"another":2}');
    const again = parseTrafficJson(request);
    expect(again).not.toBe(first[0]);
    expect(again).toEqual(first[0]);
  });

  it('parses every time for a contract set that remembers no parse', () => {
    const text = '{"tag":"t"}';
    useParseMemo(parseMemo());
    expect(parseTrafficJson(text)).toBe(parseTrafficJson(text));
    useParseMemo(undefined);
    const first = parseTrafficJson(text);
    expect(parseTrafficJson(text)).not.toBe(first);
    expect(parseTrafficJson(text)).toEqual(first);
  });

  it("keeps each contract set's parses in its own memo", () => {
    const [one, other] = [parseMemo(), parseMemo()];
    useParseMemo(one);
    const value = parseTrafficJson('{"set":1}');
    useParseMemo(other);
    expect(parseTrafficJson('{"set":1}')).not.toBe(value);
    expect(other.lastText).toBe('{"set":1}');
    expect(one.lastValue).toBe(value);
  });

  it('leaves the stack trace limit alone, after a refusal as after a parse', () => {
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
