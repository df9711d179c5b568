import type { ServiceSummary } from './model.ts';
import type { ContractFigures } from './results.ts';

export interface IndexPageInput {
  services: ServiceSummary[];
  /** File names of the XSDs copied to `xsd/`. */
  xsds: string[];
  /** Rows of RESULTS.md's per-service table, `all` included. */
  figures: ContractFigures[];
  generatedAt: Date;
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The style every page of the site shares (the index, the architecture page). */
export const pageCss = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #fff; --muted: #57606a; --line: #d0d7de; --accent: #0550ae; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #9198a1; --line: #30363d; --accent: #6cb6ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
main { max-width: 72rem; margin: 0 auto; padding: 1.5rem; }
a { color: var(--accent); }
a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem; }
h1 { margin-top: 0; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0 2rem; }
caption { text-align: left; font-weight: 600; padding-bottom: .5rem; }
th, td { border: 1px solid var(--line); padding: .4rem .6rem; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .9em; }
ul.plain { margin: 0; padding-left: 1.1rem; }
.muted { color: var(--muted); }
footer { max-width: 72rem; margin: 0 auto; padding: 0 1.5rem 1.5rem; color: var(--muted); font-size: .875rem; }
`;

function serversCell(service: ServiceSummary): string {
  if (service.servers.length === 0) return '<span class="muted">none declared</span>';
  const items = service.servers.map((server) => {
    const variables = server.variables
      .map((variable) => {
        const values = variable.enum
          ? ` (one of ${variable.enum.map((v) => `<code>${escapeHtml(v)}</code>`).join(', ')})`
          : '';
        return `<br><code>{${escapeHtml(variable.name)}}</code> default <code>${escapeHtml(variable.default)}</code>${values}`;
      })
      .join('');
    return `<li><code>${escapeHtml(server.url)}</code>${variables}</li>`;
  });
  return `<ul class="plain">${items.join('')}</ul>`;
}

function securityCell(service: ServiceSummary): string {
  if (service.securitySchemes.length === 0) return '<span class="muted">none</span>';
  const items = service.securitySchemes.map(
    (scheme) => `<li><code>${escapeHtml(scheme.name)}</code>: ${escapeHtml(scheme.kind)}</li>`,
  );
  return `<ul class="plain">${items.join('')}</ul>`;
}

function figuresTable(figures: ContractFigures[]): string {
  const rows = figures.map((row) => {
    const name = row.service === 'all' ? '<strong>all</strong>' : escapeHtml(row.service);
    const head = `<th scope="row">${name}</th>`;
    const numbers = [
      row.entries,
      row.conforms,
      row.rejectedAsExpected,
      row.operationsCovered,
      row.cellsCovered,
      row.mutants,
      row.killed,
      row.mutationScore,
    ]
      .map((value) => `<td class="num">${escapeHtml(String(value))}</td>`)
      .join('');
    return `<tr>${head}${numbers}</tr>`;
  });
  return `<table>
<caption>Contract coverage and mutation score per service (from <code>contract-tests/RESULTS.md</code>)</caption>
<thead><tr><th scope="col">service</th><th scope="col">entries</th><th scope="col">conforms</th><th scope="col">rejected as expected</th><th scope="col">operations covered</th><th scope="col">cells covered</th><th scope="col">mutants</th><th scope="col">killed</th><th scope="col">mutation score</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

/** The site's index: one row per service, the XSDs, and the contract-test figures. Plain HTML, no assets. */
export function renderIndexPage(input: IndexPageInput): string {
  const serviceRows = input.services.map((service) => {
    return `<tr>
<th scope="row"><a href="${escapeHtml(service.name)}.html">${escapeHtml(service.name)}</a></th>
<td>${escapeHtml(service.title)}${service.summary ? `<br><span class="muted">${escapeHtml(service.summary)}</span>` : ''}</td>
<td><code>${escapeHtml(service.version)}</code></td>
<td>${serversCell(service)}</td>
<td>${securityCell(service)}</td>
<td class="num">${service.counts.operations}</td>
<td class="num">${service.counts.webhooks}</td>
</tr>`;
  });
  const xsdItems = input.xsds.map(
    (file) => `<li><a href="xsd/${encodeURIComponent(file)}"><code>${escapeHtml(file)}</code></a></li>`,
  );
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>svc-contracts API reference</title>
<link rel="icon" href="data:,">
<style>${pageCss}</style>
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<main id="content">
<h1>svc-contracts API reference</h1>
<p>Reference pages generated from the OpenAPI specs listed in <code>redocly.yaml</code>. Each service page documents every operation, its parameters, bodies, responses and examples.</p>
<p><a href="architecture.html">Architecture</a>: how everything flows from the specs, and which package owns which concept.</p>

<h2 id="services">Services</h2>
<table>
<caption>Services, their versions, base URLs and authentication</caption>
<thead><tr><th scope="col">service</th><th scope="col">title</th><th scope="col">version</th><th scope="col">base URL</th><th scope="col">authentication</th><th scope="col">operations</th><th scope="col">webhooks</th></tr></thead>
<tbody>
${serviceRows.join('\n')}
</tbody>
</table>

<h2 id="xsd">XML schemas (number management)</h2>
<p>The number-management XML documents are defined by these XSDs; the <code>numbers</code> spec names the one of each body (<code>x-xsd</code>).</p>
<ul>
${xsdItems.join('\n')}
</ul>

<h2 id="contract-tests">Contract tests</h2>
${figuresTable(input.figures)}
</main>
<footer><p>Generated ${escapeHtml(input.generatedAt.toISOString())} by <code>pnpm run docs</code>.</p></footer>
</body>
</html>
`;
}
