// Writes RESULTS.md: coverage (operation × status × content type) and mutation score per service, from
// the recordings and the negative set. `--check` writes nothing and exits 1 when RESULTS.md is stale.
// Also prints the checker's throughput on the recordings (not written: it varies from run to run).
//
//   pnpm exec tsx contract-tests/report.ts [--check]
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkHarFiles, loadContracts } from '@svc-contracts/contract-checker';
import { configPath, contractTestsRoot, recordingsDir } from './lib/paths.ts';
import { renderResults, runContractChecks } from './lib/results.ts';
import { readSpecFacts } from './lib/spec-facts.ts';

const resultsPath = join(contractTestsRoot, 'RESULTS.md');
const contracts = await loadContracts({ configPath });
try {
  const results = await runContractChecks(contracts, await readSpecFacts());
  const text = renderResults(results);
  if (process.argv.includes('--check')) {
    const current = await readFile(resultsPath, 'utf8').catch(() => '');
    if (current !== text) {
      console.error('contract-tests/RESULTS.md is stale: run pnpm exec tsx contract-tests/report.ts');
      process.exitCode = 1;
    } else console.log('contract-tests/RESULTS.md is up to date.');
  } else {
    await writeFile(resultsPath, text);
    console.log('wrote contract-tests/RESULTS.md');
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
