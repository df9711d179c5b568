// docs/architecture.md as a page of the site. Its Mermaid diagram is drawn in the browser by the `mermaid`
// package, copied into the site (assets/mermaid.min.js): no CDN, so the page works offline like the rest.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Marked, type Tokens } from 'marked';
import { escapeHtml, pageCss } from './index-page.ts';

/** The browser build of mermaid (one self-contained script) and where the site serves it. */
export const mermaidScript = join(
  dirname(createRequire(import.meta.url).resolve('mermaid/package.json')),
  'dist',
  'mermaid.min.js',
);
export const mermaidAsset = 'assets/mermaid.min.js';

const markdown = new Marked({
  gfm: true,
  renderer: {
    code({ text, lang }: Tokens.Code): string | false {
      // Mermaid reads the element's text, so the source goes in escaped and comes out as written.
      if (lang?.trim() === 'mermaid') return `<pre class="mermaid">${escapeHtml(text)}</pre>\n`;
      return false;
    },
    link({ href, tokens }: Tokens.Link): string | false {
      // Links between repository files work on GitHub, not on the site: keep their text, drop the link.
      if (!/^(https?:|#)/.test(href)) return this.parser.parseInline(tokens);
      return false;
    },
  },
});

const css = `${pageCss}
pre.mermaid { background: transparent; text-align: center; margin: 1.5rem 0; }
pre.mermaid:not([data-processed]) { color: var(--muted); text-align: left; }
`;

// Dark or light to match the page; strict: the diagram text is never run as HTML or script.
const start = `mermaid.initialize({
  startOnLoad: false,
  securityLevel: 'strict',
  theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'default',
});
mermaid.run({ querySelector: 'pre.mermaid' }).then(
  () => { document.body.dataset.diagrams = 'rendered'; },
  (error) => { document.body.dataset.diagrams = 'failed'; console.error(error); },
);`;

/** The page for `docs/architecture.md`; throws when it has no Mermaid diagram (the page exists for it). */
export function renderArchitecturePage(source: string): string {
  const body = markdown.parse(source, { async: false });
  if (!body.includes('<pre class="mermaid">'))
    throw new Error('docs/architecture.md has no ```mermaid diagram: the architecture page draws it');
  const title = /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? 'Architecture';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - svc-contracts</title>
<link rel="icon" href="data:,">
<style>${css}</style>
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<main id="content">
<p><a href="index.html">API reference index</a></p>
${body}
</main>
<script src="${mermaidAsset}"></script>
<script>
${start}
</script>
</body>
</html>
`;
}
