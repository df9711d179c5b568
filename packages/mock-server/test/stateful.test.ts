import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockSet } from '../src/index.ts';
import { judge, loadContractSet } from './contract-check.ts';
import { call, configPath, mockUrl, startOnFreePorts } from './support.ts';

const bearer = { authorization: 'Bearer test-access-token' };

async function campaign(set: MockSet, id: number, action: 'pause' | 'resume' | 'progress') {
  const answer = await call(mockUrl(set, 'agents'), `/api/v1/campaign/${id}/${action}`, {
    method: action === 'progress' ? 'GET' : 'POST',
    headers: bearer,
  });
  return { status: answer.status, body: JSON.parse(answer.text) as Record<string, unknown> };
}

describe('--stateful: pause and resume change what progress reports', () => {
  let set: MockSet;
  beforeAll(async () => {
    set = await startOnFreePorts({ only: ['agents'], stateful: true });
  });
  afterAll(async () => {
    await set?.stop();
  });

  it('a campaign starts running; pause makes progress report paused; resume makes it running again', async () => {
    expect(await campaign(set, 501, 'progress')).toMatchObject({
      status: 200,
      body: { campaign_id: 501, state: 'running' },
    });
    expect(await campaign(set, 501, 'pause')).toMatchObject({
      status: 200,
      body: { id: 501, state: 'paused' },
    });
    expect(await campaign(set, 501, 'progress')).toMatchObject({ status: 200, body: { state: 'paused' } });
    expect(await campaign(set, 501, 'resume')).toMatchObject({
      status: 200,
      body: { id: 501, state: 'running' },
    });
    expect(await campaign(set, 501, 'progress')).toMatchObject({ status: 200, body: { state: 'running' } });
  });

  it('pausing a campaign that is not running gets 422 with the validation body', async () => {
    await campaign(set, 502, 'pause');
    const again = await campaign(set, 502, 'pause');
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      detail: [
        { loc: ['path', 'campaign_id'], msg: expect.stringContaining('paused'), type: 'campaign-state' },
      ],
    });
  });

  it('resuming a campaign that is not paused gets 422', async () => {
    const answer = await campaign(set, 503, 'resume');
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ detail: [{ loc: ['path', 'campaign_id'] }] });
  });

  it("the state refusal says it is the mock's choice, and the checker does not hold it as the contract", async () => {
    const again = await campaign(set, 508, 'resume');
    const [item] = (again.body as { detail: Array<{ msg: string }> }).detail;
    expect(item?.msg).toContain(
      "422 and this body are the mock's choice: the source does not show the answer",
    );
    // The contract: any 4xx for resuming a campaign that is not paused (resume's open `4XX`), 422 included;
    // a real service's 409 passes as well, and the request itself breaks nothing.
    const contracts = await loadContractSet(configPath);
    try {
      const request = { method: 'POST', headers: bearer };
      const path = '/api/v1/campaign/508/resume';
      const base = mockUrl(set, 'agents');
      for (const status of [422, 409]) {
        const body = status === 422 ? again.body : { detail: 'Campaign 508 is not paused' };
        const answer = {
          status,
          contentType: 'application/json',
          headers: new Headers({ 'content-type': 'application/json' }),
          text: JSON.stringify(body),
        };
        const verdict = await judge(contracts, 'agents', base, path, request, answer);
        expect(verdict.verdict, String(status)).toBe('conforms');
      }
      // Beside them: a 2xx body that is not a campaign still fails.
      const wrong = await judge(contracts, 'agents', base, path, request, {
        status: 200,
        contentType: 'application/json',
        headers: new Headers({ 'content-type': 'application/json' }),
        text: '{}',
      });
      expect(wrong.verdict).toBe('violation');
    } finally {
      await contracts.close();
    }
  });

  it('state is per campaign: pausing one leaves another running', async () => {
    await campaign(set, 504, 'pause');
    expect((await campaign(set, 505, 'progress')).body.state).toBe('running');
  });

  it('a refused request (an API key) does not change the state', async () => {
    const refused = await call(mockUrl(set, 'agents'), '/api/v1/campaign/506/pause', {
      method: 'POST',
      headers: { 'X-SVC-AGENTS-API-KEY': 'k', 'X-SVC-ORGANIZATION-ID': '1' },
    });
    expect(refused.status).toBe(403);
    expect((await campaign(set, 506, 'progress')).body.state).toBe('running');
  });

  it('Prefer still reproduces a documented answer and leaves the state alone', async () => {
    const answer = await call(mockUrl(set, 'agents'), '/api/v1/campaign/507/pause', {
      method: 'POST',
      headers: { ...bearer, prefer: 'code=404' },
    });
    expect(answer.status).toBe(404);
    expect((await campaign(set, 507, 'progress')).body.state).toBe('running');
  });
});

describe('without --stateful', () => {
  let set: MockSet;
  beforeAll(async () => {
    set = await startOnFreePorts({ only: ['agents'] });
  });
  afterAll(async () => {
    await set?.stop();
  });

  it('every answer is the spec example: pausing twice succeeds twice and progress stays as documented', async () => {
    expect((await campaign(set, 381, 'pause')).status).toBe(200);
    expect((await campaign(set, 381, 'pause')).status).toBe(200);
    expect((await campaign(set, 381, 'progress')).body.state).toBe('running');
  });
});
