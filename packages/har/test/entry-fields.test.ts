import { describe, expect, it } from 'vitest';
import {
  attachmentFileName,
  exporterFailureText,
  exporterOmitsBodies,
  HarFormatError,
  postDataText,
  readHeaders,
  recorderOmission,
  responseText,
  statedSize,
  urlWithQuery,
} from '../src/index.js';

/** The message of the HarFormatError `read` throws (a test fails if it throws something else or nothing). */
function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(HarFormatError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('the fields of a HAR entry', () => {
  it('readHeaders: name/value strings; anything else named by its place', () => {
    expect(readHeaders([{ name: 'Accept', value: '*/*' }], 'request.headers')).toEqual([
      { name: 'Accept', value: '*/*' },
    ]);
    expect(readHeaders(undefined, 'request.headers')).toEqual([]);
    expect(refusal(() => readHeaders({}, 'request.headers'))).toBe('request.headers is not an array');
    expect(refusal(() => readHeaders([{ value: 'x' }], 'response.headers'))).toBe(
      'response.headers[0].name is not a string',
    );
    expect(refusal(() => readHeaders([{ name: 'X-\u001b', value: 1 }], 'request.headers'))).toBe(
      'request.headers[0].value is not a string (header X-\\u001b)',
    );
  });

  it('postDataText: the text, or the params encoded as a server sees them', () => {
    expect(postDataText({ text: 'a=1' })).toBe('a=1');
    expect(postDataText({ params: [{ name: 'a b', value: 'c&d' }, { name: 'e' }] })).toBe('a%20b=c%26d&e=');
    expect(postDataText({})).toBeUndefined();
    expect(refusal(() => postDataText({ text: 3 }))).toBe('request.postData.text is not a string');
    expect(refusal(() => postDataText({ params: [{ name: 'a', value: 1 }] }))).toBe(
      'request.postData.params[0].value is not a string (1)',
    );
    // Only a form is rebuilt from params: chrome-har keeps JSON as params too.
    const form = {
      mimeType: 'application/x-www-form-urlencoded; charset=UTF-8',
      params: [{ name: 'a', value: 'b' }],
    };
    expect(postDataText(form)).toBe('a=b');
    expect(postDataText({ params: [{ name: 'a', value: 'b' }] }, 'application/x-www-form-urlencoded')).toBe(
      'a=b',
    );
    expect(refusal(() => postDataText({ ...form, mimeType: 'application/json' }))).toBe(
      'request.postData keeps the application/json body only as params, without its text: it cannot be rebuilt as sent',
    );
    expect(refusal(() => postDataText({ params: form.params }, 'application/json'))).toContain(
      'only as params',
    );
  });

  it('responseText: the text, base64 decoded; an empty size is an empty body; another encoding refused', () => {
    expect(responseText({ text: '{}' })).toBe('{}');
    expect(responseText({ text: 'e30=\n', encoding: 'base64' })).toBe('{}');
    expect(responseText({ size: 0 })).toBe('');
    expect(responseText({ size: 12 })).toBeUndefined();
    expect(refusal(() => responseText({ text: 'e3!', encoding: 'base64' }))).toBe(
      'response.content.text is not valid base64 (response.content.encoding is base64)',
    );
    expect(refusal(() => responseText({ text: 'x', encoding: 'gzip' }))).toBe(
      'response.content.encoding gzip is not supported (only base64 is)',
    );
  });

  it('urlWithQuery: a queryString put back into a bare URL, before its fragment; a URL with a query kept', () => {
    const query = [{ name: 'a', value: '1 2' }, { name: 'b' }];
    expect(urlWithQuery('http://h/p#top', query)).toBe('http://h/p?a=1%202&b=#top');
    expect(urlWithQuery('http://h/p?x=1', query)).toBe('http://h/p?x=1');
    expect(refusal(() => urlWithQuery('http://h/p', [{ name: 2 }]))).toBe(
      'request.queryString[0].name is not a string',
    );
  });

  it('statedSize: the first size stated as a number or digits', () => {
    expect(statedSize(' 12 ', 3)).toBe(12);
    expect(statedSize(undefined, -1, 'many', 0)).toBe(0);
    expect(statedSize(undefined, Number.NaN)).toBeUndefined();
  });

  it('attachmentFileName: only the plain name of a file next to the HAR', () => {
    expect(attachmentFileName('3f2a.json', 'response.content')).toBe('3f2a.json');
    expect(attachmentFileName(undefined, 'response.content')).toBeUndefined();
    for (const name of ['../secret', '.hidden', 'a/b', 7])
      expect(refusal(() => attachmentFileName(name, 'response.content'))).toBe(
        'response.content._file is not the plain name of a file next to the HAR',
      );
  });

  it('exporterFailureText: Chrome _error, Playwright _failureText, on the entry or its response; printable', () => {
    expect(exporterFailureText({ _error: 'net::ERR_ABORTED' }, {})).toBe('net::ERR_ABORTED');
    expect(exporterFailureText({}, { _failureText: 'closed\u0007' })).toBe('closed\\u0007');
    expect(exporterFailureText({ _error: '' }, { status: 200 })).toBeUndefined();
  });

  it('recorderOmission and exporterOmitsBodies: a body left out on purpose, as the entry says', () => {
    expect(recorderOmission({ _bodyOmitted: { reason: 'too-large', detail: 'over 1 MiB' } })).toBe(
      'the recorder did not keep it (_bodyOmitted too-large: over 1 MiB)',
    );
    expect(recorderOmission({ text: '' })).toBeUndefined();
    expect(exporterOmitsBodies({}, { comment: 'Response bodies are not included.' })).toBe(true);
    expect(exporterOmitsBodies({ _monotonicTime: 1 }, {})).toBe(true);
    expect(exporterOmitsBodies({}, { comment: 'kept' })).toBe(false);
  });
});
