import { afterEach, describe, expect, it } from 'vitest';
import { XmlEngineError } from '../src/errors.js';
import { XmllintEngine } from '../src/xmllint-engine.js';

const VERSION_RUN = { args: ['--version'], files: [] };

describe('XmllintEngine', () => {
  const engine = new XmllintEngine();
  afterEach(async () => {
    await engine.shutdown();
  });

  it('runs xmllint in its worker and returns its output', async () => {
    const outcome = await engine.exclusive((execute) => execute(VERSION_RUN));
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stderr).toContain('using libxml version');
  });

  it('runs tasks one at a time, in submission order', async () => {
    const order: string[] = [];
    await Promise.all(
      ['first', 'second', 'third'].map((name) =>
        engine.exclusive(async (execute) => {
          order.push(`${name} starts`);
          await execute(VERSION_RUN);
          order.push(`${name} ends`);
        }),
      ),
    );
    expect(order).toEqual([
      'first starts',
      'first ends',
      'second starts',
      'second ends',
      'third starts',
      'third ends',
    ]);
  });

  it('fails a run whose worker is stopped, then starts a new worker for the next run', async () => {
    const interrupted = engine.exclusive((execute) => execute(VERSION_RUN));
    // Let the task start (microtasks only: the worker cannot answer before the event loop turns).
    await Promise.resolve();
    await Promise.resolve();
    await engine.shutdown();
    await expect(interrupted).rejects.toBeInstanceOf(XmlEngineError);
    const next = await engine.exclusive((execute) => execute(VERSION_RUN));
    expect(next.exitCode).toBe(0);
  });

  it('reports an unknown option as a non-zero exit, not as a crash', async () => {
    const outcome = await engine.exclusive((execute) => execute({ args: ['--no-such-option'], files: [] }));
    expect(outcome.exitCode).not.toBe(0);
    expect(outcome.stderr).toContain('Unknown option');
  });
});
