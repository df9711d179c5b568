import { spawn } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { claimOutputFolder } from '../lib/output-folder.ts';
import { fromRoot, repoRoot } from '../lib/paths.ts';
import { bundleService, defaultConfigPath, listWrittenServices } from '../lib/specs.ts';
import { mermaidAsset, mermaidScript, renderArchitecturePage } from './architecture-page.ts';
import { renderIndexPage } from './index-page.ts';
import { type ServiceSummary, summariseService } from './model.ts';
import { type ContractFigures, readContractResults } from './results.ts';

export const defaultOutDir = fromRoot('docs-site');
export const xsdSourceDir = fromRoot('specs', 'numbers', 'xsd');
export const architectureSource = fromRoot('docs', 'architecture.md');
const redoclyBin = fromRoot('node_modules', '.bin', 'redocly');

export interface BuiltSite {
  outDir: string;
  services: ServiceSummary[];
  xsds: string[];
  figures: ContractFigures[];
  /** Every page, relative to `outDir`: `index.html` first, `architecture.html` last. */
  pages: string[];
}

/** Runs `redocly build-docs <alias>` (the service's entry of redocly.yaml), scripts inlined: no CDN. */
export async function buildServicePage(service: string, output: string): Promise<void> {
  const args = ['build-docs', service, '--config', defaultConfigPath, '--inlineBundle', '-o', output];
  const child = spawn(redoclyBin, args, {
    cwd: repoRoot,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const code = await new Promise<number | null>((resolvePromise, reject) => {
    child.once('error', reject);
    child.once('close', resolvePromise);
  });
  if (code !== 0) throw new Error(`redocly build-docs ${service} exited with ${code}:\n${log}`);
}

/**
 * Redoc's sidebar attribution loads its logo from Redocly's CDN at run time, the one request a page
 * would make off the site (and a console error offline). It is replaced by a local text logo; the
 * "API docs by" link to Redocly stays. tests/docs/site.test.ts fails on any request a page makes off the site.
 */
const cdnLogos = [
  'https://cdn.redoc.ly/redoc/logo-mini-full.svg',
  'https://cdn.redoc.ly/redoc/logo-mini.svg',
];
const localLogo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="16" viewBox="0 0 64 16"><text x="0" y="12" font-family="sans-serif" font-size="12" fill="#888">Redocly</text></svg>',
)}`;

export async function makeOffline(file: string): Promise<void> {
  let html = await readFile(file, 'utf8');
  for (const logo of cdnLogos) html = html.replaceAll(logo, localLogo);
  await writeFile(file, html);
}

/**
 * A favicon at the site root: browsers ask for `/favicon.ico` whenever a page names none (Redoc's pages
 * do not), and a static host would answer 404. One transparent pixel, PNG inside an ICO container.
 */
function favicon(): Buffer {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
  const header = Buffer.from([0, 0, 1, 0, 1, 0]);
  const entry = Buffer.alloc(16);
  entry.writeUInt8(1, 0); // width
  entry.writeUInt8(1, 1); // height
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(header.length + entry.length, 12);
  return Buffer.concat([header, entry, png]);
}

/**
 * Builds the whole site into `outDir`: a new or empty folder, or the site's own earlier output (emptied
 * first); any other folder throws `OutputFolderError` before anything is deleted.
 */
export async function buildSite(outDir = defaultOutDir): Promise<BuiltSite> {
  const target = resolve(outDir);
  await claimOutputFolder(target, 'pnpm run docs');
  await mkdir(join(target, 'xsd'), { recursive: true });

  const services = listWrittenServices();
  const bundled = await Promise.all(services.map((service) => bundleService(service)));
  for (const { service, problems } of bundled) {
    if (problems.length > 0)
      throw new Error(`${service.relativeRoot} does not bundle:\n${problems.join('\n')}`);
  }
  const summaries = bundled.map(({ service, spec }) => summariseService(service.name, spec));

  await Promise.all(
    services.map(async (service) => {
      const file = join(target, `${service.name}.html`);
      await buildServicePage(service.name, file);
      await makeOffline(file);
    }),
  );

  const xsds = (await readdir(xsdSourceDir)).filter((file) => file.endsWith('.xsd')).sort();
  await Promise.all(xsds.map((file) => copyFile(join(xsdSourceDir, file), join(target, 'xsd', file))));

  const figures = readContractResults();
  const html = renderIndexPage({ services: summaries, xsds, figures, generatedAt: new Date() });
  await writeFile(join(target, 'index.html'), html);
  await writeFile(join(target, 'favicon.ico'), favicon());
  await mkdir(join(target, dirname(mermaidAsset)), { recursive: true });
  await copyFile(mermaidScript, join(target, mermaidAsset));
  await writeFile(
    join(target, 'architecture.html'),
    renderArchitecturePage(await readFile(architectureSource, 'utf8')),
  );

  return {
    outDir: target,
    services: summaries,
    xsds,
    figures,
    pages: ['index.html', ...services.map((service) => `${service.name}.html`), 'architecture.html'],
  };
}
