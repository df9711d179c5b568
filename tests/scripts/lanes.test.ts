import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Lane, runLanes } from '../../scripts/test/lanes.ts';

const node = (name: string, code: string): Lane => ({ name, command: process.execPath, args: ['-e', code] });

describe('runLanes', () => {
  it('runs both at once and prints the kept output after the streamed one', async () => {
    const written: string[] = [];
    const marker = join(mkdtempSync(join(tmpdir(), 'lanes-')), 'b-started');
    // The streamed lane ends only once the kept one has started: one after the other, it would give up.
    const waitForB = `const fs=require('fs');const t=Date.now();const i=setInterval(()=>{if(fs.existsSync(${JSON.stringify(marker)})){clearInterval(i);console.log('saw b')}else if(Date.now()-t>20000){process.exit(9)}},20)`;
    const code = await runLanes(
      node('a', waitForB),
      node('b', `require('fs').writeFileSync(${JSON.stringify(marker)}, '');console.log('from b')`),
      (text) => written.push(text),
    );
    expect(code).toBe(0);
    expect(written.join('')).toContain('[b]\n');
    expect(written.join('')).toContain('from b');
  });

  it('fails when either lane fails, and says when the kept lane outlives the streamed one', async () => {
    const written: string[] = [];
    expect(await runLanes(node('a', 'process.exit(3)'), node('b', 'process.exit(0)'), () => {})).toBe(3);
    expect(
      await runLanes(
        node('a', 'process.exit(0)'),
        node('b', "setTimeout(() => { console.error('broke'); process.exit(4); }, 300)"),
        (text) => written.push(text),
      ),
    ).toBe(4);
    expect(written.join('')).toContain('[b] still running');
    expect(written.join('')).toContain('broke');
    expect(
      await runLanes(
        node('a', 'process.exit(0)'),
        { name: 'c', command: '/no/such/command', args: [] },
        () => {},
      ),
    ).toBe(1);
  });
});
