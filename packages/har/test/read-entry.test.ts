import { describe, expect, it } from 'vitest';
import { type Exchange, HarFormatError, harEntry, type RecordedExchange, readEntry } from '../src/index.js';

const request = { method: 'get', url: 'https://agents.example.com/api/v1/agents', headers: [] };
const ok = { status: 200, headers: [], content: { size: 2, mimeType: 'application/json', text: '{}' } };

describe('readEntry', () => {
  const rows: Array<{ name: string; given: unknown; want: Partial<RecordedExchange> }> = [
    {
      name: 'an exchange: method in upper case, the body as text, its media type from content.mimeType',
      given: { request, response: ok },
      want: {
        request: { method: 'GET', url: request.url, headers: [] },
        response: {
          status: 200,
          headers: [{ name: 'Content-Type', value: 'application/json' }],
          body: '{}',
        },
      },
    },
    {
      name: 'base64 decoded, the query of queryString put back',
      given: {
        request: { ...request, url: 'https://a.example/x', queryString: [{ name: 'q', value: 'a b' }] },
        response: { ...ok, content: { size: 2, mimeType: 'text/plain', text: 'aGk=', encoding: 'base64' } },
      },
      want: {
        request: { method: 'GET', url: 'https://a.example/x?q=a%20b', headers: [] },
        response: { status: 200, headers: [{ name: 'Content-Type', value: 'text/plain' }], body: 'hi' },
      },
    },
    {
      name: 'a request body the recording did not keep is marked, not taken as missing',
      given: { request: { ...request, method: 'POST', bodySize: 12 }, response: ok },
      want: {
        request: { method: 'POST', url: request.url, headers: [], bodyNotRecorded: true },
        notJudged: [
          {
            reason: 'body-not-captured',
            part: 'request body',
            detail: 'the request sent 12 bytes and the recording kept no postData text',
          },
        ],
      },
    },
    {
      name: 'form params without their text are encoded again, as the server saw them',
      given: {
        request: {
          ...request,
          method: 'POST',
          postData: { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'a b', value: '+1' }] },
        },
        response: ok,
      },
      want: {
        request: {
          method: 'POST',
          url: request.url,
          headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
          body: 'a%20b=%2B1',
        },
      },
    },
    {
      name: 'chrome-har: a JSON body kept only as params is not judged (never rebuilt as a form), the rest is read',
      given: {
        request: {
          ...request,
          method: 'POST',
          bodySize: 14,
          headers: [{ name: 'Content-Type', value: 'application/json' }],
          postData: { mimeType: 'application/json', params: [{ name: 'to', value: '+1' }] },
        },
        response: ok,
      },
      want: {
        request: {
          method: 'POST',
          url: request.url,
          headers: [{ name: 'Content-Type', value: 'application/json' }],
          bodyNotRecorded: true,
        },
        response: { status: 200, headers: [{ name: 'Content-Type', value: 'application/json' }], body: '{}' },
        notJudged: [
          {
            reason: 'body-not-captured',
            part: 'request body',
            detail:
              'request.postData keeps the application/json body only as params, without its text: it cannot be rebuilt as sent',
          },
        ],
      },
    },
    {
      name: 'chrome-har: a param value that is not a string costs the request body alone, not the entry',
      given: {
        request: {
          ...request,
          method: 'POST',
          postData: { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'n', value: 3 }] },
        },
        response: ok,
      },
      want: {
        request: {
          method: 'POST',
          url: request.url,
          headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
          bodyNotRecorded: true,
        },
        response: { status: 200, headers: [{ name: 'Content-Type', value: 'application/json' }], body: '{}' },
        notJudged: [
          {
            reason: 'body-not-captured',
            part: 'request body',
            detail: 'request.postData.params[0].value is not a string (3)',
          },
        ],
      },
    },
    {
      name: "Playwright content: 'omit' leaves out both bodies: one reason, body-omitted, for both",
      given: {
        _monotonicTime: 1,
        request: { ...request, method: 'POST', bodySize: 12 },
        response: { ...ok, content: { size: 2, mimeType: 'application/json' } },
      },
      want: {
        notJudged: [
          {
            reason: 'body-omitted',
            part: 'request body',
            detail: 'the request sent 12 bytes and the recording kept no postData text',
          },
          { reason: 'body-omitted', part: 'response body', detail: 'response.content has no text (size 2)' },
        ],
      },
    },
    {
      name: 'a response body the exporter left out is marked',
      given: { request, response: { ...ok, content: { size: 40, mimeType: 'application/json' } } },
      want: {
        response: { status: 200, headers: [], bodyNotRecorded: true },
        notJudged: [
          {
            reason: 'body-not-captured',
            part: 'response body',
            detail: 'response.content has no text (size 40)',
          },
        ],
      },
    },
    {
      name: 'a CORS preflight is a skip the entry shows',
      given: {
        request: {
          ...request,
          method: 'OPTIONS',
          headers: [{ name: 'Access-Control-Request-Method', value: 'POST' }],
        },
        response: { ...ok, status: 204 },
      },
      want: { skip: { reason: 'cors-preflight', detail: 'OPTIONS with Access-Control-Request-Method' } },
    },
    {
      name: 'a request that got no answer is a skip with why',
      given: { request, response: { status: 0, headers: [] }, _error: 'net::ERR_BLOCKED_BY_CLIENT' },
      want: { skip: { reason: 'failed-request', detail: 'the request failed: net::ERR_BLOCKED_BY_CLIENT' } },
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      expect(readEntry(row.given, 3)).toMatchObject({ index: 3, ...row.want });
    });
  }

  const errors: Array<{ given: unknown; want: string }> = [
    { given: [], want: 'entry is not an object' },
    { given: { request: { url: 'x' }, response: ok }, want: 'request.method or request.url is missing' },
    {
      given: { request: { ...request, headers: [{ name: 'X-Id', value: 7 }] }, response: ok },
      want: 'request.headers[0].value is not a string (header X-Id)',
    },
    {
      given: { request, response: { ...ok, status: 1000 } },
      want: 'response.status 1000 is not an HTTP status',
    },
    {
      given: { request, response: { ...ok, content: { size: 1, text: '%%%', encoding: 'base64' } } },
      want: 'response.content.text is not valid base64',
    },
    { given: { request, response: ok, _webhook: ' ' }, want: '_webhook is not a non-empty string' },
  ];
  for (const { given, want } of errors) {
    it(`refuses, naming the field: ${want}`, () => {
      expect(() => readEntry(given, 0)).toThrow(HarFormatError);
      expect(() => readEntry(given, 0)).toThrow(want);
    });
  }
});

describe('readEntry of harEntry (the writer and the reader are each other’s inverse)', () => {
  const exchange: Exchange = {
    startedDateTime: '2025-03-14T09:30:00.000Z',
    timings: { send: 1, wait: 2, receive: 3 },
    request: {
      method: 'POST',
      url: 'https://voice.example.com/v2/calls?dry=1',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: '{"to":"+15550100"}',
    },
    response: {
      status: 201,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: '{"id":1}',
    },
  };

  it('gives back the request and response written', () => {
    const read = readEntry(JSON.parse(JSON.stringify(harEntry(exchange))), 0);
    expect(read).toEqual({ index: 0, request: exchange.request, response: exchange.response });
  });

  it('writes a body read as not kept as not kept again, never as no body', () => {
    const read = readEntry(
      {
        request: { ...request, method: 'POST', bodySize: 12 },
        response: { ...ok, content: { size: 40, mimeType: '' } },
      },
      0,
    );
    const entry = harEntry({ ...exchange, request: read.request, response: read.response });
    expect(entry.request.postData?._bodyOmitted?.reason).toBe('not-recorded');
    expect(entry.response.content).toMatchObject({ size: -1, _bodyOmitted: { reason: 'not-recorded' } });
    const again = readEntry(JSON.parse(JSON.stringify(entry)), 0);
    expect([again.request.bodyNotRecorded, again.response.bodyNotRecorded]).toEqual([true, true]);
    expect(again.notJudged?.map((part) => part.detail)).toEqual([
      'the recorder did not keep it (_bodyOmitted not-recorded: the recording it was read from did not keep it)',
      'the recorder did not keep it (_bodyOmitted not-recorded: the recording it was read from did not keep it)',
    ]);
  });

  it("writes a callback as `_webhook`, read back as the request's webhook", () => {
    const callback = { ...exchange.request, webhook: 'voice/callStatus' };
    const entry = harEntry({ ...exchange, request: callback });
    expect(entry._webhook).toBe('voice/callStatus');
    expect(Object.keys(entry).at(-1)).toBe('_webhook');
    expect(readEntry(JSON.parse(JSON.stringify(entry)), 0).request).toEqual(callback);
  });

  it('writes a body the recorder did not keep as `_bodyOmitted`, and reads it back as not kept', () => {
    const omitted = {
      reason: 'size-limit' as const,
      detail: 'larger than 10 bytes',
      receivedBytes: 18,
      size: 18,
    };
    const entry = harEntry({
      ...exchange,
      request: { ...exchange.request, body: undefined, omitted },
      response: {
        ...exchange.response,
        body: undefined,
        omitted: { ...omitted, reason: 'incomplete', size: -1 },
      },
    });
    expect(entry.request.postData).toEqual({
      mimeType: 'application/json',
      comment: 'body not recorded (larger than 10 bytes): not judged',
      _bodyOmitted: { reason: 'size-limit', detail: 'larger than 10 bytes', receivedBytes: 18 },
    });
    expect(entry.request.bodySize).toBe(18);
    expect(entry.response.content).toEqual({
      size: -1,
      mimeType: 'application/json',
      comment: 'body not recorded (larger than 10 bytes): not judged',
      _bodyOmitted: { reason: 'incomplete', detail: 'larger than 10 bytes', receivedBytes: 18 },
    });
    const read = readEntry(JSON.parse(JSON.stringify(entry)), 0);
    expect(read.request.bodyNotRecorded).toBe(true);
    expect(read.response.bodyNotRecorded).toBe(true);
    expect(read.notJudged?.map((part) => part.part)).toEqual(['request body', 'response body']);
  });
});
