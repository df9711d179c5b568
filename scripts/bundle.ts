// Bundles every service's split spec into one file per service (dist/specs/<service>.yaml), the form
// tools that cannot follow relative $refs (Prism, code generators, docs) consume.
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { stringify } from 'yaml';
import { acceptNoArguments } from './lib/no-arguments.ts';
import { fromRoot, relativizePaths, repoRoot } from './lib/paths.ts';
import { bundleService, listServices } from './lib/specs.ts';

const usage = `Usage: pnpm bundle

Bundles every service of redocly.yaml into dist/specs/<service>.yaml. Takes no arguments.
Exit codes: 0 every service bundled; 1 some service failed to bundle; 2 bad arguments.`;

acceptNoArguments(usage);

const outDir = fromRoot('dist', 'specs');
mkdirSync(outDir, { recursive: true });

let failed = 0;
for (const service of listServices()) {
  try {
    const { spec, problems } = await bundleService(service);
    if (problems.length > 0) {
      failed++;
      console.error(
        `✗ ${service.name}: ${problems.length} problem(s) while bundling ${service.relativeRoot}`,
      );
      for (const problem of problems) console.error(`    ${problem}`);
      continue;
    }
    const file = fromRoot('dist', 'specs', `${service.name}.yaml`);
    writeFileSync(file, stringify(spec, { lineWidth: 0, aliasDuplicateObjects: false }));
    console.log(`✓ ${service.name.padEnd(10)} ${relative(repoRoot, file)}`);
  } catch (error) {
    failed++;
    console.error(`✗ ${service.name}: ${relativizePaths((error as Error).message)}`);
  }
}
if (failed > 0) {
  console.error(`${failed} service(s) failed to bundle.`);
  process.exit(1);
}
