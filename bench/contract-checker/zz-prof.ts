import { join } from 'node:path';
import { loadContracts } from '@svc-contracts/contract-checker';
import { loadEntries, repoRoot, subsetOf } from './vs-prism-entries.ts';
const entries = subsetOf(loadEntries(), 'json');
const c = await loadContracts({ configPath: join(repoRoot, 'redocly.yaml') });
const start = performance.now(); let n = 0;
while (performance.now() - start < Number(process.argv[2] ?? 8000)) { for (const e of entries) c.checkExchangeNow(e.request, e.response); n += entries.length; }
console.log(Math.round(n / (performance.now() - start) * 1000), 'entries/s');
await c.close();
