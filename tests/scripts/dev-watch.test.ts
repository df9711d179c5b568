import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DevArgsError, parseDevArgs } from '../../scripts/dev/args.ts';
import { servicesOf, watchRoot, watchSpecs } from '../../scripts/dev/watch.ts';

const services = [
  { name: 'agents', dir: '/r/specs/agents' },
  { name: 'numbers', dir: '/r/specs/numbers' },
];

describe('pnpm dev: what a save touches', () => {
  it('watches the folder that holds every service', () => {
    expect(watchRoot(services)).toBe('/r/specs');
    expect(watchRoot([services[0] ?? { name: '', dir: '' }])).toBe('/r/specs/agents');
  });

  it('maps a file to its service, a shared file to every service, anything else to none', () => {
    expect(servicesOf('/r/specs/agents/paths/a.yaml', services)).toEqual(['agents']);
    expect(servicesOf('/r/specs/numbers/xsd/Order.xsd', services)).toEqual(['numbers']);
    expect(servicesOf('/r/specs/common/errors.yaml', services)).toEqual(['agents', 'numbers']);
    expect(servicesOf('/r/specs/agents/paths/.a.yaml.swp', services)).toEqual([]);
    expect(servicesOf('/r/specs/agents/paths/a.yaml~', services)).toEqual([]);
  });

  it('reports a burst of saves once', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dev-watch-'));
    try {
      mkdirSync(join(root, 'a', 'paths'), { recursive: true });
      mkdirSync(join(root, 'b'), { recursive: true });
      const seen: string[][] = [];
      const watcher = watchSpecs(
        [
          { name: 'a', dir: join(root, 'a') },
          { name: 'b', dir: join(root, 'b') },
        ],
        ({ services: touched }) => seen.push(touched),
        80,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (let index = 0; index < 5; index++)
        writeFileSync(join(root, 'a', 'paths', 'x.yaml'), `n: ${index}`);
      writeFileSync(join(root, 'a', 'notes.txt'), 'not a spec');
      await new Promise((resolve) => setTimeout(resolve, 400));
      watcher.close();
      expect(seen).toEqual([['a']]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses a mistyped option with a suggestion, and --docs with --config', () => {
    expect(() => parseDevArgs(['--onyl', 'agents'])).toThrow(/did you mean --only/);
    expect(() => parseDevArgs(['--docs', '--config', 'x.yaml'])).toThrow(DevArgsError);
    expect(() => parseDevArgs(['--docs-port', 'x'])).toThrow(/not a port/);
    expect(parseDevArgs(['--help'])).toBeUndefined();
    expect(parseDevArgs(['--only', 'agents'])).toEqual({ only: ['agents'], docs: false, docsPort: 8080 });
  });
});
