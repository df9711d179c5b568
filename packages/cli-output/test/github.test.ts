import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, githubAnnotation } from '../src/index.js';

describe('githubAnnotation', () => {
  it('escapes the message and the properties as GitHub reads them', () => {
    expect(escapeData('50% done\r\nnext')).toBe('50%25 done%0D%0Anext');
    expect(escapeProperty('a:b,c')).toBe('a%3Ab%2Cc');
    expect(githubAnnotation('error', { file: 'specs/a,b.yaml', line: 3, title: 'x: y' }, 'bad\nvalue')).toBe(
      '::error file=specs/a%2Cb.yaml,line=3,title=x%3A y::bad%0Avalue',
    );
  });
  it('leaves out what is not known: a line without a file, the whole property list', () => {
    expect(githubAnnotation('warning', { line: 3 }, 'm')).toBe('::warning::m');
    expect(githubAnnotation('notice', { file: 'f.yaml', title: 't' }, 'm')).toBe(
      '::notice file=f.yaml,title=t::m',
    );
  });
});
