import type { CliOptions } from './args.js';
import type { MockSet, RequestLogEntry } from './mock-set.js';

/** The table printed once every mock answers: the quick start ends on it. */
/** Every operation of every mock with the credentials it takes, as Prism lists its routes. */
export function formatOperations(set: MockSet): string {
  return set.mocks
    .flatMap((mock) =>
      mock.service
        .describe()
        .map(
          (operation) =>
            `${mock.url}  ${operation.method.padEnd(6)} ${operation.path}  [${operation.credentials}]`,
        ),
    )
    .join('\n');
}

export function formatReadyTable(
  set: MockSet,
  options: Pick<CliOptions, 'dynamic' | 'stateful'>,
  ms: number,
): string {
  const rows = set.mocks.map((mock) => [
    mock.name,
    String(mock.port),
    mock.url,
    String(mock.service.describe().length),
  ]);
  const header = ['service', 'port', 'address', 'operations'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    `  ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd();
  const mode = [
    options.dynamic ? 'generated bodies' : 'spec examples',
    options.stateful ? 'stateful campaigns' : 'stateless',
  ];
  const lines = [
    `svc-mocks: ${set.mocks.length} mock${set.mocks.length === 1 ? '' : 's'} ready in ${(ms / 1000).toFixed(1)} s (${mode.join(', ')})`,
    '',
    line(header),
    ...rows.map(line),
  ];
  if (set.skipped.length > 0) lines.push('', `  not started, no spec yet: ${set.skipped.join(', ')}`);
  lines.push(
    '',
    "Pick a documented answer with Prism's header: Prefer: code=404, example=<name>. Ctrl-C stops all mocks.",
  );
  return lines.join('\n');
}

export function formatRequest(entry: RequestLogEntry): string {
  return `${entry.service.padEnd(10)} ${entry.method.padEnd(6)} ${entry.url} → ${entry.status} (${entry.milliseconds.toFixed(1)} ms)`;
}
