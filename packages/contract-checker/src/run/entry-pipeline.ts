import { closest } from '@svc-contracts/cli-output';
import { isZipRecording, printable, readAttachment } from '@svc-contracts/har';
import { maskUrl } from '@svc-contracts/redact';
import type { ContractSet, CredentialNames } from '../contract/contract-set.js';
import type { EntryReport, RunVerdict } from '../core/entry-report.js';
import { limitOptions } from '../core/limits.js';
import { countEntry, emptyCounts, hostOf, type RunCounts } from '../core/run-counts.js';
import { CheckLimitError, type NotJudged } from '../core/scope.js';
import type { CheckOptions, EntryVerdict, RecordedRequest } from '../core/types.js';
import type { InputError, RecordedExchange } from '../input/har.js';
import type { RecordingItem } from '../input/recording-reader.js';
import type { scoreMutants } from '../mutation/mutation.js';
import { CoverageTally } from '../report/coverage.js';
import type { ReportSink } from '../report/report.js';

/** Which entries of a run are ours, and what the recording kept. */
export interface RunScope {
  /** Host (`host` or `host:port`) to the service it serves: matched against that service only. */
  hosts?: Record<string, string>;
  /** The recordings' credentials were stripped: the security of a request with none is not judged. */
  sanitized?: boolean;
}

/** The service a mapping gives the entry's host: looked up as `host:port`, then as the host name alone. */
function mappedService(hosts: Map<string, string>, url: string): string | undefined {
  if (hosts.size === 0) return undefined;
  const host = hostOf(url);
  const service = hosts.get(host);
  if (service !== undefined || host.startsWith('[')) return service;
  const colon = host.lastIndexOf(':');
  return colon < 0 ? undefined : hosts.get(host.slice(0, colon));
}

/** Whether a request carries a credential of any loaded scheme (or a cookie, or Authorization). */
function credentialTest(names: CredentialNames): (request: RecordedRequest) => boolean {
  const headers = new Set(names.headers.map((name) => name.toLowerCase()));
  return (request) => {
    for (const header of request.headers) {
      if (header.value !== '' && headers.has(header.name.toLowerCase())) return true;
    }
    if (names.query.length === 0 || !request.url.includes('?')) return false;
    try {
      const query = new URL(request.url).searchParams;
      return names.query.some((name) => query.has(name));
    } catch {
      return false;
    }
  };
}

/** Entries held for the end of the run at most: past it, the older half is decided with the hosts known. */
export const defaultMaxHeld = 100_000;

/** The problems of entries skipped as another host's before the run learnt that host is ours. */
function earlyDecisionProblems(
  decidedEarly: Record<string, number>,
  routed: ReadonlySet<string>,
  maxHeld: number,
): InputError[] {
  return Object.entries(decidedEarly)
    .filter(([host]) => routed.has(host))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([host, count]) => ({
      file: '(contract-check)',
      reason: `${count} entries to ${host} matched no operation and were skipped as another host's before an entry of the run showed the host is ours (more than ${maxHeld} entries waited for the end of the run): run again with --host SERVICE=${host}`,
    }));
}

/**
 * An entry held because it matched no operation on a host no entry had routed to an operation yet: it is
 * decided when the run knows every host that routes (see {@link RunScope}).
 */
function settleHeld(entry: EntryReport, routedHosts: ReadonlySet<string>): EntryReport {
  if (routedHosts.has(hostOf(entry.url))) return entry;
  const { violations: _violations, requestViolations: _request, notJudged: _parts, ...rest } = entry;
  return {
    ...rest,
    verdict: 'skipped',
    violations: [],
    requestViolations: [],
    skip: {
      reason: 'other-host',
      detail: 'no --host mapping names this host and no entry on it matches an operation',
    },
  };
}

type Outcome =
  /** `hold`: no operation matched and no mapping names the host: held until the run knows whether some entry
   * routes the host to an operation. */
  | { kind: 'entry'; entry: EntryReport; exchange: RecordedExchange; hold: boolean; credential?: boolean }
  | { kind: 'error'; error: InputError; position: number }
  /** An entry a resource limit stopped before it was read: not judged, nothing of it known. */
  | { kind: 'unread'; entry: EntryReport };

export interface PipelineOptions {
  service?: string;
  /** Entries checked at once (XML validations of entries in flight share engine runs). */
  concurrency: number;
  scope?: RunScope;
  /** Most entries held for the end of the run (default {@link defaultMaxHeld}); see {@link RunScope}. */
  maxHeld?: number;
  coverage?: CoverageTally;
  /** Collects every passing entry (for `--mutation`). */
  passing?: Parameters<typeof scoreMutants>[0];
  /** Handed every judged entry with its exchange (`--propose`: what traffic shows where the contract is open). */
  observe?: (entry: EntryReport, exchange: RecordedExchange) => void;
}

/** Checks recording items in input order and hands each result to a sink. */
export interface EntryPipeline {
  /** The next item of `file`, in input order: a promise only when the run must wait for it. */
  take(file: string, item: RecordingItem): void | Promise<void>;
  /** A problem that belongs to no entry: reported after every entry taken before it. */
  inputError(error: InputError, position: number): Promise<void>;
  /** Waits until every entry taken has reached the sink (except those held, see {@link settle}). */
  drain(): Promise<void>;
  /** Decides the entries held (an unmatched path on a host not yet known to route to an operation) with the
   * hosts routed, and hands them to the sink, in input order. */
  settle(): Promise<void>;
  readonly counts: RunCounts;
  readonly inputErrors: number;
}

/** The report of an entry a limit stopped before it was read: no method, URL or status is known. */
function unreadEntry(file: string, index: number, position: number, part: NotJudged): EntryReport {
  return {
    file,
    index,
    position,
    method: '-',
    url: '(not read)',
    status: 0,
    verdict: 'not-judged',
    violations: [],
    requestViolations: [],
    notJudged: [part],
  };
}

/** Throws unless `service` (when given) is one the contracts hold. */
export function requireService(contracts: ContractSet, service: string | undefined): void {
  if (service !== undefined && !contracts.services.includes(service)) {
    const near = closest(service, contracts.services);
    throw new Error(
      `Unknown service "${service}".${near ? ` Did you mean "${near}"?` : ''} Loaded services: ${contracts.services.join(', ') || 'none'}.`,
    );
  }
}

/** Host mappings from `--host SERVICE=HOST` options and a config's `hosts` (`{ "agents": ["api.example.com"]
 * }`), as host -> service. */
export function parseHostMappings(
  options: string[],
  config: Record<string, unknown> = {},
): Record<string, string> {
  const hosts: Record<string, string> = {};
  const add = (service: string, host: string, from: string): void => {
    const key = host.trim().toLowerCase();
    if (!service || !key || /[/\s]/.test(key)) {
      throw new Error(
        `${from}: give SERVICE=HOST, a host name with an optional port (for example agents=api.example.com)`,
      );
    }
    const other = hosts[key];
    if (other !== undefined && other !== service)
      throw new Error(`${from}: ${key} is mapped to both ${other} and ${service}`);
    hosts[key] = service;
  };
  for (const [service, value] of Object.entries(config)) {
    const list = typeof value === 'string' ? [value] : value;
    if (!Array.isArray(list) || list.some((host) => typeof host !== 'string')) {
      throw new Error(`config hosts.${service}: give a host name or a list of host names`);
    }
    for (const host of list as string[]) add(service, host, `config hosts.${service}`);
  }
  for (const option of options) {
    const at = option.indexOf('=');
    add(option.slice(0, Math.max(at, 0)).trim(), option.slice(at + 1), `--host ${option}`);
  }
  return hosts;
}

/** The tally of the operations a run covers (one service's, or every service's). */
export function coverageTally(contracts: ContractSet, service: string | undefined): CoverageTally {
  return new CoverageTally(
    contracts
      .documentedOperations()
      .filter((operation) => service === undefined || operation.service === service),
  );
}

/** Results leave in input order with at most `concurrency` in flight. */
export function entryPipeline(
  contracts: ContractSet,
  opts: PipelineOptions,
  sink: ReportSink,
): EntryPipeline {
  const checkOpts: CheckOptions = opts.service === undefined ? {} : { service: opts.service };
  const credentialNames = contracts.credentialNames();
  const carriesCredential = credentialTest(credentialNames);
  const hosts = new Map(
    Object.entries(opts.scope?.hosts ?? {}).map(([host, service]) => [host.toLowerCase(), service]),
  );
  for (const service of new Set(hosts.values())) requireService(contracts, service);
  const sanitized = opts.scope?.sanitized === true;
  const { coverage, passing } = opts;
  const counts = emptyCounts();
  let inputErrors = 0;
  /** Hosts on which some entry matched an operation. */
  const routedHosts = new Set<string>();
  let held: EntryReport[] = [];
  const maxHeld = Math.max(1, opts.maxHeld ?? defaultMaxHeld);
  /** Entries decided as another host's before the end of the run, by host (see `maxHeld`). */
  let decidedEarly: Record<string, number> = {};
  const decideEarly = (entries: EntryReport[]) => decide(entries, routedHosts, counts, sink, decidedEarly);

  const emit = (outcome: Outcome): void | Promise<void> => {
    if (outcome.kind === 'error') {
      inputErrors++;
      return sink.inputError(outcome.error, outcome.position);
    }
    if (outcome.kind === 'unread') {
      countEntry(counts, outcome.entry);
      return sink.entry(outcome.entry);
    }
    const { entry, exchange, credential } = outcome;
    if (entry.match) routedHosts.add(hostOf(exchange.request.url));
    else if (outcome.hold && !routedHosts.has(hostOf(exchange.request.url))) {
      held.push(entry);
      // Memory stays bounded: past `maxHeld`, the older half is decided with what the run knows now.
      return held.length > maxHeld ? decideEarly(held.splice(0, Math.ceil(maxHeld / 2))) : undefined;
    }
    countEntry(counts, entry, credential);
    if (entry.verdict !== 'skipped') fileEntry(entry, exchange, coverage, passing);
    if (entry.verdict !== 'skipped') opts.observe?.(entry, exchange);
    return sink.entry(entry);
  };

  const report = (
    file: string,
    exchange: RecordedExchange,
    position: number,
    verdict: ReportedVerdict,
    notJudged: NotJudged[],
  ): EntryReport => entryReport(file, exchange, position, verdict, notJudged, credentialNames.query);
  const checked = (
    file: string,
    exchange: RecordedExchange,
    position: number,
    verdict: EntryVerdict,
    notJudged: NotJudged[],
    mapped: boolean,
    credential: boolean,
  ): Outcome => {
    const entry = report(file, exchange, position, verdict, [...notJudged, ...(verdict.notJudged ?? [])]);
    // No operation matches, on a host no mapping names and (so far) none routes to: maybe not ours.
    const hold =
      !verdict.match && !mapped && opts.service === undefined && exchange.request.webhook === undefined;
    return { kind: 'entry', entry, exchange, credential, hold };
  };
  const uncheckable = (
    file: string,
    exchange: RecordedExchange,
    position: number,
    error: unknown,
  ): Outcome => ({
    kind: 'entry',
    entry: report(file, exchange, position, passed, [uncheckablePart(error)]),
    exchange,
    hold: false,
  });

  /** The outcome at once when no XML engine is involved (no promise per entry), else its promise. */
  const check = (file: string, exchange: RecordedExchange, position: number): Outcome | Promise<Outcome> => {
    if (exchange.skip) {
      const verdict = { verdict: 'skipped' as const, violations: [], requestViolations: [] };
      return { kind: 'entry', entry: report(file, exchange, position, verdict, []), exchange, hold: false };
    }
    try {
      const prepared = withAttachments(file, exchange, contracts.limits.maxEntryBytes);
      let { request } = prepared;
      const { response, notJudged } = prepared;
      const credential = carriesCredential(request);
      if (sanitized && !credential) request = { ...request, credentialsNotRecorded: true };
      const service = mappedService(hosts, request.url);
      const entryOpts = service === undefined ? checkOpts : { ...checkOpts, service };
      const mapped = service !== undefined;
      const verdict = contracts.checkExchangeNow(request, response, entryOpts);
      if (!(verdict instanceof Promise))
        return checked(file, exchange, position, verdict, notJudged, mapped, credential);
      return verdict
        .then((known) => checked(file, exchange, position, known, notJudged, mapped, credential))
        .catch((error: unknown) => uncheckable(file, exchange, position, error));
    } catch (error) {
      return uncheckable(file, exchange, position, error);
    }
  };

  const inFlight: Array<Outcome | Promise<Outcome>> = [];
  const drainTo = async (limit: number): Promise<void> => {
    while (inFlight.length > 0) {
      const head = inFlight[0] as Outcome | Promise<Outcome>;
      if (head instanceof Promise && inFlight.length <= limit) return;
      inFlight.shift();
      const emitted = emit(head instanceof Promise ? await head : head);
      if (emitted) await emitted;
    }
  };
  const limit = Math.max(1, opts.concurrency) - 1;

  return {
    counts,
    get inputErrors() {
      return inputErrors;
    },
    take(file, item) {
      const outcome = 'exchange' in item ? check(file, item.exchange, item.position) : notAnEntry(file, item);
      if (inFlight.length === 0 && !(outcome instanceof Promise)) return emit(outcome);
      inFlight.push(outcome);
      return drainTo(limit);
    },
    async inputError(error, position) {
      await drainTo(0);
      await emit({ kind: 'error', error, position });
    },
    drain: () => drainTo(0),
    async settle() {
      await drainTo(0);
      const entries = held;
      held = [];
      await decide(entries, routedHosts, counts, sink);
      for (const error of earlyDecisionProblems(decidedEarly, routedHosts, maxHeld)) {
        inputErrors++;
        await sink.inputError(error, Number.MAX_SAFE_INTEGER);
      }
      decidedEarly = {};
    },
  };
}

type ReportedVerdict = Pick<EntryVerdict, 'match' | 'violations' | 'requestViolations' | 'note'> & {
  verdict: RunVerdict;
};

const passed: ReportedVerdict = { verdict: 'conforms', violations: [], requestViolations: [] };

function entryReport(
  file: string,
  exchange: RecordedExchange,
  position: number,
  verdict: ReportedVerdict,
  notJudged: NotJudged[],
  queryNames: string[],
): EntryReport {
  return {
    file,
    index: exchange.index,
    position,
    method: exchange.request.method,
    url: maskUrl(exchange.request.url, { names: queryNames }),
    status: exchange.response.status,
    ...(verdict.match ? { match: verdict.match } : {}),
    // Nothing fails and a part is not judged: neither a pass nor a failure.
    verdict: verdict.verdict !== 'violation' && notJudged.length > 0 ? 'not-judged' : verdict.verdict,
    violations: verdict.violations,
    requestViolations: verdict.requestViolations,
    ...(verdict.note !== undefined ? { note: verdict.note } : {}),
    ...(exchange.skip ? { skip: exchange.skip } : {}),
    ...(notJudged.length > 0 ? { notJudged } : {}),
  };
}

/** Why an entry whose check threw is not judged: a resource limit, or the checker failed on it (exit 2). */
function uncheckablePart(error: unknown): NotJudged {
  if (error instanceof CheckLimitError) {
    return {
      reason: 'resource-limit',
      part: error.part,
      // A JSON limit names its option; an XML one is told here.
      detail: /raise it with --/.test(error.message)
        ? printable(error.message, 2000)
        : `${printable(error.message)} Raise the limit with --max-xml-bytes (bytes) or --xml-timeout (ms).`,
    };
  }
  const reason = error instanceof Error ? error.message : String(error);
  return { reason: 'checker-failure', part: 'entry', detail: printable(reason) };
}

/** The exchange as the check takes it: attached bodies read (a regular file inside the HAR's folder or .zip). */
function withAttachments(
  file: string,
  exchange: RecordedExchange,
  maxEntryBytes: number,
): { request: RecordedRequest; response: RecordedExchange['response']; notJudged: NotJudged[] } {
  const notJudged = [...(exchange.notJudged ?? [])];
  let { request, response } = exchange;
  const place = isZipRecording(file) ? 'in the .zip' : 'next to the HAR';
  const attached = (name: string, part: NotJudged['part']): string | undefined => {
    const read = readAttachment(file, name, maxEntryBytes);
    if (read.ok) return read.text;
    const detail = `${name} (${place}): ${read.detail}`;
    if (read.reason === 'too-large')
      notJudged.push({
        reason: 'resource-limit',
        part,
        detail: `${detail} (raise it with ${limitOptions.maxEntryBytes})`,
      });
    else
      notJudged.push({
        reason: read.reason === 'missing' ? 'attachment-missing' : 'attachment-refused',
        part,
        detail,
      });
    return undefined;
  };
  const { attachments } = exchange;
  if (attachments?.request !== undefined) {
    const body = attached(attachments.request, 'request body');
    request = body === undefined ? { ...request, bodyNotRecorded: true } : { ...request, body };
  }
  if (attachments?.response !== undefined) {
    const body = attached(attachments.response, 'response body');
    if (body !== undefined) response = { ...response, body };
  }
  return { request, response, notJudged };
}

/** An item of the input that is no exchange: an entry a limit stopped unread, or an input error. */
function notAnEntry(file: string, item: Exclude<RecordingItem, { exchange: unknown }>): Outcome {
  if ('unread' in item)
    return { kind: 'unread', entry: unreadEntry(file, item.index, item.position, item.unread) };
  return { kind: 'error', error: { file, entry: item.index, reason: item.error }, position: item.position };
}

/** Decides held entries with the hosts routed; `early` counts those skipped before the run's end, by host. */
async function decide(
  entries: EntryReport[],
  routed: ReadonlySet<string>,
  counts: RunCounts,
  sink: ReportSink,
  early?: Record<string, number>,
): Promise<void> {
  for (const entry of entries) {
    const settled = settleHeld(entry, routed);
    if (early && settled.verdict === 'skipped') {
      const host = hostOf(settled.url);
      early[host] = (early[host] ?? 0) + 1;
    }
    countEntry(counts, settled);
    await sink.entry(settled);
  }
}

/** Files a judged entry in its coverage cell (where JUnit reports it) and, if it passed, among those to mutate. */
function fileEntry(
  entry: EntryReport,
  exchange: RecordedExchange,
  coverage: CoverageTally | undefined,
  passing: PipelineOptions['passing'],
): void {
  const cell = coverage?.add({
    ...(entry.match ? { match: entry.match } : {}),
    status: exchange.response.status,
    responseHeaders: exchange.response.headers,
  });
  if (cell)
    entry.cell = { status: cell.status, ...(cell.contentType ? { contentType: cell.contentType } : {}) };
  if (passing && (entry.verdict === 'conforms' || entry.verdict === 'rejected-as-expected')) {
    passing.push({
      request: exchange.request,
      response: exchange.response,
      requestConforms: entry.verdict === 'conforms',
      file: entry.file,
      entry: entry.index,
    });
  }
}
