import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLaneOrder, failureDigest, type Lane, runLanes, type Step } from '../../scripts/test/lanes.ts';

const node = (name: string, code: string, after?: string): Step => ({
  name,
  command: process.execPath,
  args: ['-e', code],
  ...(after === undefined ? {} : { after }),
});
const lane = (name: string, ...steps: Step[]): Lane => ({ name, steps });
const results = (steps: Awaited<ReturnType<typeof runLanes>>['steps']) =>
  Object.fromEntries(steps.map((step) => [step.step, step.result]));

/**
 * A `build` step that leaves a file behind after `ms`, and a step that exits 7 unless that file is
 * there: what waits for the build must not start before it has passed.
 */
function buildAndWaiter(ms: number, waiter: string): { build: Step; waiter: Step; builtFile: string } {
  const builtFile = join(mkdtempSync(join(tmpdir(), 'lanes-')), 'built');
  const built = JSON.stringify(builtFile);
  return {
    builtFile,
    build: node('build', `setTimeout(() => require('fs').writeFileSync(${built}, ''), ${ms})`),
    waiter: node(waiter, `process.exit(require('fs').existsSync(${built}) ? 0 : 7)`, 'build'),
  };
}

describe('runLanes', () => {
  it('runs both lanes at once and prints the kept output after the streamed one', async () => {
    const written: string[] = [];
    const marker = join(mkdtempSync(join(tmpdir(), 'lanes-')), 'b-started');
    // The streamed lane ends only once the kept one has started: one after the other, it would give up.
    const waitForB = `const fs=require('fs');const t=Date.now();const i=setInterval(()=>{if(fs.existsSync(${JSON.stringify(marker)})){clearInterval(i);console.log('saw b')}else if(Date.now()-t>120000){process.exit(9)}},20)`;
    const outcome = await runLanes(
      lane('A', node('a', waitForB)),
      [
        lane(
          'B',
          node('b', `require('fs').writeFileSync(${JSON.stringify(marker)}, '');console.log('from b')`),
        ),
      ],
      (text) => written.push(text),
    );
    expect(outcome.code).toBe(0);
    expect(results(outcome.steps)).toEqual({ a: 0, b: 0 });
    const text = written.join('');
    expect(text).toContain('[B]');
    expect(text.indexOf('from b')).toBeGreaterThan(text.indexOf('[A] a:'));
  });

  it('runs three lanes at once, kept output lane by lane in the order given', async () => {
    const { build, waiter } = buildAndWaiter(200, 'lint');
    const written: string[] = [];
    const outcome = await runLanes(
      lane('suite', build, node('tests', "console.log('tests ran')")),
      [
        lane('lint', waiter),
        lane('own', node('publish', "setTimeout(() => console.log('published'), 100)", 'build')),
      ],
      (text) => written.push(text),
    );
    expect(outcome.code).toBe(0);
    expect(results(outcome.steps)).toEqual({ build: 0, tests: 0, lint: 0, publish: 0 });
    const text = written.join('');
    expect(text.indexOf('tests ran')).toBeLessThan(text.indexOf('\n[lint]\n[lint] lint:'));
    expect(text.indexOf('\n[lint]\n[lint] lint:')).toBeLessThan(text.indexOf('published'));
  });

  it('starts a step that waits for the other lane only once that step has passed', async () => {
    const { build, waiter, builtFile } = buildAndWaiter(300, 'bench');
    const outcome = await runLanes(
      lane('checks', build, node('suite', 'process.exit(0)')),
      [lane('own', node('publish', ''), waiter)],
      () => {},
    );
    expect(results(outcome.steps)).toEqual({ build: 0, suite: 0, publish: 0, bench: 0 });
    expect(outcome.code).toBe(0);
    expect(existsSync(builtFile)).toBe(true);
  });

  it('goes on after a failure, skips only what needs the failed step, and still ends the other lane', async () => {
    const written: string[] = [];
    const outcome = await runLanes(
      lane(
        'checks',
        node('lint', 'process.exit(3)'),
        node('suite', 'process.exit(0)'),
        node('after-lint', '', 'lint'),
      ),
      [lane('own', node('publish', "console.log('published')"), node('bench', '', 'lint'))],
      (text) => written.push(text),
    );
    expect(outcome.code).toBe(3);
    expect(results(outcome.steps)).toEqual({
      lint: 3,
      suite: 0,
      'after-lint': 'skipped',
      publish: 0,
      bench: 'skipped',
    });
    const text = written.join('');
    expect(text).toContain('[checks] after-lint: skipped (lint did not pass)');
    expect(text).toContain('[own] bench: skipped (lint did not pass)');
    expect(text).toContain('published');
  });

  it('stops a step past its bound and says it timed out, with the command', async () => {
    const written: string[] = [];
    const hang = { ...node('hang', "console.log('started'); setInterval(() => {}, 1000)"), timeoutMs: 300 };
    const outcome = await runLanes(
      lane('A', node('a', 'process.exit(0)')),
      [lane('B', hang, node('next', "console.log('next ran')"))],
      (text) => written.push(text),
    );
    expect(results(outcome.steps)).toEqual({ a: 0, hang: 1, next: 0 });
    expect(outcome.code).toBe(1);
    const text = written.join('');
    expect(text).toMatch(/\[hang\] .*node -e console\.log\('started'\).* timed out after 0 s/);
    expect(text).toContain('started');
    expect(text).toContain('next ran');
  });

  it('fails when either lane fails, the streamed lane first, and says when the kept lane outlives it', async () => {
    const written: string[] = [];
    // B fails only once the streamed lane has ended and said B is still running: no race with the clock.
    const marker = join(mkdtempSync(join(tmpdir(), 'lanes-')), 'a-ended');
    const failOnMarker = `const fs=require('fs');const t=Date.now();const i=setInterval(()=>{if(fs.existsSync(${JSON.stringify(marker)})){console.error('broke');process.exit(4)}else if(Date.now()-t>60000){process.exit(9)}},20)`;
    const late = await runLanes(
      lane('A', node('a', 'process.exit(0)')),
      [lane('B', node('b', failOnMarker))],
      (text) => {
        written.push(text);
        if (text.includes('[B] still running')) writeFileSync(marker, '');
      },
    );
    expect(late.code).toBe(4);
    expect(written.join('')).toContain('[B] still running');
    expect(written.join('')).toContain('broke');
    // The kept lane's failure is announced when it happens, before its output.
    const announced = written.join('').indexOf('[B] b failed (exit 4); its output follows at the end.');
    expect(announced).toBeGreaterThan(-1);
    expect(announced).toBeLessThan(written.join('').indexOf('broke'));
    const both = await runLanes(
      lane('A', node('a', 'process.exit(5)')),
      [lane('B', node('b', 'process.exit(6)'))],
      () => {},
    );
    expect(both.code).toBe(5);
    const missing = await runLanes(
      lane('A', node('a', 'process.exit(0)')),
      [lane('C', { name: 'c', command: '/no/such/command', args: [] })],
      () => {},
    );
    expect(missing.code).toBe(1);
  });
});

describe('the digest of the failures', () => {
  it('ends the output with each failed step and its failed tests, after the kept lanes', async () => {
    const written: string[] = [];
    const vitestLike =
      "console.log(' \u2713 a.test.ts (2 tests)');console.log('\u001b[41m FAIL \u001b[49m suite a.test.ts > refuses x');process.exit(1)";
    const outcome = await runLanes(
      lane('A', node('suite', vitestLike)),
      [lane('B', node('b', "console.log('kept output')"))],
      (text) => written.push(text),
    );
    expect(outcome.code).toBe(1);
    const text = written.join('');
    expect(text.slice(text.lastIndexOf('kept output'))).toContain(
      'suite failed (exit 1):\nFAIL  suite a.test.ts > refuses x',
    );
  });

  it('quotes the last lines of a failed step that names no test', () => {
    expect(failureDigest('lint', 2, 'one\ntwo\nlint: 3 problems\n')).toBe(
      'lint failed (exit 2); its last lines:\none\ntwo\nlint: 3 problems',
    );
  });
});

describe('checkLaneOrder', () => {
  it('refuses steps that wait for each other, an unknown step and a name given twice', () => {
    // x2 waits for y2, which comes after y1, which waits for x3, which comes after x2.
    expect(() =>
      checkLaneOrder(
        lane('X', node('x1', ''), node('x2', '', 'y2'), node('x3', '')),
        lane('Y', node('y1', '', 'x3'), node('y2', '')),
      ),
    ).toThrow(/cycle/);
    expect(() => checkLaneOrder(lane('X', node('x1', '', 'nope')), lane('Y'))).toThrow(
      'step "x1" waits for "nope", which is no step',
    );
    // An earlier step of its own lane may be needed; a later one, or itself, cannot.
    expect(() => checkLaneOrder(lane('X', node('x1', ''), node('x2', '', 'x1')), lane('Y'))).not.toThrow();
    expect(() => checkLaneOrder(lane('X', node('x1', '', 'x2'), node('x2', '')), lane('Y'))).toThrow(
      'step "x1" waits for "x2", which is not before it in its lane',
    );
    expect(() => checkLaneOrder(lane('X', node('x1', '', 'x1')), lane('Y'))).toThrow(/not before it/);
    // A cycle through three lanes: x1 waits for z1, z1 for y1, y1 for x1.
    expect(() =>
      checkLaneOrder(
        lane('X', node('x1', '', 'z1')),
        lane('Y', node('y1', '', 'x1')),
        lane('Z', node('z1', '', 'y1')),
      ),
    ).toThrow(/cycle/);
    expect(() => checkLaneOrder(lane('X', node('s', '')), lane('Y', node('s', '')))).toThrow(
      'step "s" is named twice',
    );
    expect(() =>
      checkLaneOrder(
        lane('X', node('x1', ''), node('x2', '', 'y1')),
        lane('Y', node('y1', ''), node('y2', '', 'x1')),
      ),
    ).not.toThrow();
  });
});
