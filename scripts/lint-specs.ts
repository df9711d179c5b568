// `pnpm lint:specs`: Redocly and our Spectral ruleset over every service of redocly.yaml, one report.
// Usage: tsx scripts/lint-specs.ts [--format stylish|github|json] [--config redocly.yaml] [service ...]
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { colorsFor, didYouMean, explainArgsError } from './lib/cli-output.ts';
import { repoRoot } from './lib/paths.ts';
import type { Finding } from './lint/finding.ts';
import type { ReportFormat } from './lint/report.ts';

const usage = `Usage: pnpm lint:specs [--format stylish|github|json] [--config redocly.yaml] [service ...]

Lints every service of redocly.yaml (or the services named) with Redocly and our Spectral ruleset.
A spec's files are read under contract-model's spec-input policy (inside the config's root, no URL, within
the budgets); a refused spec is named with the file, the pointer and the rule (spec-input/...).
Exit codes: 0 no error; 1 some error; 2 bad arguments or a refused spec.`;

let parsed: {
  values: { format?: string | undefined; config?: string | undefined; help?: boolean | undefined };
  positionals: string[];
};
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'stylish' },
      config: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (error) {
  console.error(`${explainArgsError(error, ['format', 'config', 'help', 'h'])}\n\n${usage}`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const format = values.format as ReportFormat;
if (!['stylish', 'github', 'json'].includes(format)) {
  console.error(
    `Unknown --format "${format}"${didYouMean(format, ['stylish', 'github', 'json'])}: use stylish, github or json.`,
  );
  process.exit(2);
}

// The linters load once the arguments and the services are known: `--help`, a bad option and an unknown
// service answer at once (the linters are four fifths of the start-up).
const { defaultConfigPath, listServices } = await import('./lib/specs.ts');
const configPath = values.config ? resolve(values.config) : defaultConfigPath;
const services = listServices(configPath).filter(
  (service) => positionals.length === 0 || positionals.includes(service.name),
);
const unknown = positionals.filter((name) => !services.some((service) => service.name === name));
if (unknown.length > 0) {
  const names = listServices(configPath).map((service) => service.name);
  for (const name of unknown) console.error(`Unknown service "${name}"${didYouMean(name, names)}.`);
  console.error(`The services (${relative(repoRoot, configPath)}): ${names.join(', ')}.`);
  process.exit(2);
}

const [
  { lintWithRedocly },
  { formatReport, summarize },
  { lintWithSpectral, loadRepositoryRuleset },
  { isRefusal, refusalOf },
] = await Promise.all([
  import('./lint/redocly.ts'),
  import('./lint/report.ts'),
  import('./lint/spectral.ts'),
  import('./lint/spec-input.ts'),
]);

const ruleset = await loadRepositoryRuleset();
const findings: Finding[] = [];
for (const service of services) {
  if (!existsSync(service.root)) {
    findings.push({
      linter: 'pipeline',
      service: service.name,
      file: relative(repoRoot, configPath),
      line: 1,
      column: 1,
      severity: 'error',
      rule: 'spec-exists',
      message: `Service "${service.name}" is listed in ${relative(repoRoot, configPath)} but ${service.relativeRoot} does not exist.`,
    });
    continue;
  }
  // One linter failing on a spec must not hide the other's findings, nor the other specs'; a refused spec
  // is refused once, whichever linter read it first.
  const found: Finding[] = [];
  for (const run of [
    () => lintWithRedocly(service, configPath),
    () => lintWithSpectral(service, ruleset, configPath),
  ]) {
    try {
      found.push(...(await run()));
    } catch (error) {
      const refused = refusalOf(service, error);
      if (refused) {
        found.push(refused);
        break;
      }
      found.push({
        linter: 'pipeline',
        service: service.name,
        file: service.relativeRoot,
        line: 1,
        column: 1,
        severity: 'error',
        rule: 'linter-crashed',
        message: (error as Error).message,
      });
    }
  }
  const refusals = new Set<string>();
  for (const finding of found) {
    const key = `${finding.file}${finding.pointer ?? ''} ${finding.rule}`;
    if (isRefusal(finding) && refusals.has(key)) continue;
    refusals.add(key);
    findings.push(finding);
  }
}

const report = formatReport(findings, format, colorsFor(process.stdout));
if (report) console.log(report);
if (format !== 'json') console.log(`\n${summarize(findings, services.length)}`);
process.exit(findings.some(isRefusal) ? 2 : findings.some((finding) => finding.severity === 'error') ? 1 : 0);
