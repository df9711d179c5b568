import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, it } from 'vitest';
import { fromRoot } from '../scripts/lib/paths.ts';

const run = promisify(execFile);

// The workspace packages themselves are checked by `pnpm check:packages` in `pnpm test`; this shows the
// check rejects a package whose exports promise types it does not ship.
// Each test packs and checks its own folders in a scratch folder of its own: they run at once. `node
// --import tsx`, one process: the tsx bin would start a second Node to run the script in.
describe.concurrent('pnpm check:packages', () => {
  it('fails a package whose exports name a missing declaration file, saying which, and only that one', async ({
    expect,
  }) => {
    // A workspace package (packed with the others by one `pnpm -r pack`) next to a folder outside the
    // workspace (packed alone): each is judged on its own tarball.
    const failure = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/check-packages.ts', 'packages/redact', 'tests/fixtures/broken-package'],
      {
        cwd: fromRoot(),
      },
    ).then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('✗ @svc-contracts/fixture-broken-package');
    expect(failure?.stdout).toContain(
      'pkg.exports["."].types is ./lib/index.d.ts but the file does not exist',
    );
    expect(failure?.stdout).toMatch(/✓ @svc-contracts\/redact +packages\/redact/);
    expect(failure?.stdout).toContain('1 passed, 1 failed');
  });

  it('fails a package whose declarations import a file it does not publish (arethetypeswrong)', async ({
    expect,
  }) => {
    const failure = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/check-packages.ts', 'tests/fixtures/types-unresolved-package'],
      { cwd: fromRoot() },
    ).then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toContain('✗ @svc-contracts/fixture-types-unresolved-package');
    expect(failure?.stdout).toContain('arethetypeswrong: InternalResolutionError');
    expect(failure?.stdout).toContain('moduleSpecifier ./missing.js');
    expect(failure?.stdout).not.toContain('publint');
  });
});
