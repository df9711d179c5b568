// What a person reads: the log line of each request (a refusal names its rule and place), colour only on
// a terminal without NO_COLOR, one count of operations and webhooks, "did you mean", sentences in bodies.
import { colorsFor } from '@svc-contracts/cli-output';
import { joinMessages } from '@svc-contracts/error-answers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../src/args.ts';
import type { MockSet, RequestLogEntry } from '../src/index.ts';
import { startMocks } from '../src/index.ts';
import { formatReadyTable, formatRequest } from '../src/report.ts';
import { basic, call, configPath, mockUrl, startOnFreePorts } from './support.ts';

let set: MockSet;
const entries: RequestLogEntry[] = [];
beforeAll(async () => {
  set = await startOnFreePorts({
    only: ['voice', 'token', 'numbers'],
    onRequest: (entry) => entries.push(entry),
  });
}, 60_000);
afterAll(() => set?.stop());

const createCall = (answerUrl: string) => ({
  method: 'POST',
  headers: { authorization: basic(), 'content-type': 'application/json' },
  body: JSON.stringify({
    from: '+14155550100',
    to: '+14155550199',
    answerUrl,
    applicationId: '7fc9698a-b04a-468b-9e8f-91238c0d0086',
  }),
});

async function logged(path: string, init: Parameters<typeof call>[2]): Promise<RequestLogEntry> {
  const before = entries.length;
  await call(mockUrl(set, 'voice'), path, init);
  await expect.poll(() => entries.length).toBeGreaterThan(before);
  const entry = entries.at(-1);
  if (!entry) throw new Error('no log entry');
  return entry;
}

describe('the request log line', () => {
  const path = '/api/v2/accounts/9900000/calls/';

  it('of a refused request names the rule, the place and the reason', async () => {
    const line = formatRequest(await logged(path, createCall('ftp://example.com')));
    expect(line).toMatch(
      /^voice\s+POST\s+\/api\/v2\/accounts\/9900000\/calls\/ → 400 .*answerUrl.* must match pattern .*\[[\w-]+ at \/answerUrl\] \(\d+\.\d ms\)$/,
    );
  });

  it('of an answered request is the status and the time only', async () => {
    const line = formatRequest(await logged(path, createCall('https://app.example.com/answer')));
    expect(line).toMatch(/^voice\s+POST\s+\/api\/v2\/accounts\/9900000\/calls\/ → 20\d \(\d+\.\d ms\)$/);
  });

  it('of a missing credential names the header', async () => {
    const line = formatRequest(await logged(path, { method: 'POST', body: '{}' }));
    expect(line).toMatch(/→ 401 .*\[security-\w+/);
  });

  it('is coloured on a terminal and plain with NO_COLOR or off a terminal', async () => {
    const entry = await logged(path, createCall('ftp://example.com'));
    const onTerminal = formatRequest(entry, colorsFor({ isTTY: true }, {}));
    expect(onTerminal).toContain('\u001b[33m400\u001b[39m');
    for (const plain of [
      formatRequest(entry, colorsFor({ isTTY: true }, { NO_COLOR: '1' })),
      formatRequest(entry, colorsFor({ isTTY: false }, {})),
    ]) {
      expect(plain).not.toContain('\u001b[');
      expect(plain).toBe(formatRequest(entry));
    }
  });

  it('keeps a long refusal short (the body has all of it)', () => {
    const line = formatRequest({
      service: 'voice',
      method: 'POST',
      url: path,
      headers: [],
      status: 400,
      milliseconds: 1,
      refusal: Array.from({ length: 40 }, (_, i) => ({
        rule: 'schema',
        pointer: `/a/${i}`,
        message: 'x'.repeat(40),
      })),
    });
    expect(line.length).toBeLessThan(400);
    expect(line).toContain('…');
  });
});

describe('counts', () => {
  it('the ready table counts operations and webhooks per service, with the plural right', () => {
    const table = formatReadyTable(set, { dynamic: false, stateful: false }, 1_000);
    expect(table).toMatch(/service\s+port\s+address\s+operations\s+webhooks/);
    expect(table).toMatch(/^\s+token\s+\d+\s+\S+\s+1\s+0$/m);
    expect(table).toMatch(
      /^\s+\d+ operations, \d+ webhooks? \(send any with: pnpm mock trigger <service> <webhook> --to URL\)$/m,
    );
    expect(table).not.toMatch(/\b1 operations\b/);
  });
});

describe('did you mean', () => {
  it('an unknown option suggests the one it was meant to be', () => {
    expect(() => parseCliArgs(['--onyl', 'voice'])).toThrow(UsageError);
    expect(() => parseCliArgs(['--onyl', 'voice'])).toThrow("Unknown option '--onyl' (did you mean --only?)");
    expect(() => parseCliArgs(['--no-such-option'])).toThrow(/^Unknown option '--no-such-option'$/);
  });

  it('an unknown service suggests the service and lists them all', async () => {
    await expect(startMocks({ configPath, only: ['vioce'] })).rejects.toThrow(
      /Unknown service "vioce" \(did you mean voice\?\); .* lists agents, .*voice/,
    );
  });
});

describe('refusal bodies', () => {
  it('join their messages as sentences', () => {
    expect(
      joinMessages([
        'no security requirement is met',
        'credentials of x are not allowed (x-security-exclusive)',
      ]),
    ).toBe('no security requirement is met. credentials of x are not allowed (x-security-exclusive)');
    expect(joinMessages(['Not enough permissions.', ' ', 'Done!'])).toBe('Not enough permissions. Done!');
  });
});
