import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderArchitecturePage } from '../../scripts/docs/architecture-page.ts';
import { type StaticServer, serveStatic } from '../../scripts/docs/serve.ts';
import { type BuiltSite, buildSite } from '../../scripts/docs/site.ts';
import { fromRoot } from '../../scripts/lib/paths.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const screenshotDir = fromRoot('test-output', 'docs');
// The machine's network is closed: these switches stop Chromium's own background connections.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let outDir: string;
let site: BuiltSite;
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  // Never skip silently: without a browser this test fails and says how to get one.
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `${chromiumPath} is missing: run scripts/docs/ensure-chromium.sh (CI runs it in .ci/run).`,
    );
  }
  outDir = await mkdtemp(join(tmpdir(), 'docs-site-'));
  site = await buildSite(outDir);
  server = await serveStatic(outDir, 0);
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  await mkdir(screenshotDir, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true, maxRetries: 3 });
});

interface VisitedPage {
  status: number | undefined;
  text: string;
  links: string[];
  problems: string[];
}

/** Every console error, page error, failed request and HTTP error of a tab, and every request off the site. */
function watchProblems(tab: Page): string[] {
  const problems: string[] = [];
  tab.on('console', (message) => {
    if (message.type() === 'error')
      problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  tab.on('requestfailed', (request) =>
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`),
  );
  tab.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  tab.on('request', (request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && url.origin !== new URL(server.url).origin)
      problems.push(`request off the site: ${request.url()}`);
  });
  return problems;
}

/**
 * The side menu's labels, then those shown after a click on each top-level label. A string, not a
 * function: the test runner's transform would add helpers to a function that the page does not have.
 */
const expandMenu = `(async () => {
  const selector = '[data-testid="menu-item-label"]';
  const labels = () => [...document.querySelectorAll(selector)];
  const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const seen = labels().map((label) => label.innerText);
  for (const text of [...seen]) {
    // Exact text: a tag's name can also stand inside the title entry ("… (Verification) API").
    labels().find((label) => label.innerText === text)?.click();
    await frame();
    seen.push(...labels().map((label) => label.innerText));
  }
  return seen;
})()`;

async function visit(page: string): Promise<VisitedPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tab = await context.newPage();
  const problems = watchProblems(tab);
  try {
    const response = await tab.goto(new URL(page, server.url).href, { waitUntil: 'load' });
    // Redoc hydrates after load; let it finish and log whatever it logs.
    await tab.waitForLoadState('networkidle');
    // What a reader sees first: the rendered text, the links and the screenshot, before the menu is used.
    // biome-ignore lint/performance/useDomNodeTextContent: rendered text is what a reader of the page sees
    const rendered = await tab.locator('body').innerText();
    const links = await tab
      .locator('a[href]')
      .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
    await tab.screenshot({
      path: join(screenshotDir, page.replace(/\.html$/, '.png')),
      fullPage: page === 'index.html',
    });
    // Redoc renders sections lazily but lists every operation in its side menu, one tag at a time
    // (opening a tag closes the others): open each top-level entry and collect what the menu shows. The
    // clicks run in the page, each followed by two animation frames (Redoc has re-rendered the menu by
    // then): one round trip, not a Playwright action and a fixed wait per entry (3 s a page, not 0.7).
    const menuEntries = page === 'index.html' ? [] : ((await tab.evaluate(expandMenu)) as string[]);
    const text = `${rendered}\n${menuEntries.join('\n')}`;
    return { status: response?.status(), text, links, problems };
  } finally {
    await context.close();
  }
}

describe('pnpm docs site', () => {
  it('builds one page per service of redocly.yaml, the index and the XSDs', () => {
    expect(site.services.map((service) => service.name)).toEqual([
      'agents',
      'token',
      'messaging',
      'voice',
      'mfa',
      'numbers',
    ]);
    expect(site.xsds.length).toBeGreaterThan(0);
    expect(site.figures.map((row) => row.service)).toEqual([...site.services.map((s) => s.name), 'all']);
    expect(site.pages.at(-1)).toBe('architecture.html');
  });

  it('architecture: every Mermaid diagram is drawn as an SVG from the site itself, with no console error', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tab = await context.newPage();
    const problems = watchProblems(tab);
    try {
      const response = await tab.goto(new URL('architecture.html', server.url).href, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      // The page sets data-diagrams once mermaid has finished: "rendered", or "failed" with a console error.
      await tab.waitForSelector('body[data-diagrams]', { timeout: 30_000 });
      expect(await tab.getAttribute('body', 'data-diagrams')).toBe('rendered');
      // One drawing per Mermaid block of docs/architecture.md.
      const blocks = readFileSync(fromRoot('docs', 'architecture.md'), 'utf8').match(/^```mermaid$/gm);
      const svgs = tab.locator('pre.mermaid svg');
      expect(await svgs.count()).toBe(await tab.locator('pre.mermaid').count());
      expect(await svgs.count()).toBe(blocks?.length);
      expect(blocks?.length).toBeGreaterThanOrEqual(1);
      for (const svg of await svgs.all()) expect((await svg.boundingBox())?.width ?? 0).toBeGreaterThan(300);
      // The node labels as drawn (HTML inside the SVG's foreignObjects), what a reader sees.
      const labels = (await svgs.locator('.nodeLabel').allInnerTexts()).join('\n');
      for (const node of [
        'specs/',
        'contract-model',
        'bundle',
        'lint',
        'generate',
        'clients',
        'contract-checker',
        'contract-check',
        'mock-server',
        'contract-recorder',
        'spec-diff',
        'docs site',
      ])
        expect(labels).toContain(node);
      expect(problems).toEqual([]);
      await tab.screenshot({ path: join(screenshotDir, 'architecture.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('architecture: a diagram mermaid cannot parse is reported as failed, with its console error', async () => {
    const broken = '# Broken\n\n```mermaid\nflowchart LR\n  a --> (((\n```\n';
    await writeFile(join(outDir, 'broken-architecture.html'), renderArchitecturePage(broken));
    const context = await browser.newContext();
    const tab = await context.newPage();
    const problems = watchProblems(tab);
    try {
      await tab.goto(new URL('broken-architecture.html', server.url).href, { waitUntil: 'load' });
      await tab.waitForSelector('body[data-diagrams]', { timeout: 30_000 });
      expect(await tab.getAttribute('body', 'data-diagrams')).toBe('failed');
      expect(problems.some((problem) => problem.startsWith('console error:'))).toBe(true);
    } finally {
      await context.close();
      await rm(join(outDir, 'broken-architecture.html'), { force: true });
    }
  });

  it('index: lists every service with version, base URL and auth; every link answers 200; no console error', async () => {
    const { status, text, links, problems } = await visit('index.html');
    expect(status).toBe(200);
    expect(problems).toEqual([]);
    for (const service of site.services) {
      expect(text).toContain(service.name);
      expect(text).toContain(service.version);
      for (const server of service.servers) expect(text).toContain(server.url);
      for (const scheme of service.securitySchemes) expect(text).toContain(scheme.kind);
      expect(links).toContain(new URL(`${service.name}.html`, server.url).href);
    }
    for (const file of site.xsds) expect(links).toContain(new URL(`xsd/${file}`, server.url).href);
    for (const row of site.figures) expect(text).toContain(row.mutationScore);
    const unique = [...new Set(links.map((link) => link.replace(/#.*$/, '')))];
    for (const link of unique) {
      expect(new URL(link).origin, `${link} is not served by the site`).toBe(new URL(server.url).origin);
      const response = await fetch(link);
      await response.arrayBuffer();
      expect(response.status, link).toBe(200);
    }
  });

  // Each page spends most of its time waiting for Redoc to go idle: the six share the browser at once,
  // each in its own context, and assert with their own `expect` as concurrent tests must.
  it.concurrent.for(['agents', 'token', 'messaging', 'voice', 'mfa', 'numbers'])(
    '%s page renders every operation without console errors',
    async (name, { expect }) => {
      const service = site.services.find((candidate) => candidate.name === name);
      expect(service, `${name} not built`).toBeDefined();
      const { status, text, problems } = await visit(`${name}.html`);
      expect(status).toBe(200);
      expect(problems).toEqual([]);
      expect(service?.operations.length).toBeGreaterThan(0);
      const missing = (service?.operations ?? []).filter(
        (operation) =>
          !(operation.summary && text.includes(operation.summary)) &&
          !(operation.operationId && text.includes(operation.operationId)),
      );
      expect(missing).toEqual([]);
    },
  );
});
