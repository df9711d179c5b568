import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agent, checkWithFixtures } from './helpers.js';

// Issue 52: a HAR names any file as a Playwright attachment (`_file`). A FIFO blocked the run for ever,
// a link to /dev/zero grew until the process aborted, a link out of the folder was quoted in a message.
const scratch = mkdtempSync(join(tmpdir(), 'contract-check-attachments-'));
const folder = join(scratch, 'recording');
mkdirSync(folder);
writeFileSync(join(scratch, 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
writeFileSync(join(folder, 'agent.json'), JSON.stringify(agent));
writeFileSync(join(folder, 'large.json'), JSON.stringify({ ...agent, padding: 'x'.repeat(5000) }));
execFileSync('mkfifo', [join(folder, 'fifo.json')]);
symlinkSync('/dev/zero', join(folder, 'zero.json'));
symlinkSync(join(scratch, 'passwd'), join(folder, 'outside.json'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const entry = (file: string): object => ({
  request: {
    method: 'GET',
    url: 'http://localhost:4010/api/v1/workflow/fetch/42',
    headers: [{ name: 'Authorization', value: 'Bearer fixture-token-123' }],
  },
  response: {
    status: 200,
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    content: { size: 60, mimeType: 'application/json', _file: file },
  },
});
const har = (name: string, ...files: string[]): string => {
  const path = join(folder, name);
  writeFileSync(path, JSON.stringify({ log: { version: '1.2', entries: files.map(entry) } }));
  return path;
};

describe('an attachment is read only as a regular file inside the HAR folder, within the entry limit', () => {
  it('a FIFO, a link to /dev/zero and a link out of the folder: not judged (attachment-refused), the run goes on', async () => {
    const file = har('refused.har', 'agent.json', 'fifo.json', 'zero.json', 'outside.json', 'agent.json');
    const { code, stdout } = await checkWithFixtures('--verbose', file);
    expect(stdout).toContain(`PASS ${file} #0 GET`);
    expect(stdout).toContain('fifo.json (next to the HAR): not a regular file (a FIFO)');
    expect(stdout).toMatch(
      /#2 GET[^\n]*\n[^\n]*zero\.json \(next to the HAR\): a symbolic link that leads out/,
    );
    expect(stdout).toContain(
      "outside.json (next to the HAR): a symbolic link that leads out of the HAR's folder",
    );
    expect(stdout).toContain(`PASS ${file} #4 GET`);
    expect(stdout).not.toContain('root:x');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      '2 passed, 0 failed, 3 not judged (attached body refused 3)',
    );
    // What the recording did not let be read leaves the exit code alone, as a missing file does.
    expect(code).toBe(0);
  }, 60_000);

  it('a file over --max-entry-bytes is not read: a resource limit (exit 2) that says how to raise it', async () => {
    const file = har('large.har', 'large.json', 'agent.json');
    const { code, stdout } = await checkWithFixtures('--verbose', '--max-entry-bytes', '2000', file);
    expect(stdout).toMatch(
      /large\.json \(next to the HAR\): 50\d\d bytes, over the limit of 2000 \(raise it with --max-entry-bytes\)/,
    );
    expect(stdout).toContain(`PASS ${file} #1 GET`);
    expect(stdout).not.toContain('xxxx');
    expect(code).toBe(2);
    expect((await checkWithFixtures(file)).code).toBe(0);
  }, 60_000);
});
