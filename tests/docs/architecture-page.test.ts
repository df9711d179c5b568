import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mermaidAsset, mermaidScript, renderArchitecturePage } from '../../scripts/docs/architecture-page.ts';
import { architectureSource } from '../../scripts/docs/site.ts';

// The browser draws the diagram (tests/docs/site.test.ts checks the SVG); these check what the page gives it.
describe('the architecture page', () => {
  const source = readFileSync(architectureSource, 'utf8');
  const html = renderArchitecturePage(source);

  it('hands the Mermaid source to the browser build of mermaid, escaped, and loads that from the site', () => {
    const diagram = /<pre class="mermaid">([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? '';
    expect(diagram).toMatch(/^flowchart LR\n/);
    expect(diagram).toContain('--&gt; diff[&quot;spec-diff');
    expect(diagram).not.toContain('-->');
    expect(html).toContain(`<script src="${mermaidAsset}"></script>`);
    expect(html).not.toMatch(/<script src="https?:/);
    expect(existsSync(mermaidScript)).toBe(true);
  });

  it('renders the concept table, every owning package in it', () => {
    expect(html).toContain('<table>');
    for (const name of [
      'openapi-utils',
      'xsd-model',
      'xml-validator',
      'worker-pool',
      'redact',
      'har',
      'contract-checker',
      'mock-server',
      'contract-recorder',
      'spec-diff',
      'spectral-ruleset',
      'client-runtime',
    ])
      expect(html).toContain(`<td><code>@svc-contracts/${name}</code></td>`);
  });

  it('keeps the text of links between repository files, which only work on GitHub, and drops the link', () => {
    const page = renderArchitecturePage(
      '# A\n\n```mermaid\nflowchart LR\n  a --> b\n```\n\nSee [the README](../README.md) and [Redocly](https://redocly.com).\n',
    );
    expect(page).toContain('See the README and <a href="https://redocly.com">Redocly</a>.');
  });

  it('refuses a source without a Mermaid diagram', () => {
    expect(() => renderArchitecturePage('# Architecture\n\n```text\nspecs -> bundle\n```\n')).toThrow(
      /no ```mermaid diagram/,
    );
  });
});
