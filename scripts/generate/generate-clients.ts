// Regenerates the generated code of the typed clients from the specs (issue #7). For every service of
// redocly.yaml that has a client package (`packages/<service>-client`):
//   src/generated/schema.ts       openapi-typescript types of the bundled spec (what openapi-fetch checks)
//   src/generated/operations.ts   the run-time contract: security alternatives, x-server-side-only, x-requires
// and for a service with XSDs (`x-xsd`): src/generated/xml-documents.ts (types and descriptors) and xsd/.
// `--check` writes nothing and exits 1 listing every stale file, so CI catches a spec changed without
// regenerating (and a hand-edited generated file).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fromRoot, relativizePaths, repoRoot } from '../lib/paths.ts';
import { compareWithDisk, type GeneratedFile, writeToDisk } from './lib/generated-file.ts';

const usage = `Usage: pnpm generate [--check]

Regenerates src/generated/ (and xsd/) of every client package from the specs.
  --check      write nothing; exit 1 listing every stale or orphaned generated file
  -h, --help   this text`;

let check = false;
try {
  const { values } = parseArgs({
    options: { check: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  check = values.check;
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}

// The bundler and the generators load once the arguments are read: `--help` and a bad option answer at once.
const [{ bundleService, listServices }, { clientFiles }] = await Promise.all([
  import('../lib/specs.ts'),
  import('./lib/client-files.ts'),
]);

const files: GeneratedFile[] = [];
const generatedDirs: string[] = [];
let failed = false;
for (const service of listServices()) {
  const packageDir = fromRoot('packages', `${service.name}-client`);
  if (!existsSync(packageDir)) {
    console.log(`- ${service.name.padEnd(10)} no packages/${service.name}-client: nothing to generate`);
    continue;
  }
  try {
    const { spec, problems } = await bundleService(service);
    if (problems.length > 0) throw new Error(`the spec does not bundle:\n    ${problems.join('\n    ')}`);
    const generated = await clientFiles(service, spec, packageDir);
    files.push(...generated.files);
    generatedDirs.push(...generated.generatedDirs);
  } catch (error) {
    failed = true;
    console.error(`✗ ${service.name}: ${relativizePaths((error as Error).message)}`);
  }
}
if (failed) process.exit(1);

const report = compareWithDisk(files, generatedDirs, repoRoot);
const changed = report.stale.length + report.orphaned.length;
if (check) {
  if (changed === 0) {
    console.log(`✓ ${files.length} generated files are up to date.`);
  } else {
    console.error(`✗ ${changed} generated file(s) are stale; run \`pnpm generate\` and commit the result:`);
    for (const path of report.stale) console.error(`    ${path}`);
    for (const path of report.orphaned) console.error(`    ${path} (no longer generated)`);
    process.exit(1);
  }
} else {
  writeToDisk(files, report, repoRoot);
  for (const path of report.stale) console.log(`✓ wrote   ${path}`);
  for (const path of report.orphaned) console.log(`✓ deleted ${path}`);
  console.log(`${files.length} generated files, ${changed} changed.`);
}
