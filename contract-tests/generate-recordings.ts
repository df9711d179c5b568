// Writes the recordings (recordings/<service>/*.har) and the negative set (negative/*.har) from the
// traffic described in lib/traffic/ and lib/negative.ts. Deterministic: the same input gives the same
// bytes. `--check` writes nothing and exits 1 when a committed file differs or a generated file is stale.
//
//   pnpm exec tsx contract-tests/generate-recordings.ts [--check]
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptCheckOnly } from '../scripts/lib/no-arguments.ts';
import { renderAll } from './lib/catalogue.ts';
import { generatedFileProblems, staleGeneratedFiles } from './lib/sync.ts';

const root = dirname(fileURLToPath(import.meta.url));
const check = acceptCheckOnly(`Usage: pnpm contract-tests:generate [--check]

Writes the recordings (contract-tests/recordings/<service>/*.har) and the negative set (negative/*.har)
from the traffic described in contract-tests/lib/. Deterministic.
  --check      write nothing; exit 1 when a committed file differs or a generated file is stale`);
const files = renderAll();

if (check) {
  const problems = await generatedFileProblems(root, files);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`${problems.length} problem(s): run pnpm exec tsx contract-tests/generate-recordings.ts`);
    process.exit(1);
  }
  console.log(`${files.size} generated recordings are up to date.`);
} else {
  for (const stale of await staleGeneratedFiles(root, files)) {
    await rm(join(root, stale));
    console.log(`removed ${stale}`);
  }
  let written = 0;
  for (const [path, text] of files) {
    const full = join(root, path);
    const current = await readFile(full, 'utf8').catch(() => undefined);
    if (current === text) continue;
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, text);
    written++;
    console.log(`wrote ${relative(process.cwd(), full)}`);
  }
  console.log(`${files.size} recordings, ${written} written.`);
}
