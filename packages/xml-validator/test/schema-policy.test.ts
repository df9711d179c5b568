import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSchemaBundle } from '../src/schema-files.js';

// XSD files are read under contract-model's spec-input policy: each rule with the case it lets through.
const dir = mkdtempSync(join(tmpdir(), 'xml-validator-policy-'));
const root = join(dir, 'repo');
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(root, '.git'), { recursive: true });
mkdirSync(join(root, 'xsd'));
const schema = (body: string) =>
  `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${body}</xs:schema>\n`;
const include = (location: string) => schema(`<xs:include schemaLocation="${location}"/>`);
writeFileSync(join(dir, 'Secret.xsd'), schema('<!-- xsd-secret-51c2 -->'));
writeFileSync(join(root, 'common.xsd'), schema(''));
writeFileSync(join(root, 'xsd', 'Big.xsd'), schema(`<!-- ${'x'.repeat(600)} -->`));
symlinkSync(join(dir, 'Secret.xsd'), join(root, 'xsd', 'Link.xsd'));
execFileSync('mkfifo', [join(root, 'xsd', 'Fifo.xsd')]);

async function refusal(entry: string, budget?: string): Promise<string | undefined> {
  if (budget) process.env.SPEC_MAX_FILE_BYTES = budget;
  try {
    await loadSchemaBundle(join(root, 'xsd', entry));
    return undefined;
  } catch (error) {
    expect((error as Error).message).not.toContain('xsd-secret-51c2');
    return /\[([a-z-]+)\]$/.exec((error as Error).message)?.[1] ?? (error as Error).message;
  } finally {
    delete process.env.SPEC_MAX_FILE_BYTES;
  }
}

describe('loadSchemaBundle reads only what the spec-input policy allows', () => {
  it.each([
    { includes: '../common.xsd', refused: undefined },
    { includes: '../../Secret.xsd', refused: 'outside-root' },
    { includes: 'Link.xsd', refused: 'symlink-outside-root' },
    { includes: 'Fifo.xsd', refused: 'not-a-file' },
  ])('an include of $includes → $refused', async ({ includes, refused }) => {
    writeFileSync(join(root, 'xsd', 'Order.xsd'), include(includes));
    expect(await refusal('Order.xsd')).toBe(refused);
  });

  it('names the including file and the rule', async () => {
    writeFileSync(join(root, 'xsd', 'Order.xsd'), include('../../Secret.xsd'));
    await expect(loadSchemaBundle(join(root, 'xsd', 'Order.xsd'))).rejects.toThrow(
      /XSD file .*Secret\.xsd \(referenced as '\.\.\/\.\.\/Secret\.xsd' by .*Order\.xsd\): outside the root the spec was given \[outside-root\]$/,
    );
  });

  it.each([
    { entry: 'Link.xsd', budget: undefined, refused: 'symlink-outside-root' },
    { entry: 'Big.xsd', budget: '10000', refused: undefined },
    { entry: 'Big.xsd', budget: '500', refused: 'file-bytes' },
  ])('the entry $entry (budget $budget) → $refused', async ({ entry, budget, refused }) => {
    expect(await refusal(entry, budget)).toBe(refused);
  });
});
