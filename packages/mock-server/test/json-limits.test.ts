// The mocks' JSON limits, lowered so that small bodies stand for the large ones they bound.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockSet } from '../src/index.ts';
import { basicAuth, call, startOnFreePorts, voiceCallBody } from './support.ts';

let set: MockSet;
const url = (name: string): string => set.mocks.find((mock) => mock.name === name)?.url ?? '';

beforeAll(async () => {
  set = await startOnFreePorts({
    only: ['voice', 'agents'],
    jsonLimits: { maxJsonNodes: 20, maxJsonDepth: 4, maxJsonStringLength: 200 },
  });
});
afterAll(() => set.stop());

const voiceCall = (extra: Record<string, unknown>) =>
  call(url('voice'), '/api/v2/accounts/a1/calls', {
    method: 'POST',
    headers: { authorization: basicAuth, 'content-type': 'application/json' },
    body: voiceCallBody(extra),
  });

describe('a JSON body past the limits is refused unparsed, with the validation status of the service', () => {
  it("too many properties (the 700,000 of a hostile body): 400 on voice, the limit named as the mock's", async () => {
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, at) => [`p${at}`, at]));
    const answer = await voiceCall(many);
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.text) as { type: string; description: string };
    expect(body.type).toBe('validation');
    expect(body.description).toContain('more than 20 values');
    expect(body.description).toContain("the mock's limit");
    // The same call with few extra properties (the body is open) is answered 200.
    expect((await voiceCall({ p0: 0 })).status).toBe(200);
  });

  it('nesting too deep: refused the same way', async () => {
    const answer = await voiceCall({ deep: [[[[1]]]] });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('deeper than 4 levels');
  });

  it('agents answers its x-validation-status 422 in its own error shape', async () => {
    const answer = await call(url('agents'), '/api/v1/campaign/7/pause', {
      method: 'POST',
      headers: { authorization: 'Bearer test-access-token', 'content-type': 'application/json' },
      body: JSON.stringify({ s: 'x'.repeat(300) }),
    });
    expect(answer.status).toBe(422);
    const detail = (JSON.parse(answer.text) as { detail: Array<{ type: string; msg: string }> }).detail;
    expect(detail[0]?.type).toBe('request-body-limit');
    expect(detail[0]?.msg).toContain('longer than 200 characters');
  });
});
