// Writes RESULTS.md: coverage (operation × status × content type) and mutation score per service, from
// the recordings and the negative set, and the per-service table into the summary block of the repository
// README. `--check` writes nothing and exits 1 when either is stale.
// Also prints the checker's throughput on the recordings (not written: it varies from run to run).
//
//   pnpm exec tsx contract-tests/report.ts [--check]
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkHarFiles, loadContracts } from '@svc-contracts/contract-checker';
import { acceptCheckOnly } from '../scripts/lib/no-arguments.ts';
import { configPath, contractTestsRoot, recordingsDir, repoRoot } from './lib/paths.ts';
import { renderResults, runContractChecks, withReadmeSummary } from './lib/results.ts';
import { readSpecFacts } from './lib/spec-facts.ts';

const check = acceptCheckOnly(`Usage: pnpm contract-tests:report [--check]

Checks the recordings and the negative set, writes contract-tests/RESULTS.md (coverage and mutation score
per service) and the summary table of README.md, and prints the checker's throughput.
  --check      write nothing; exit 1 when either file is stale`);
const resultsPath = join(contractTestsRoot, 'RESULTS.md');
const readmePath = join(repoRoot, 'README.md');
const contracts = await loadContracts({ configPath });
try {
  const results = await runContractChecks(contracts, await readSpecFacts());
  const readme = await readFile(readmePath, 'utf8');
  const written = [
    { shown: 'contract-tests/RESULTS.md', path: resultsPath, text: renderResults(results) },
    {
      shown: 'README.md (contract-tests summary)',
      path: readmePath,
      text: withReadmeSummary(readme, results),
    },
  ];
  for (const file of written) {
    if (check) {
      const current = await readFile(file.path, 'utf8').catch(() => '');
      if (current !== file.text) {
        console.error(`${file.shown} is stale: run pnpm exec tsx contract-tests/report.ts`);
        process.exitCode = 1;
      } else console.log(`${file.shown} is up to date.`);
    } else {
      await writeFile(file.path, file.text);
      console.log(`wrote ${file.shown}`);
    }
  }
  // Throughput: the whole positive set checked repeatedly with the contracts already loaded.
  const rounds = 20;
  const start = performance.now();
  let entries = 0;
  for (let round = 0; round < rounds; round++) {
    entries += (await checkHarFiles([recordingsDir], { contracts })).entries.length;
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `throughput: ${entries} entries in ${seconds.toFixed(2)} s = ${Math.round(entries / seconds)} entries/s (files read and parsed each round)`,
  );
} finally {
  await contracts.close();
}
