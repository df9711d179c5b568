import { describe, expect, it } from 'vitest';
import { TrafficJson, UnparseableJson } from '../src/bodies/json-text.js';
import { CheckLimitError } from '../src/core/scope.js';

describe('TrafficJson', () => {
  it('parses what JSON.parse parses', () => {
    const json = new TrafficJson();
    expect(json.parse('{"to":["+14155550100"],"n":1}')).toEqual({ to: ['+14155550100'], n: 1 });
    expect(json.parse('null')).toBeNull();
  });

  it('refuses what JSON.parse refuses, with its message', () => {
    const text = '{"from": "+1415", bad}';
    let expected = '';
    try {
      JSON.parse(text);
    } catch (error) {
      expected = (error as Error).message;
    }
    const refused = new TrafficJson().parse(text);
    expect(refused).toBeInstanceOf(UnparseableJson);
    expect((refused as UnparseableJson).message).toBe(expected);
  });

  it('holds a long text to its policy before parsing it', () => {
    const policy = { maxJsonNodes: 10, maxJsonDepth: 64 };
    const long = `[${Array.from({ length: 2000 }, (_, index) => index).join(',')}]`;
    const json = new TrafficJson(policy);
    expect(() => json.parse(long)).toThrow(CheckLimitError);
    expect(() => json.parse(long)).toThrow(/more than 10 values/);
    // A short text is not counted at all (it cannot hold more values than characters past the limit scan).
    expect(json.parse('[1,2,3,4,5,6,7,8,9,10,11,12]')).toHaveLength(12);
    expect(new TrafficJson().parse(long)).toHaveLength(2000);
  });

  it('leaves the stack trace limit alone, after a refusal as after a parse', () => {
    const before = Error.stackTraceLimit;
    const json = new TrafficJson();
    try {
      Error.stackTraceLimit = 7;
      json.parse('{');
      expect(Error.stackTraceLimit).toBe(7);
      json.parse('{}');
      expect(Error.stackTraceLimit).toBe(7);
      expect(new Error('after').stack?.split('\n').length).toBeGreaterThan(1);
    } finally {
      Error.stackTraceLimit = before;
    }
  });
});
