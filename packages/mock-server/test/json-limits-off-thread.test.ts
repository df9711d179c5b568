// A JSON body of 64 KiB or more is held to the mocks' JSON limits as it arrives, and checked on the JSON
// check thread only within them: every answer is the one the same body gets when small. The limits are
// lowered and the large bodies are the small ones padded with whitespace (still JSON).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockSet } from '../src/index.ts';
import { JsonCheckWorker, offThreadMinBytes } from '../src/json-check-worker.ts';
import { type ContractSet, loadContractSet } from './contract-check.ts';
import { basicAuth, call, configPath, startOnFreePorts, voiceCallBody } from './support.ts';

// The first large body waits for the check thread (nice +10, so last on a busy machine) to load the
// contracts: a bound far above that, which only a hang reaches.
const offThreadAnswerMs = 120_000;

let set: MockSet;
const url = (name: string): string => set.mocks.find((mock) => mock.name === name)?.url ?? '';
const checkOffThread = vi.spyOn(JsonCheckWorker.prototype, 'check');

beforeAll(async () => {
  set = await startOnFreePorts({
    only: ['voice', 'agents'],
    jsonLimits: { maxJsonNodes: 20, maxJsonDepth: 4, maxJsonStringLength: 200 },
  });
});
afterAll(() => set.stop());

const padded = (json: string): string => `${json}${' '.repeat(offThreadMinBytes)}`;
/** Padded in front: sent chunked, what breaks a limit arrives after the body has gone past 64 KiB. */
const frontPadded = (json: string): string => `${' '.repeat(offThreadMinBytes)}${json}`;
const voiceCall = (body: string, base = url('voice')) =>
  call(base, '/api/v2/accounts/a1/calls', {
    method: 'POST',
    headers: { authorization: basicAuth, 'content-type': 'application/json' },
    body,
    timeoutMs: offThreadAnswerMs,
  });

/** The same body sent in pieces without a Content-Length (chunked): its size is known only as it arrives. */
async function chunkedVoiceCall(body: string): Promise<{ status: number; text: string }> {
  const bytes = new TextEncoder().encode(body);
  const piece = 16 * 1024;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += piece) controller.enqueue(bytes.slice(at, at + piece));
      controller.close();
    },
  });
  const response = await fetch(`${url('voice')}/api/v2/accounts/a1/calls`, {
    method: 'POST',
    headers: { authorization: basicAuth, 'content-type': 'application/json' },
    body: stream,
    duplex: 'half',
    signal: AbortSignal.timeout(30_000),
  } as RequestInit);
  return { status: response.status, text: await response.text() };
}

const tooMany = voiceCallBody(Object.fromEntries(Array.from({ length: 30 }, (_, at) => [`p${at}`, at])));
const tooDeep = voiceCallBody({ deep: [[[[1]]]] });
const valid = voiceCallBody({ p0: 0 });

describe('a large JSON body is held to the JSON limits as it arrives, answered as a small one', () => {
  it.each([
    ['too many values', tooMany, 'more than 20 values'],
    ['nesting too deep', tooDeep, 'deeper than 4 levels'],
    ['a string too long', voiceCallBody({ note: 'x'.repeat(300) }), 'longer than 200 characters'],
  ])('%s: the same 400 as the small body, the limit named', async (_name, small, reason) => {
    const inline = await voiceCall(small);
    expect(inline.status).toBe(400);
    expect(inline.text).toContain(reason);
    checkOffThread.mockClear();
    const large = await voiceCall(padded(small));
    expect(large).toMatchObject({ status: inline.status, text: inline.text });
    // Without a Content-Length: found past the limit as it arrives too, never parsed or checked.
    const chunked = await chunkedVoiceCall(frontPadded(small));
    expect(checkOffThread).not.toHaveBeenCalled();
    expect(chunked).toEqual({ status: inline.status, text: inline.text });
  });

  it('a large body found past a limit before its end: the same answer at once, the rest unread, the connection closed', async () => {
    const inline = await voiceCall(tooMany);
    // 4 MB after what breaks the limit: it is found in the first chunks.
    const large = await voiceCall(`${tooMany}${' '.repeat(4 * 1024 * 1024)}`);
    expect(large).toMatchObject({ status: inline.status, text: inline.text });
    expect(large.headers.get('connection')).toBe('close');
    // A body whose end arrives before the verdict keeps its connection.
    expect((await voiceCall(padded(valid))).headers.get('connection')).not.toBe('close');
  });

  it('a body within the limits gets the same answer as a small one (its text reaches Prism and x-echoes)', async () => {
    const inline = await voiceCall(valid);
    expect(inline.status).toBe(200);
    checkOffThread.mockClear();
    const large = await voiceCall(padded(valid));
    expect(checkOffThread).toHaveBeenCalledTimes(1);
    expect(large).toMatchObject({ status: inline.status, text: inline.text });
    expect(await chunkedVoiceCall(frontPadded(valid))).toEqual({ status: inline.status, text: inline.text });
  });

  it('a small chunked body past a limit stays inline', async () => {
    checkOffThread.mockClear();
    const answer = await chunkedVoiceCall(tooMany);
    expect(checkOffThread).not.toHaveBeenCalled();
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('more than 20 values');
  });

  it("agents: a large body past a limit gets its 422 in agents' shape, as a small one", async () => {
    const agentsCall = (body: string) =>
      call(url('agents'), '/api/v1/campaign/7/pause', {
        method: 'POST',
        headers: { authorization: 'Bearer test-access-token', 'content-type': 'application/json' },
        body,
        timeoutMs: offThreadAnswerMs,
      });
    const small = JSON.stringify({ s: 'x'.repeat(300) });
    const inline = await agentsCall(small);
    expect(inline.status).toBe(422);
    expect(await agentsCall(padded(small))).toMatchObject({ status: 422, text: inline.text });
  });
});

describe('mocks started with contracts of the caller (no check thread): a large body, decoded and held to the limits inline', () => {
  let contracts: ContractSet;
  let inlineSet: MockSet;
  beforeAll(async () => {
    contracts = await loadContractSet(configPath);
    inlineSet = await startOnFreePorts({
      only: ['voice'],
      contracts,
      jsonLimits: { maxJsonNodes: 20, maxJsonDepth: 4, maxJsonStringLength: 200 },
    });
  });
  afterAll(async () => {
    await inlineSet?.stop();
    await contracts?.close();
  });

  it.each([
    ['too many values', tooMany],
    ['valid', valid],
  ])('%s: the answer the small body gets', async (_name, small) => {
    const base = inlineSet.mocks.find((mock) => mock.name === 'voice')?.url ?? '';
    const inline = await voiceCall(small, base);
    checkOffThread.mockClear();
    expect(await voiceCall(padded(small), base)).toMatchObject({ status: inline.status, text: inline.text });
    expect(checkOffThread).not.toHaveBeenCalled();
  });
});
