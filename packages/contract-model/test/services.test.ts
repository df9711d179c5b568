import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundleService,
  bundleSpecs,
  findConfigPath,
  isWritten,
  listServices,
  SpecError,
} from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'contract-model-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  join(dir, 'redocly.yaml'),
  'apis:\n  pets:\n    root: specs/pets/openapi.yaml\n  later:\n    root: specs/later/openapi.yaml\n  broken:\n    root: broken.yaml\n  nameless: {}\n',
);
const petsDir = join(dir, 'specs', 'pets');
await import('node:fs').then(({ mkdirSync }) => mkdirSync(petsDir, { recursive: true }));
writeFileSync(
  join(petsDir, 'openapi.yaml'),
  "openapi: 3.1.0\ninfo: {title: Pets, version: '1'}\npaths:\n  /pets:\n    get:\n      responses:\n        '200':\n          $ref: ./ok.yaml\n",
);
writeFileSync(join(petsDir, 'ok.yaml'), 'description: OK\n');
writeFileSync(
  join(dir, 'broken.yaml'),
  "openapi: 3.1.0\ninfo: {title: Broken, version: '1'}\npaths:\n  /x:\n    get:\n      responses:\n        '200':\n          $ref: ./missing.yaml\n",
);
const config = join(dir, 'redocly.yaml');

function service(index: number) {
  const found = listServices(config)[index];
  if (found === undefined) throw new Error(`no service ${index}`);
  return found;
}

describe('the service registry', () => {
  it('finds redocly.yaml in a folder or above it', () => {
    expect(findConfigPath(petsDir)).toBe(config);
  });

  it('lists the services of `apis` in order, roots resolved against the config, entries without a root left out', () => {
    expect(listServices(config)).toEqual([
      {
        name: 'pets',
        root: join(petsDir, 'openapi.yaml'),
        dir: petsDir,
        relativeRoot: 'specs/pets/openapi.yaml',
      },
      {
        name: 'later',
        root: join(dir, 'specs', 'later', 'openapi.yaml'),
        dir: join(dir, 'specs', 'later'),
        relativeRoot: 'specs/later/openapi.yaml',
      },
      { name: 'broken', root: join(dir, 'broken.yaml'), dir, relativeRoot: 'broken.yaml' },
    ]);
    expect(listServices(config).map(isWritten)).toEqual([true, false, true]);
  });
});

describe('bundling', () => {
  it('bundles split files into one document, names the files read, and reports a service not written yet', async () => {
    const { specs, missing, files } = await bundleSpecs(listServices(config).slice(0, 2), {
      configPath: config,
    });
    expect(missing).toEqual(['later']);
    expect(specs[0]?.problems).toEqual([]);
    expect(specs[0]?.document.paths?.['/pets']).toEqual({
      get: { responses: { '200': { $ref: '#/components/responses/ok' } } },
    });
    expect(specs[0]?.document.components?.responses).toEqual({ ok: { description: 'OK' } });
    expect(files).toEqual(
      expect.arrayContaining([config, join(petsDir, 'openapi.yaml'), join(petsDir, 'ok.yaml')]),
    );
  });

  it('names a broken $ref by file and pointer', async () => {
    const { problems } = await bundleService(service(2), { configPath: config });
    expect(problems).toEqual([
      expect.stringMatching(/^broken\.yaml#\/paths\/~1x\/get\/responses\/200.*missing\.yaml/),
    ]);
  });

  it('refuses a service whose root does not exist', async () => {
    await expect(bundleService(service(1), { configPath: config })).rejects.toThrow(SpecError);
  });
});
