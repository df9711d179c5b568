import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, basic, bearer, checkWithFixtures } from './helpers.js';

// Issue 41: an entry whose check throws (here ajv-formats' `uri` format overflowing the stack on a
// 9 MB `answerUrl`) is that entry not judged, `checker-failure`, and the run exits 2; the entries beside
// it are judged.

const good = {
  request: { method: 'GET', url: 'http://localhost:4010/api/v1/workflow/fetch/42', headers: bearer },
  response: {
    status: 200,
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    content: { mimeType: 'application/json', text: JSON.stringify(agent) },
  },
};
const pathological = {
  request: {
    method: 'POST',
    url: 'http://localhost:4012/api/v2/accounts/a1/calls/',
    headers: [...basic, { name: 'Content-Type', value: 'application/json' }],
    postData: {
      mimeType: 'application/json',
      text: JSON.stringify({
        from: '+15551234567',
        to: '+15551234568',
        answerUrl: `https://a.example/${'a/'.repeat(4_500_000)}`,
        applicationId: 'app-1',
      }),
    },
  },
  response: { status: 201, headers: [], content: { mimeType: 'text/plain', text: '' } },
};

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'contract-check-checker-failure-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('an entry whose check throws is not judged (checker-failure), the run goes on and exits 2', () => {
  it('a good entry, one that overflows the stack, another good entry', async () => {
    const file = join(scratch, 'three.har');
    await writeFile(file, JSON.stringify({ log: { version: '1.2', entries: [good, pathological, good] } }));
    const { code, stdout } = await checkWithFixtures('--verbose', file);
    expect(code).toBe(2);
    expect(stdout).toContain(`PASS ${file} #0 GET`);
    expect(stdout).toContain(`NOT JUDGED ${file} #1 POST`);
    expect(stdout).toContain('checker failure');
    expect(stdout).toContain('Maximum call stack size exceeded');
    expect(stdout).toContain(`PASS ${file} #2 GET`);
    expect(stdout).not.toContain('input error');
    expect(stdout).toContain('2 passed, 0 failed, 1 not judged (checker failure 1)');
  });
});
