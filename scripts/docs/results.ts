import { readFileSync } from 'node:fs';
import { fromRoot } from '../lib/paths.ts';

export const resultsPath = fromRoot('contract-tests', 'RESULTS.md');

/** One row of the "Per service" table of `contract-tests/RESULTS.md` (`all` included). */
export interface ContractFigures {
  service: string;
  entries: number;
  conforms: number;
  rejectedAsExpected: number;
  operationsCovered: string;
  cellsCovered: string;
  mutants: number;
  killed: number;
  mutationScore: string;
}

const expectedHeader = [
  'service',
  'entries',
  'conforms',
  'rejected as expected',
  'operations covered',
  'cells covered',
  'mutants',
  'killed',
  'mutation score',
];

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim().replaceAll('**', ''));
}

function integer(value: string, what: string): number {
  if (!/^\d+$/.test(value)) throw new Error(`RESULTS.md: "${value}" is not a count (${what}).`);
  return Number(value);
}

/** Parses the "## Per service" table. Throws when the table is missing or its columns changed. */
export function parseContractResults(markdown: string): ContractFigures[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === '## Per service');
  if (start < 0) throw new Error('RESULTS.md: no "## Per service" section.');
  const headerIndex = lines.findIndex((line, index) => index > start && line.trim().startsWith('|'));
  const header = headerIndex < 0 ? [] : cells(lines[headerIndex] ?? '');
  if (header.join('|') !== expectedHeader.join('|')) {
    throw new Error(`RESULTS.md: unexpected per-service columns: ${header.join(', ')}.`);
  }
  const rows: ContractFigures[] = [];
  for (const line of lines.slice(headerIndex + 2)) {
    if (!line.trim().startsWith('|')) break;
    const [
      service = '',
      entries = '',
      conforms = '',
      rejected = '',
      ops = '',
      cellsCovered = '',
      mutants = '',
      killed = '',
      score = '',
    ] = cells(line);
    rows.push({
      service,
      entries: integer(entries, 'entries'),
      conforms: integer(conforms, 'conforms'),
      rejectedAsExpected: integer(rejected, 'rejected as expected'),
      operationsCovered: ops,
      cellsCovered,
      mutants: integer(mutants, 'mutants'),
      killed: integer(killed, 'killed'),
      mutationScore: score,
    });
  }
  if (rows.length === 0) throw new Error('RESULTS.md: the per-service table is empty.');
  return rows;
}

export function readContractResults(path = resultsPath): ContractFigures[] {
  return parseContractResults(readFileSync(path, 'utf8'));
}
