import { readEchoes } from '@svc-contracts/contract-model';
import { describe, expect, it } from 'vitest';
import { TrafficJson } from '../src/bodies/json-text.js';
import { applyEchoes, echoMismatches } from '../src/extensions/echoes.js';

/** Each check reads JSON with a reader of the default policy, as a contract set of default options does. */
const json = new TrafficJson();

/** The entries the checker judges: contract-model's reader, malformed entries left out. */
const echoRules = (extension: unknown) => readEchoes({ 'x-echoes': extension }).value ?? [];

const rules = echoRules([
  { request: '/tag', response: '/tag', present: true, equal: true },
  { request: '/media', response: '/media', present: true },
  { request: '/from', response: '/owner', equal: true },
]);

describe('x-echoes', () => {
  it('keeps only entries that name top-level members and ask something', () => {
    expect(
      echoRules([
        { request: '/a/b', response: '/a', present: true },
        { request: '/a', response: '/a' },
        { request: '/a', response: 7, equal: true },
        null,
        { request: '/a~1b', response: '/c', equal: true },
      ]),
    ).toEqual([{ request: '/a~1b', response: '/c', present: false, equal: true }]);
    expect(echoRules('tag')).toEqual([]);
  });

  it('judges nothing when a body is not a JSON object', () => {
    for (const [request, response] of [
      ['{"tag":"t"}', 'not json'],
      ['[1]', '{}'],
      [undefined, '{}'],
      ['{"tag":"t"}', ''],
    ] as const) {
      expect(echoMismatches(json, rules, request, response)).toEqual([]);
    }
  });

  it('compares arrays and objects by value', () => {
    expect(echoMismatches(json, rules, '{"from":"+1","tag":"t"}', '{"owner":"+1","tag":"t"}')).toEqual([]);
    expect(
      echoMismatches(
        json,
        echoRules([{ request: '/to', response: '/to', equal: true }]),
        '{"to":["a","b"]}',
        '{"to":["a","b"]}',
      ),
    ).toEqual([]);
  });

  it('makes an example carry the request: equal members always, present ones only when missing', () => {
    const example = { tag: 'example', media: ['https://media.example.com/1'], owner: '+1999', id: 'm-1' };
    expect(
      applyEchoes(rules, { tag: 'sent', media: ['https://cdn.example.com/a'], from: '+1415' }, example),
    ).toEqual({
      tag: 'sent',
      media: ['https://media.example.com/1'],
      owner: '+1415',
      id: 'm-1',
    });
    expect(applyEchoes(rules, { media: ['x'] }, { id: 'm-1' })).toEqual({ id: 'm-1', media: ['x'] });
    expect(applyEchoes(rules, 'text', example)).toBe(example);
    expect(example.tag).toBe('example');
  });
});
