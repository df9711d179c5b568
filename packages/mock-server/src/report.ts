import { type Colors, countsText } from '@svc-contracts/cli-output';
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
    String(mock.service.counts().operations),
    String(mock.service.counts().webhooks),
  ]);
  const header = ['service', 'port', 'address', 'operations', 'webhooks'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    `  ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}`.trimEnd();
  const mode = [
    options.dynamic ? 'generated bodies' : 'spec examples',
    options.stateful ? 'stateful: campaigns, subscriptions' : 'stateless',
  ];
  const lines = [
    `svc-mocks: ${set.mocks.length} mock${set.mocks.length === 1 ? '' : 's'} ready in ${(ms / 1000).toFixed(1)} s (${mode.join(', ')})`,
    '',
    line(header),
    ...rows.map(line),
  ];
  if (set.skipped.length > 0) lines.push('', `  not started, no spec yet: ${set.skipped.join(', ')}`);
  const total = set.mocks.reduce(
    (sum, mock) => {
      const counts = mock.service.counts();
      return { operations: sum.operations + counts.operations, webhooks: sum.webhooks + counts.webhooks };
    },
    { operations: 0, webhooks: 0 },
  );
  lines.push('', `  ${countsText(total)}${total.webhooks > 0 ? webhookHint(options.stateful) : ''}`);
  lines.push(
    '',
    "Pick a documented answer with Prism's header: Prefer: code=404, example=<name>. Ctrl-C stops all mocks.",
  );
  return lines.join('\n');
}

/** What the table says of webhooks: how to send one, and what `--stateful` delivers by itself. */
function webhookHint(stateful: boolean | undefined): string {
  const trigger = 'send any with: pnpm mock trigger <service> <webhook> --to URL';
  return stateful ? ` (orders notify their subscriptions; ${trigger})` : ` (${trigger})`;
}

/** How long the reason of a refusal may make a log line: the body has the whole of it. */
const refusalChars = 300;

/** One line per request: `voice POST /api/v2/accounts/9900000/calls/ → 400 /answerUrl must match pattern "…"
 * [request-body at /answerUrl] (4.8 ms)`. */
export function formatRequest(entry: RequestLogEntry, colors: Colors = plainColors): string {
  const statusStyle = entry.status >= 500 ? 'red' : entry.status >= 400 ? 'yellow' : 'green';
  let reason = (entry.refusal ?? [])
    .map(({ rule, pointer, message }) => {
      const text = message.trim().replace(/\s+/g, ' ').replace(/[.;]$/, '');
      return `${text} [${rule}${pointer === undefined ? '' : ` at ${pointer}`}]`;
    })
    .join('; ');
  if (reason.length > refusalChars) reason = `${reason.slice(0, refusalChars - 1)}…`;
  const status = colors.style(statusStyle, String(entry.status));
  return `${entry.service.padEnd(10)} ${entry.method.padEnd(6)} ${entry.url} → ${status}${reason === '' ? '' : ` ${reason}`} ${colors.style('dim', `(${entry.milliseconds.toFixed(1)} ms)`)}`;
}

const plainColors: Colors = { enabled: false, style: (_format, text) => text };
