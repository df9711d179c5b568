// `pnpm dev`: the mocks, kept in step with the specs as they are saved (scripts/dev/args.ts has the usage).
// Each step is the repository's own: the mocks' reload (@svc-contracts/mock-server), the linters of
// `pnpm lint:specs`, the bundler of `pnpm bundle`, the client generator of `pnpm generate` and the docs
// site's page builder. The mock is reloaded first, so an edited example is served as soon as it bundles.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { DevArgsError, type DevOptions, devUsage, parseDevArgs } from './dev/args.ts';
import { watchSpecs } from './dev/watch.ts';
import { colorsFor, didYouMean } from './lib/cli-output.ts';
import { relativizePaths } from './lib/paths.ts';

export async function runDev(options: DevOptions): Promise<number> {
  const [
    { startMocks, SpecError },
    { bundleService, defaultConfigPath, listServices },
    { formatReport },
    { lintWithRedocly },
    { lintWithSpectral, loadRepositoryRuleset },
    { clientFiles },
    { compareWithDisk, writeToDisk },
  ] = await Promise.all([
    import('@svc-contracts/mock-server'),
    import('./lib/specs.ts'),
    import('./lint/report.ts'),
    import('./lint/redocly.ts'),
    import('./lint/spectral.ts'),
    import('./generate/lib/client-files.ts'),
    import('./generate/lib/generated-file.ts'),
  ]);
  const colors = colorsFor(process.stdout);
  const { style } = colors;
  const configPath = options.config === undefined ? defaultConfigPath : resolve(options.config);
  const outRoot = dirname(configPath);
  const listed = listServices(configPath);
  const names = listed.map((service) => service.name);
  for (const name of options.only) {
    if (!names.includes(name)) {
      console.error(
        `pnpm dev: no service "${name}"${didYouMean(name, names)}; services: ${names.join(', ')}.`,
      );
      return 2;
    }
  }
  const services = listed.filter(
    (service) =>
      existsSync(service.root) && (options.only.length === 0 || options.only.includes(service.name)),
  );
  const ruleset = loadRepositoryRuleset();
  // Keeps the loader from reporting an unhandled rejection before the first save awaits it.
  ruleset.catch(() => undefined);

  const mocks = await startMocks({ configPath, only: services.map((service) => service.name) });
  for (const mock of mocks.mocks) console.log(`mock ${mock.name.padEnd(10)} ${mock.url}`);

  let docs: { url: string; outDir: string; close(): Promise<void> } | undefined;
  if (options.docs) {
    const [{ buildSite, defaultOutDir }, { serveStatic }] = await Promise.all([
      import('./docs/site.ts'),
      import('./docs/serve.ts'),
    ]);
    const site = await buildSite(defaultOutDir);
    const server = await serveStatic(site.outDir, options.docsPort);
    docs = { url: server.url, outDir: site.outDir, close: () => server.close() };
    console.log(`docs ${server.url}`);
  }

  /** One service after a save: reload, lint, bundle to dist/specs, generate, docs page. */
  async function refresh(name: string): Promise<void> {
    const service = services.find((candidate) => candidate.name === name);
    if (!service) return;
    try {
      const { milliseconds } = await mocks.reload(name);
      console.log(
        style('green', `✓ ${name}: the mock serves the saved spec (${Math.round(milliseconds)} ms)`),
      );
    } catch (error) {
      const why = error instanceof SpecError ? error.message : String(error);
      console.error(style('red', `✗ ${name}: the mock keeps the last good spec: ${relativizePaths(why)}`));
    }
    const findings = [];
    for (const lint of [
      () => lintWithRedocly(service, configPath),
      async () => lintWithSpectral(service, await ruleset, configPath),
    ]) {
      try {
        findings.push(...(await lint()));
      } catch (error) {
        console.error(style('red', `✗ ${name}: a linter failed: ${(error as Error).message}`));
      }
    }
    const errors = findings.filter((finding) => finding.severity === 'error').length;
    const report = formatReport(findings, 'stylish', colors);
    if (report) console.log(report);
    console.log(
      `${errors === 0 ? '✓' : '✗'} ${name}: lint, ${errors} error(s), ${findings.length - errors} other finding(s)`,
    );
    const { spec, problems } = await bundleService(service, configPath);
    if (problems.length > 0) {
      console.error(`✗ ${name}: does not bundle; dist/, the client and the docs keep the last good spec:`);
      for (const problem of problems) console.error(`    ${problem}`);
      return;
    }
    const bundleFile = join(outRoot, 'dist', 'specs', `${name}.yaml`);
    mkdirSync(dirname(bundleFile), { recursive: true });
    writeFileSync(bundleFile, stringify(spec, { lineWidth: 0, aliasDuplicateObjects: false }));
    const packageDir = join(outRoot, 'packages', `${name}-client`);
    if (existsSync(packageDir)) {
      const { files, generatedDirs } = await clientFiles(service, spec, packageDir);
      const sync = compareWithDisk(files, generatedDirs, outRoot);
      writeToDisk(files, sync, outRoot);
      const changed = sync.stale.length + sync.orphaned.length;
      console.log(
        `✓ ${name}: ${relative(process.cwd(), bundleFile)}; ${name}-client, ${changed} generated file(s) changed`,
      );
    }
    if (docs) {
      const { buildServicePage, makeOffline } = await import('./docs/site.ts');
      const page = join(docs.outDir, `${name}.html`);
      await buildServicePage(name, page);
      await makeOffline(page);
      console.log(`✓ ${name}: docs page rebuilt, ${docs.url}${name}.html`);
    }
  }

  // One pass at a time; saves during a pass are taken up by the next.
  const queued = new Set<string>();
  let running: Promise<void> | undefined;
  const drain = async (): Promise<void> => {
    while (queued.size > 0) {
      const batch = [...queued];
      queued.clear();
      for (const name of batch) {
        try {
          await refresh(name);
        } catch (error) {
          console.error(style('red', `✗ ${name}: ${relativizePaths((error as Error).message)}`));
        }
      }
    }
    running = undefined;
    console.log(style('dim', 'waiting for saves'));
  };
  // Every written service's folder is watched (specs/common/ too with --only); a save is taken up for the
  // services served here only.
  const served = new Set(services.map((service) => service.name));
  const written = listed.filter((service) => existsSync(service.root));
  const watcher = watchSpecs(
    written,
    ({ services: changed, files }) => {
      const touched = changed.filter((name) => served.has(name));
      if (touched.length === 0) return;
      const shown = files.map((file) => relative(process.cwd(), file)).join(', ');
      console.log(`\n${style('bold', shown)} changed: ${touched.join(', ')}`);
      for (const name of touched) queued.add(name);
      running ??= drain();
    },
    { onProblem: (message) => console.error(style('yellow', `! watcher: ${message}`)) },
  );
  await watcher.ready;
  console.log(`watching ${relativizePaths(`${watcher.root}/`)} (Ctrl-C stops)`);

  return new Promise((resolvePromise) => {
    const stop = (code: number) => () => {
      void Promise.all([watcher.close(), running, mocks.stop(), docs?.close()]).then(() =>
        resolvePromise(code),
      );
    };
    process.once('SIGINT', stop(0));
    process.once('SIGTERM', stop(0));
    void mocks.died.then(({ name, reason }) => {
      console.error(style('red', `✗ the ${name} mock stopped: ${reason}`));
      stop(1)();
    });
  });
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  let options: DevOptions | undefined;
  try {
    options = parseDevArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof DevArgsError)) throw error;
    console.error(`pnpm dev: ${error.message}\n\n${devUsage}`);
    process.exit(2);
  }
  if (options === undefined) console.log(devUsage);
  else process.exitCode = await runDev(options);
}
