// `pnpm run docs`: builds the API reference site into docs-site/ (one Redocly page per service of redocly.yaml,
// an index, the XSDs). `pnpm run docs --serve [--port 8080]` then serves it on loopback. `--out <dir>` builds
// elsewhere.
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { countsText } from '../lib/cli-output.ts';
import { OutputFolderError } from '../lib/output-folder.ts';
import { repoRoot } from '../lib/paths.ts';
import { serveStatic } from './serve.ts';
import { buildSite, defaultOutDir } from './site.ts';

const usage = `Usage: pnpm run docs [--out <dir>] [--serve] [--port <n>]  (default out: docs-site/, port 8080)
  --out <dir> must be new, empty, or an earlier output of pnpm run docs (it holds .svc-contracts-output):
  that folder is emptied first; any other folder is refused (exit 2) and nothing is deleted.`;

const options = {
  serve: { type: 'boolean', default: false },
  port: { type: 'string', default: '8080' },
  out: { type: 'string', default: defaultOutDir },
  help: { type: 'boolean', short: 'h', default: false },
} as const;
let values: ReturnType<typeof parseArgs<{ options: typeof options }>>['values'];
try {
  ({ values } = parseArgs({ options }));
} catch (error) {
  console.error(`pnpm run docs: ${(error as Error).message}\n${usage}`);
  process.exit(2);
}

if (values.help) {
  console.log(usage);
  process.exit(0);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`pnpm run docs: --port must be an integer from 0 to 65535, not "${values.port}".`);
  process.exit(2);
}

const started = performance.now();
try {
  const site = await buildSite(values.out);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const shown = relative(process.cwd(), site.outDir) || '.';
  console.log(`docs: ${site.pages.length} pages and ${site.xsds.length} XSDs in ${shown}/ (${seconds} s)`);
  for (const service of site.services) {
    console.log(`  ${service.name.padEnd(10)} ${service.version.padEnd(8)} ${countsText(service.counts)}`);
  }
  if (values.serve) {
    const server = await serveStatic(site.outDir, port);
    console.log(
      `\nServing ${relative(repoRoot, site.outDir) || site.outDir} at ${server.url} (Ctrl-C stops)`,
    );
    const stop = () => {
      void server.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
} catch (error) {
  console.error(`pnpm run docs: ${error instanceof Error ? error.message : String(error)}`);
  // A refused --out is the user's input, not a failed build.
  process.exit(error instanceof OutputFolderError ? 2 : 1);
}
