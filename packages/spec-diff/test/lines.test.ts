import { describe, expect, it } from 'vitest';
import { lineFinder } from '../src/lines.js';

describe('lineFinder: where a pointer is written', () => {
  const yaml = [
    'paths:',
    '  /items:',
    '    post:',
    '      parameters:',
    '        - name: q',
    '        - name: r',
    '',
  ].join('\n');
  const lineOf = lineFinder(yaml);
  it.each([
    ['#/paths/~1items/post', 3],
    ['#/paths/~1items/post/parameters/1', 6],
    ['#/paths/~1items/post/parameters/1/name', 6],
    ['#/paths/~1items/post/requestBody', 3],
    ['#/paths/~1other', 1],
  ])('%s → line %i (the nearest part the file holds)', (pointer, line) => {
    expect(lineOf(pointer)).toBe(line);
  });
  it('nothing for a pointer the file does not start, or text that is not YAML', () => {
    expect(lineOf('#/components/schemas/X')).toBeUndefined();
    expect(lineOf(undefined)).toBeUndefined();
    expect(lineFinder('a: [')('#/a')).toBeUndefined();
  });
});
