import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockSet } from '../src/index.ts';
import { basicAuth, call, hostileOrder, startOnFreePorts, voiceCallBody } from './support.ts';

let set: MockSet;
const url = (name: string): string => set.mocks.find((mock) => mock.name === name)?.url ?? '';

beforeAll(async () => {
  set = await startOnFreePorts();
});
afterAll(() => set.stop());

/** fetch joins repeated headers into one; node:http sends each value of an array as its own line. */
const twoAuthorizations: Record<string, string[]> = { authorization: ['Bearer first', 'Bearer second'] };

function withTwoAuthorizations(target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(target, { headers: twoAuthorizations }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requests refused before they can be checked', () => {
  it('two Authorization headers are refused with 400 in the error shape of the service, not silently cut to one', async () => {
    const answer = await withTwoAuthorizations(`${url('agents')}/api/v1/workflow/fetch/1`);
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.body) as { detail: Array<{ msg: string; type: string }> };
    expect(body.detail[0]?.type).toBe('security-duplicate');
    expect(body.detail[0]?.msg).toContain('authorization header more than once');
    expect(body.detail[0]?.msg).toContain('the source documents no status for this');
    // One Authorization is still fine.
    expect(
      (await call(url('agents'), '/api/v1/workflow/fetch/1', { headers: { authorization: 'Bearer t' } }))
        .status,
    ).toBe(200);
  });

  it('a body over the limit gets 413 in the documented error shape of the service, not problem+json', async () => {
    const agents = await call(url('agents'), '/api/v1/workflow/fetch/1', {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(agents.status).toBe(413);
    expect(agents.contentType).toBe('application/json');
    const detail = (JSON.parse(agents.text) as { detail: Array<{ msg: string; type: string }> }).detail;
    expect(detail[0]?.type).toBe('request-body-too-large');
    expect(detail[0]?.msg).toContain("413 is the mock's answer");

    const voice = await call(url('voice'), '/api/v2/accounts/a1/calls/', {
      method: 'POST',
      headers: { authorization: basicAuth, 'content-type': 'application/json; charset=utf-8' },
      body: 'x'.repeat(10 * 1024 * 1024 + 1),
    });
    expect(voice.status).toBe(413);
    expect(Object.keys(JSON.parse(voice.text) as object).sort()).toEqual(['description', 'id', 'type']);
  });
});

const voiceCall = (body: string, headers: Record<string, string> = {}) =>
  call(url('voice'), '/api/v2/accounts/a1/calls', {
    method: 'POST',
    headers: { authorization: basicAuth, 'content-type': 'application/json', ...headers },
    body,
  });

describe('a hostile JSON body', () => {
  it("a 9 MB answerUrl gets voice's validation status 400 saying the limit is the mock's, not a 500", async () => {
    const answer = await voiceCall(
      voiceCallBody({ answerUrl: `https://a.example/${'a'.repeat(9 * 1024 * 1024)}` }),
    );
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.text) as { type: string; description: string };
    expect(body.type).toBe('validation');
    expect(body.description).toContain('longer than 1048576 characters');
    expect(body.description).toContain("the mock's limit");
    expect(answer.text.length).toBeLessThan(1024);
  });

  it('a call within the limits is still answered', async () => {
    expect((await voiceCall(voiceCallBody())).status).toBe(200);
  });
});

describe('Prefer: example= naming no example', () => {
  it('is refused with 400 naming the examples there are, with or without a code, not a 500', async () => {
    const agents = await call(url('agents'), '/api/v1/workflow/fetch/1', {
      headers: { authorization: 'Bearer t', prefer: 'code=200, example=unknown' },
    });
    expect(agents.status).toBe(400);
    expect(agents.contentType).toBe('application/problem+json');
    expect((JSON.parse(agents.text) as { detail: string }).detail).toBe(
      'Prefer: example=unknown names no example of the 200 response: its examples are active.',
    );
    const voice = await voiceCall(voiceCallBody(), { prefer: 'example=unknown' });
    expect(voice.status).toBe(400);
    expect(voice.text).toContain('its examples are created');
    // A documented example is still served.
    expect((await voiceCall(voiceCallBody(), { prefer: 'example=created' })).status).toBe(200);
  });
});

describe('a hostile XML document', () => {
  it('is refused alone: the other services answer while it is validated, and it gets a bounded answer', async () => {
    const finished: string[] = [];
    const order = call(url('numbers'), '/api/v2/accounts/9900/orders', {
      method: 'POST',
      headers: { authorization: basicAuth, 'content-type': 'application/xml' },
      body: hostileOrder(),
      // Sending 9.5 MB, the engine's 5 s budget and the answer: past 10 s on a loaded two-core CI
      // machine (it was, once in seven clean-clone runs). Still bounded, well under the test's 60 s.
      timeoutMs: 30_000,
    }).then((answer) => {
      finished.push('order');
      return answer;
    });
    for (let at = 0; at < 5; at++) {
      const agents = await call(url('agents'), '/api/v1/workflow/fetch/1', {
        headers: { authorization: 'Bearer t' },
      });
      expect(agents.status).toBe(200);
      finished.push('agents');
    }
    const answer = await order;
    // The agents answers came while the 260,000 bad numbers were still being refused.
    expect(finished.indexOf('order')).toBeGreaterThan(0);
    expect(answer.status).toBe(400);
    expect(answer.text.length).toBeLessThan(64 * 1024);
    // Its first errors and a count of the rest (the next test), or, on a machine too busy to validate
    // 9.5 MB within the engine's time budget, the refusal that budget gives: bounded either way.
    expect(answer.text).toMatch(/TelephoneNumber[\s\S]*and \d[\d,]* more|took longer than the time budget/);
  });

  it('lists the first errors of a document with many and counts the rest', async () => {
    const answer = await call(url('numbers'), '/api/v2/accounts/9900/orders', {
      method: 'POST',
      headers: { authorization: basicAuth, 'content-type': 'application/xml' },
      body: hostileOrder(256 * 1024),
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('TelephoneNumber');
    expect(answer.text).toMatch(/and \d[\d,]* more/);
    expect(answer.text.length).toBeLessThan(64 * 1024);
  });
});
