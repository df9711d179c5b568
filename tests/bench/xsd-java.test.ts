// The XSD section without Java: xsd-schema-validator's comparisons say why they were not measured (the run is
// then partial), and the script still measures the other engines and exits 0. No figure is asserted.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NotMeasured, Section } from '../../bench/lib/section.ts';
import { repoRoot } from '../../scripts/lib/paths.ts';

/** A PATH holding only what the script needs besides Java: node, and git and tar for the previous engine. */
function pathWithoutJava(scratch: string): string {
  const bin = join(scratch, 'bin');
  mkdirSync(bin);
  for (const tool of ['node', 'git', 'tar']) {
    const found = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    if (found) symlinkSync(found, join(bin, tool));
  }
  return bin;
}

describe('bench/xml-validator/xsd-engines.ts without Java', () => {
  it('says xsd-schema-validator was not measured, and why, instead of failing', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'bench-xsd-java-'));
    const json = join(scratch, 'section.json');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'bench/xml-validator/xsd-engines.ts', '--tiny', '--json', json],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { ...process.env, PATH: pathWithoutJava(scratch) },
        timeout: 180_000,
      },
    );
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    const section = JSON.parse(readFileSync(json, 'utf8')) as Section;
    for (const figure of section.figures) {
      const java = figure.comparisons.find((comparison) => comparison.key === 'xsd-schema-validator');
      expect(java, figure.id).toMatchObject({ status: 'unavailable' } satisfies Partial<NotMeasured>);
      expect((java as NotMeasured).reason).toContain('`java` not found');
    }
    expect(run.stdout).toContain('xsd-schema-validator (Java, a new JVM per call): not measured');
  }, 200_000);
});
