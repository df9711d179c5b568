import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type ContractSet, checkHarFiles, type Report, readHar } from '@svc-contracts/contract-checker';
import { findMediaType } from '@svc-contracts/openapi-utils';
import { negativeProblems } from './expectations.ts';
import { negativeDir, recordingsDir, shown } from './paths.ts';
import type { SpecFacts } from './spec-facts.ts';

type CoverageReport = NonNullable<Report['coverage']>;
type MutationReport = NonNullable<Report['mutation']>;

export interface NegativeResult {
  file: string;
  status: number;
  rules: string[];
  problems: string[];
}

export interface ContractResults {
  /** The positive set, with coverage and mutation. */
  positive: Report;
  negative: NegativeResult[];
  /** Request media types (`service operationId media-type`) no recording sent. */
  requestMediaTypeGaps: string[];
  requestMediaTypes: number;
}

async function negativeFiles(): Promise<string[]> {
  const names = await readdir(negativeDir).catch(() => []);
  return names
    .filter((name) => name.endsWith('.har'))
    .sort()
    .map((name) => join(negativeDir, name));
}

/** Checks the positive set (with coverage and mutation) and every negative file, with one contract set. */
export async function runContractChecks(
  contracts: ContractSet,
  facts: SpecFacts,
  recordings = [recordingsDir],
): Promise<ContractResults> {
  const positive = await checkHarFiles(recordings, { contracts, coverage: true, mutation: true });
  const files = await negativeFiles();
  const negativeReport = await checkHarFiles(files, { contracts });
  const negative = files.map((file) => {
    const entries = negativeReport.entries.filter((entry) => entry.file === file);
    return {
      file: shown(file),
      status: entries[0]?.status ?? 0,
      rules: entries.flatMap((entry) => entry.violations.map((violation) => violation.rule)),
      problems: [
        ...negativeReport.inputErrors
          .filter((error) => error.file === file)
          .map((error) => `unreadable: ${error.reason}`),
        ...negativeProblems(file, entries),
      ],
    };
  });
  const sent = await recordedRequestTypes(positive);
  const requestMediaTypeGaps = facts.requestMediaTypes
    .filter(({ service, operationId, mediaType }) => {
      const types = sent.get(`${service} ${operationId}`) ?? [];
      return !types.some(
        (contentType) => findMediaType({ [mediaType]: true }, contentType)?.key === mediaType,
      );
    })
    .map(({ service, operationId, mediaType }) => `${service} ${operationId} ${mediaType}`);
  return { positive, negative, requestMediaTypeGaps, requestMediaTypes: facts.requestMediaTypes.length };
}

/** The Content-Type of every recorded request, by `service operationId`. */
async function recordedRequestTypes(report: Report): Promise<Map<string, string[]>> {
  const exchanges = new Map<string, string[]>();
  const byFile = new Map<string, Awaited<ReturnType<typeof readHar>>>();
  for (const entry of report.entries) {
    if (!entry.match) continue;
    let har = byFile.get(entry.file);
    if (!har) {
      har = await readHar(entry.file);
      byFile.set(entry.file, har);
    }
    const request = har.exchanges.find((exchange) => exchange.index === entry.index)?.request;
    const contentType = request?.headers.find(
      (header) => header.name.toLowerCase() === 'content-type',
    )?.value;
    if (contentType === undefined) continue;
    const key = `${entry.match.service} ${entry.match.operationId}`;
    exchanges.set(key, [...(exchanges.get(key) ?? []), contentType]);
  }
  return exchanges;
}

/** Every documented cell (operation × status × content type) and operation no recording reached. */
export function coverageGaps(coverage: CoverageReport | undefined): string[] {
  if (!coverage) return ['no coverage report'];
  return [
    ...coverage.operationsWithoutEntries.map((operation) => `${operation}: no recording at all`),
    ...coverage.operations.flatMap((operation) =>
      operation.entries === 0
        ? []
        : operation.cells
            .filter((cell) => cell.entries === 0)
            .map(
              (cell) =>
                `${operation.service} ${operation.operationId} ${cell.status} ${cell.contentType ?? '(no content)'}: no recording`,
            ),
    ),
  ];
}

/** Every surviving mutant, and every service without a single mutant (its score would say nothing). */
export function mutationFailures(mutation: MutationReport | undefined, services: string[]): string[] {
  if (!mutation) return ['no mutation report'];
  const scored = new Set(
    mutation.services.filter((service) => service.mutants > 0).map((service) => service.service),
  );
  return [
    ...services
      .filter((service) => !scored.has(service))
      .map((service) => `${service}: no mutant was generated`),
    ...mutation.services.flatMap((service) =>
      service.survivors.map(
        (survivor) =>
          `${service.service} ${survivor.operationId}: mutant survived: ${survivor.description}` +
          (survivor.file === undefined ? '' : ` (${shown(survivor.file)} #${survivor.entry})`),
      ),
    ),
  ];
}

const percent = (part: number, whole: number): string =>
  whole === 0 ? '100%' : `${((100 * part) / whole).toFixed(1)}%`;

/**
 * The per-service table (entries, verdicts, coverage, mutation score) and its two closing lines: the head of
 * RESULTS.md, and the summary the repository README shows between {@link README_SUMMARY_START} and
 * {@link README_SUMMARY_END}.
 */
export function renderServiceTable(results: ContractResults): string[] {
  const { positive } = results;
  const coverage = positive.coverage as CoverageReport;
  const mutation = positive.mutation as MutationReport;
  const lines: string[] = [
    '| service | entries | conforms | rejected as expected | operations covered | cells covered | mutants | killed | mutation score |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const service of positive.services) {
    const entries = positive.entries.filter((entry) => entry.match?.service === service);
    const operations = coverage.operations.filter((operation) => operation.service === service);
    const cells = operations.flatMap((operation) => operation.cells);
    const covered = cells.filter((cell) => cell.entries > 0).length;
    const score = mutation.services.find((candidate) => candidate.service === service);
    lines.push(
      `| ${service} | ${entries.length} | ${entries.filter((entry) => entry.verdict === 'conforms').length} | ${entries.filter((entry) => entry.verdict === 'rejected-as-expected').length} | ${operations.filter((operation) => operation.entries > 0).length}/${operations.length} | ${covered}/${cells.length} | ${score?.mutants ?? 0} | ${score?.killed ?? 0} | ${percent(score?.killed ?? 0, score?.mutants ?? 0)} |`,
    );
  }
  lines.push(
    `| **all** | ${positive.entries.length} | ${positive.entries.filter((entry) => entry.verdict === 'conforms').length} | ${positive.entries.filter((entry) => entry.verdict === 'rejected-as-expected').length} | ${coverage.operations.length - coverage.operationsWithoutEntries.length}/${coverage.operations.length} | ${coverage.coveredCells}/${coverage.totalCells} | ${mutation.mutants} | ${mutation.killed} | ${percent(mutation.killed, mutation.mutants)} |`,
    '',
    `Request body media types sent: ${results.requestMediaTypes - results.requestMediaTypeGaps.length}/${results.requestMediaTypes}.`,
    `Entries failing the contract: ${positive.failed}. Surviving mutants: ${mutation.mutants - mutation.killed}.`,
  );
  return lines;
}

export const README_SUMMARY_START =
  '<!-- contract-tests summary: written by contract-tests/report.ts, checked by contract-tests/contract.test.ts -->';
export const README_SUMMARY_END = '<!-- end of contract-tests summary -->';

/**
 * `readme` with the text between the summary markers replaced by the per-service table; an error when the
 * markers are missing or out of order, so the summary cannot silently stop being kept.
 */
export function withReadmeSummary(readme: string, results: ContractResults): string {
  const start = readme.indexOf(README_SUMMARY_START);
  const end = readme.indexOf(README_SUMMARY_END);
  if (start === -1 || end < start) {
    throw new Error(`README.md has no "${README_SUMMARY_START}" … "${README_SUMMARY_END}" block`);
  }
  const table = renderServiceTable(results).join('\n');
  return `${readme.slice(0, start + README_SUMMARY_START.length)}\n${table}\n${readme.slice(end)}`;
}

/** RESULTS.md: coverage and mutation score per service, the coverage table and the negative set. */
export function renderResults(results: ContractResults): string {
  const { positive, negative } = results;
  const coverage = positive.coverage as CoverageReport;
  const mutation = positive.mutation as MutationReport;
  const lines: string[] = [
    '# Contract test results',
    '',
    'Generated by `pnpm exec tsx contract-tests/report.ts` from the recordings in [`recordings/`](recordings) and the',
    'negative set in [`negative/`](negative). `contract-tests/contract.test.ts` fails when this file is not what the',
    'script writes, so the figures cannot go stale. How they are computed: [README.md](README.md).',
    '',
    '## Per service',
    '',
    ...renderServiceTable(results),
    '',
    '## Mutants by kind',
    '',
    '| service | kind | mutants | killed |',
    '|---|---|---:|---:|',
  ];
  for (const service of mutation.services) {
    for (const [kind, counts] of Object.entries(service.byKind).sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`| ${service.service} | ${kind} | ${counts?.mutants ?? 0} | ${counts?.killed ?? 0} |`);
    }
  }
  lines.push(
    '',
    '## Coverage: operation × status × content type',
    '',
    '| service | operation | method and path | status | content type | entries |',
    '|---|---|---|---|---|---:|',
  );
  for (const operation of coverage.operations) {
    for (const cell of operation.cells) {
      lines.push(
        `| ${operation.service} | ${operation.operationId} | \`${operation.method} ${operation.pathTemplate}\` | ${cell.status} | ${cell.contentType ?? '(no content)'} | ${cell.entries} |`,
      );
    }
  }
  lines.push(
    '',
    '## Negative set',
    '',
    '| file | status | rules reported | as expected |',
    '|---|---:|---|---|',
  );
  for (const result of negative) {
    lines.push(
      `| [${result.file.replace(/^negative\//, '')}](${result.file}) | ${result.status} | ${result.rules.join(', ')} | ${result.problems.length === 0 ? 'yes' : `no: ${result.problems.join('; ')}`} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
