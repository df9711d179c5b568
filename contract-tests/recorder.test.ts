import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@svc-contracts/contract-checker/cli';
import { startRecorder } from '@svc-contracts/contract-recorder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPath } from './lib/paths.ts';
import { campaign as campaignFixture } from './lib/traffic/agents.ts';

// contract-record end to end: a stand-in for a staging service on a free loopback port, traffic sent
// through the recorder with real-looking secrets, and the recorded file checked with contract-check.
const bearerSecret = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzdGFnaW5nLXVzZXIifQ.c3RhZ2luZy1zZWNyZXQtc2lnbmF0dXJl';
const apiKeySecret = 'live-agents-key-5f2a9c7e1b';
const clientSecret = 'client-secret-0c8d2e4f6a';
const basicSecret = Buffer.from(`client-7781:${clientSecret}`).toString('base64');

const campaign = campaignFixture('paused');

/** What the stand-in service answers, by method and path. */
function answer(method: string, path: string): { status: number; body: unknown } {
  if (method === 'POST' && path === '/api/v1/campaign/381/pause') return { status: 200, body: campaign };
  if (method === 'GET' && path === '/api/v1/workflow/fetch/17') {
    return {
      status: 200,
      body: { id: 17, name: 'Renewal reminder', status: 'active', created_at: '2025-01-20T08:15:00Z' },
    };
  }
  if (method === 'POST' && path === '/api/v1/oauth2/token') {
    return {
      status: 200,
      body: {
        access_token: 'eyJhbGciOiJSUzI1NiJ9.eyJqdGkiOiJ0b2stOTkifQ.aXNzdWVkLXRva2VuLXNlY3JldA',
        access_token_id: 'tok-99',
        token_type: 'Bearer',
        expires_in: 3600,
      },
    };
  }
  return { status: 404, body: { detail: 'Not Found' } };
}

let dir: string;
let target: Server;
let targetUrl: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contract-record-e2e-'));
  target = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const { status, body } = answer(req.method ?? '', new URL(req.url ?? '/', 'http://staging').pathname);
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    target.close(() => resolve());
    target.closeAllConnections();
  });
  await rm(dir, { recursive: true, force: true });
});

async function check(file: string): Promise<{ code: number; output: string }> {
  let output = '';
  const collect = (text: string) => {
    output += text;
  };
  const code = await runCli(['--config', configPath, file], { stdout: collect, stderr: collect });
  return { code, output };
}

describe('contract-record, then contract-check', () => {
  let har: string;
  beforeAll(async () => {
    har = join(dir, 'staging.har');
    const recorder = await startRecorder({ target: targetUrl, out: har });
    try {
      const calls: Array<[string, RequestInit]> = [
        [
          '/api/v1/campaign/381/pause',
          { method: 'POST', headers: { Authorization: `Bearer ${bearerSecret}` } },
        ],
        [
          '/api/v1/workflow/fetch/17',
          { headers: { 'X-SVC-AGENTS-API-KEY': apiKeySecret, 'X-SVC-ORGANIZATION-ID': '7' } },
        ],
        [
          '/api/v1/oauth2/token',
          {
            method: 'POST',
            headers: {
              Authorization: `Basic ${basicSecret}`,
              'Content-Type': 'application/x-www-form-urlencoded',
            },
            body: 'grant_type=client_credentials&scope=voice.webrtc',
          },
        ],
      ];
      for (const [path, init] of calls) {
        const response = await fetch(`${recorder.url}${path}`, init);
        expect(response.status, path).toBe(200);
        await response.text();
      }
    } finally {
      await recorder.close();
    }
  });

  it('writes no secret: not the bearer token, the API key, the Basic pair or the issued token', async () => {
    const text = await readFile(har, 'utf8');
    for (const secret of [
      bearerSecret,
      apiKeySecret,
      clientSecret,
      basicSecret,
      'aXNzdWVkLXRva2VuLXNlY3JldA',
    ]) {
      expect(text.includes(secret), secret).toBe(false);
    }
    expect(JSON.parse(text).log.entries).toHaveLength(3);
  });

  it('contract-check accepts the recorded traffic, masked credentials and all', async () => {
    const { code, output } = await check(har);
    expect(code, output).toBe(0);
    expect(output).toContain('3 passed, 0 failed');
  });

  it('contract-check rejects a hand-broken body and says where and why', async () => {
    const broken = join(dir, 'broken.har');
    const document = JSON.parse(await readFile(har, 'utf8'));
    const content = document.log.entries[0].response.content;
    const { state: _state, ...withoutState } = JSON.parse(content.text);
    content.text = JSON.stringify(withoutState);
    await writeFile(broken, JSON.stringify(document, null, 2));
    const { code, output } = await check(broken);
    expect(code).toBe(1);
    expect(output).toMatch(
      /FAIL .*broken\.har #0 POST .*\/api\/v1\/campaign\/381\/pause -> 200 agents pauseCampaign/,
    );
    expect(output).toContain("response-body-schema (response /): body must have required property 'state'");
    expect(output).toContain('spec: specs/agents/openapi.yaml#/components/schemas/PausedCampaign');
    expect(output).toContain('2 passed, 1 failed');
  });
});
