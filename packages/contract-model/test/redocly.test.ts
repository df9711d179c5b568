import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { listServices } from '../src/index.js';
import { configChangesNoBundle, openBundler } from '../src/redocly.js';

// Bundling goes through Redocly's OpenAPI-only export when the config changes nothing a bundle depends
// on; these rows hold it to the whole package's answer.
const repoConfig = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'contract-model-redocly-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** What a bundle gives that this package reads: the document, the problems, the files read. */
async function outcome(bundle: ReturnType<typeof openBundler>, root: string) {
  try {
    const result = await bundle(root);
    return {
      document: result.bundle.parsed,
      problems: result.problems.map((problem) => ({
        severity: problem.severity,
        message: problem.message,
        source: problem.location[0]?.source.absoluteRef,
        pointer: problem.location[0]?.pointer,
      })),
      files: [...result.fileDependencies].sort(),
    };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe('which configs change a bundle', () => {
  const rows: Array<{ given: string; config: string; want: boolean }> = [
    { given: 'no config', config: '', want: true },
    { given: "the repository's redocly.yaml", config: '<repo>', want: true },
    {
      given: 'rules, per-version rules, built-in extends, apis',
      config:
        'extends: [minimal, recommended]\nrules: {info-license: off}\noas3_1Rules: {operation-4xx-response: error}\napis: {a: {root: a.yaml, decorators: {remove-x-internal: on}}}\n',
      want: true,
    },
    { given: 'decorators', config: 'decorators:\n  remove-x-internal: on\n', want: false },
    { given: 'per-version decorators', config: 'oas3_1Decorators:\n  remove-x-internal: on\n', want: false },
    { given: 'preprocessors', config: 'preprocessors: {}\n', want: false },
    { given: 'plugins', config: 'plugins: [./plugin.js]\n', want: false },
    { given: 'resolve settings', config: 'resolve:\n  doNotResolveExamples: true\n', want: false },
    { given: 'an extends of a file', config: 'extends: [./base.yaml]\n', want: false },
    { given: 'an extends that is not a list', config: 'extends: recommended\n', want: false },
    { given: 'a key this list does not know', config: 'someday: true\n', want: false },
    { given: 'a config that does not parse', config: 'rules: [\n', want: false },
  ];
  it.each(rows)('$given: $want', ({ config, want }) => {
    const path =
      config === ''
        ? undefined
        : config === '<repo>'
          ? repoConfig
          : write(`config-${rows.findIndex((row) => row.config === config)}.yaml`, config);
    expect(configChangesNoBundle(path)).toBe(want);
  });
});

describe('the OpenAPI-only bundler gives what the whole package gives', () => {
  it.each(listServices(repoConfig).map((service) => [service.name, service.root]))(
    "the repository's %s spec",
    async (_name, root) => {
      expect(await outcome(openBundler(repoConfig), root)).toEqual(
        await outcome(openBundler(repoConfig, { whole: true }), root),
      );
    },
  );

  const config = write('plain/redocly.yaml', 'extends: [recommended]\n');
  const cases: Array<{ given: string; root: string }> = [
    {
      given: 'a broken $ref (a problem with its place)',
      root: write(
        'plain/broken.yaml',
        "openapi: 3.1.0\ninfo: {title: B, version: '1'}\npaths:\n  /x:\n    get:\n      responses:\n        '200':\n          $ref: ./missing.yaml\n",
      ),
    },
    {
      given: 'split files and an unused component',
      root: write(
        'plain/split.yaml',
        "openapi: 3.1.0\ninfo: {title: S, version: '1'}\npaths:\n  /x:\n    get:\n      x-internal: true\n      responses:\n        '200': {$ref: './ok.yaml'}\ncomponents:\n  schemas:\n    Unused: {type: string}\n",
      ),
    },
    {
      given: 'a document that is not OpenAPI (the whole package answers)',
      root: write('plain/async.yaml', "asyncapi: 2.6.0\ninfo: {title: A, version: '1'}\nchannels: {}\n"),
    },
    { given: 'a root that does not exist (the same error)', root: join(dir, 'plain', 'nowhere.yaml') },
  ];
  write('plain/ok.yaml', 'description: OK\n');
  it.each(cases)('$given', async ({ root }) => {
    expect(await outcome(openBundler(config), root)).toEqual(
      await outcome(openBundler(config, { whole: true }), root),
    );
  });

  it('per-service settings of `apis` do not change a bundle made with the root config', async () => {
    const perService = write(
      'per-service/redocly.yaml',
      'apis:\n  d:\n    root: openapi.yaml\n    decorators:\n      remove-x-internal: on\n',
    );
    expect(configChangesNoBundle(perService)).toBe(true);
    const root = write(
      'per-service/openapi.yaml',
      "openapi: 3.1.0\ninfo: {title: D, version: '1'}\npaths:\n  /x:\n    get:\n      x-internal: true\n      responses:\n        '200': {description: OK}\n",
    );
    const result = await outcome(openBundler(perService), root);
    expect(result).toEqual(await outcome(openBundler(perService, { whole: true }), root));
    expect(Object.keys((result as { document: { paths: object } }).document.paths)).toEqual(['/x']);
  });

  it('a config with a decorator is bundled by the whole package, decorator applied', async () => {
    const decorated = write('decorated/redocly.yaml', 'decorators:\n  remove-x-internal: on\n');
    const root = write(
      'decorated/openapi.yaml',
      "openapi: 3.1.0\ninfo: {title: D, version: '1'}\npaths:\n  /x:\n    get:\n      x-internal: true\n      responses:\n        '200': {description: OK}\n  /y:\n    get:\n      responses:\n        '200': {description: OK}\n",
    );
    const result = await outcome(openBundler(decorated), root);
    expect(result).toEqual(await outcome(openBundler(decorated, { whole: true }), root));
    expect(Object.keys((result as { document: { paths: object } }).document.paths)).toEqual(['/y']);
  });
});
