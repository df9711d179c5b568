import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

const execFileAsync = promisify(execFile);

/**
 * Runs `body` in a fresh Node process (the suite's process has loaded Prism and faker long ago) after
 * importing the engine module the mock server loads Prism through; `prism` resolves from Prism's package,
 * `loadedLocales()` counts faker 6's locale files in the module cache. Prints what `body` returns.
 */
async function inFreshProcess(body: string): Promise<unknown> {
  const engine = fileURLToPath(new URL('../src/prism-engine.ts', import.meta.url));
  const onDemand = fileURLToPath(new URL('../src/faker-on-demand.ts', import.meta.url));
  const script = `
    import { createRequire } from 'node:module';
    const here = createRequire(${JSON.stringify(engine)});
    const onDemand = await import(${JSON.stringify(onDemand)});
    await import(${JSON.stringify(engine)});
    const prism = createRequire(here.resolve('@stoplight/prism-http'));
    const loadedLocales = () =>
      Object.keys(here.cache).filter((file) => /@faker-js\\+faker@6[^/]*\\/.*\\/locales\\//.test(file)).length;
    const result = await (async () => { ${body} })();
    console.log(JSON.stringify(result));
  `;
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { encoding: 'utf8', cwd: fileURLToPath(new URL('..', import.meta.url)) },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null');
}

describe("Prism's faker, loaded on first use", () => {
  // Two fresh processes, started at once: one looks before and after `loadFakerNow`, the other makes
  // Prism's generator use the object it was handed (which must load faker by itself).
  let atStart: Promise<unknown>;
  let handedToPrism: Promise<unknown>;
  beforeAll(() => {
    atStart = inFreshProcess(`
      const loadedWithPrism = loadedLocales();
      onDemand.loadFakerNow();
      return { deferred: onDemand.fakerDeferred, loadedWithPrism, afterLoadNow: loadedLocales() > 0 };
    `);
    handedToPrism = inFreshProcess(`
      const handed = prism('@faker-js/faker').default;
      const name = handed.name.firstName();
      const again = prism('@faker-js/faker').default;
      const { JSONSchemaFaker } = prism('json-schema-faker');
      const generated = JSONSchemaFaker.generate({ type: 'string', faker: 'internet.email' });
      return { name: typeof name, same: handed === again, locales: loadedLocales() > 0, email: generated.includes('@') };
    `);
    // Handled now: a failure is reported by the tests that await it, not first as an unhandled rejection.
    atStart.catch(() => undefined);
    handedToPrism.catch(() => undefined);
  });

  it('is not loaded when Prism is: none of its locales is read', async () => {
    expect(await atStart).toMatchObject({ deferred: true, loadedWithPrism: 0 });
  });

  it("answers through the object Prism was handed, loading faker then (Prism's generator works)", async () => {
    expect(await handedToPrism).toEqual({ name: 'string', same: true, locales: true, email: true });
  });

  it('is loaded at once by loadFakerNow (a server in dynamic mode)', async () => {
    expect(await atStart).toMatchObject({ loadedWithPrism: 0, afterLoadNow: true });
  });
});
