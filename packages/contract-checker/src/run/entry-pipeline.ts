import { isZipRecording, printable, readAttachment } from '@svc-contracts/har';
import { maskUrl } from '@svc-contracts/redact';
import { type ContractSet, type CredentialNames, requireService } from '../contract/contract-set.js';
import type { EntryReport, RunVerdict } from '../core/entry-report.js';
import { limitOptions } from '../core/limits.js';
import { countEntry, emptyCounts, hostOf } from '../core/run-counts.js';
import { CheckLimitError, type NotJudged, type Skip } from '../core/scope.js';
import type { EntryVerdict, RecordedRequest } from '../core/types.js';
import type { InputError, RecordedExchange } from '../input/har.js';
import type { RecordingItem } from '../input/recording-reader.js';
import { payloadOf } from '../report/masked.js';
import type { ReportSink } from '../report/report.js';

/** Which entries of a run are ours, and what the recording kept. */
export interface RunScope {
  /** Host (`host` or `host:port`) to the service it serves: matched against that service only. */
  hosts?: Record<string, string>;
  /** The recordings' credentials were stripped: the security of a request with none is not judged. */
  sanitized?: boolean;
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
    if (request.headers.some((header) => header.value !== '' && headers.has(header.name.toLowerCase())))
      return true;
    const { url } = request;
    if (names.query.length === 0 || !url.includes('?') || !URL.canParse(url)) return false;
    const query = new URL(url).searchParams;
    return names.query.some((name) => query.has(name));
  };
}

/** Entries held for the end of the run at most: past it, the older half is decided with the hosts known. */
const defaultMaxHeld = 100_000;

export interface PipelineOptions {
  service?: string | undefined;
  /** Which hosts are which service, and whether credentials were stripped. */
  scope?: RunScope | undefined;
  /** Most entries held for the end of the run (default 100,000). */
  maxHeld?: number | undefined;
  /** Handed every judged entry with its exchange before the sink (coverage, `--mutation`, `--propose`). */
  observe?: ((entry: EntryReport, exchange: RecordedExchange) => void) | undefined;
}

type ReportedVerdict = Pick<EntryVerdict, 'match' | 'violations' | 'requestViolations' | 'note'> & {
  verdict: RunVerdict;
};

const passed: ReportedVerdict = { verdict: 'conforms', violations: [], requestViolations: [] };

/** Checks recording items one at a time and hands each result to the sink, in input order. */
export function entryPipeline(contracts: ContractSet, opts: PipelineOptions, sink: ReportSink) {
  const credentialNames = contracts.credentialNames();
  const carriesCredential = credentialTest(credentialNames);
  const { maxEntryBytes } = contracts.limits;
  const hosts = new Map(
    Object.entries(opts.scope?.hosts ?? {}).map(([host, service]) => [host.toLowerCase(), service]),
  );
  for (const service of new Set(hosts.values())) requireService(contracts.services, service);
  const counts = emptyCounts();
  let inputErrors = 0;
  /** Hosts on which some entry matched an operation. */
  const routed = new Set<string>();
  /** Entries that matched no operation on a host no mapping names: they wait until the run knows whether the
   * host is ours. */
  const held: EntryReport[] = [];
  const maxHeld = Math.max(1, opts.maxHeld ?? defaultMaxHeld);
  /** Entries skipped as another host's before the end of the run, by host. */
  const decidedEarly = new Map<string, number>();

  const report = (entry: EntryReport, credential?: boolean): void | Promise<void> => {
    countEntry(counts, entry, credential);
    return sink.entry(entry);
  };
  const inputError = (error: InputError, position: number): void | Promise<void> => {
    inputErrors++;
    return sink.inputError(error, position);
  };
  /** Decides held entries with the hosts routed so far: a host no entry routed is another host's. */
  const decide = async (entries: EntryReport[], early: boolean): Promise<void> => {
    for (const entry of entries) {
      const host = hostOf(entry.url);
      if (routed.has(host)) {
        await report(entry);
        continue;
      }
      if (early) decidedEarly.set(host, (decidedEarly.get(host) ?? 0) + 1);
      const detail = 'no --host mapping names this host and no entry on it matches an operation';
      await report(entryReport(entry, skippedVerdict, [], { reason: 'other-host', detail }));
    }
  };
  /** The entry checked and `read` with its attached bodies; `credential` when its request carries one. */
  const check = async (file: string, exchange: RecordedExchange, position: number) => {
    const { method, url } = exchange.request;
    const masked = maskUrl(url, { names: credentialNames.query });
    const head = {
      file,
      index: exchange.index,
      position,
      method,
      url: masked,
      status: exchange.response.status,
    };
    const entryOf = (verdict: ReportedVerdict, notJudged: NotJudged[]) =>
      entryReport(head, verdict, notJudged, exchange.skip);
    if (exchange.skip) return { entry: entryOf(skippedVerdict, []) };
    try {
      const { request, response, notJudged } = withAttachments(file, exchange, maxEntryBytes);
      const credential = carriesCredential(request);
      const service = mappedService(hosts, request.url) ?? opts.service;
      const sanitized = opts.scope?.sanitized && !credential;
      const checked = sanitized ? { ...request, credentialsNotRecorded: true } : request;
      const verdict = await contracts.checkExchange(checked, response, { service });
      const read = { ...exchange, request, response };
      const entry = {
        ...entryOf(verdict, [...notJudged, ...(verdict.notJudged ?? [])]),
        ...payloadOf(read, verdict.violations),
      };
      const hold = !verdict.match && service === undefined && exchange.request.webhook === undefined;
      return { entry, credential, hold, read };
    } catch (error) {
      return { entry: entryOf(passed, [uncheckablePart(error)]) };
    }
  };

  return {
    counts,
    get inputErrors() {
      return inputErrors;
    },
    /** The next item of `file`, in input order. */
    async take(file: string, item: RecordingItem): Promise<void> {
      const { index, position } = item;
      if ('error' in item) return inputError({ file, entry: index, reason: item.error }, position);
      if ('unread' in item) {
        const unread = { file, index, position, method: '-', url: '(not read)', status: 0 };
        return report(entryReport(unread, passed, [item.unread]));
      }
      const { exchange } = item;
      const { entry, hold, credential, read = exchange } = await check(file, exchange, position);
      const host = hostOf(exchange.request.url);
      if (entry.match) routed.add(host);
      else if (hold && !routed.has(host)) {
        held.push(entry);
        // Memory stays bounded: past `maxHeld`, the older half is decided with what the run knows now.
        if (held.length > maxHeld) await decide(held.splice(0, Math.ceil(maxHeld / 2)), true);
        return;
      }
      if (entry.verdict !== 'skipped') opts.observe?.(entry, read);
      return report(entry, credential);
    },
    /** A problem that belongs to no entry, met `position` entries into the input. */
    inputError,
    /** Every entry taken reaches the sink, the held ones decided with every host the run routed. */
    async end(): Promise<void> {
      await decide(held.splice(0), false);
      const early = [...decidedEarly].filter(([host]) => routed.has(host));
      for (const [host, count] of early.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        const reason = `${count} entries to ${host} matched no operation and were skipped as another host's before an entry of the run showed the host is ours (more than ${maxHeld} entries waited for the end of the run): run again with --host SERVICE=${host}`;
        await inputError({ file: '(contract-check)', reason }, Number.MAX_SAFE_INTEGER);
      }
      decidedEarly.clear();
    },
  };
}

const skippedVerdict: ReportedVerdict = { verdict: 'skipped', violations: [], requestViolations: [] };

/** An entry's report (`head`'s URL masked); a part not judged makes it neither pass nor fail. Built by
 * assignment: the spread form kept every entry's data alive past the young generation. */
function entryReport(
  head: Pick<EntryReport, 'file' | 'index' | 'position' | 'method' | 'url' | 'status'>,
  verdict: ReportedVerdict,
  notJudged: NotJudged[],
  skip?: Skip,
): EntryReport {
  const { file, index, position, method, url, status } = head;
  const entry = { file, index, position, method, url, status } as EntryReport;
  if (verdict.match) entry.match = verdict.match;
  entry.verdict = verdict.verdict !== 'violation' && notJudged.length > 0 ? 'not-judged' : verdict.verdict;
  entry.violations = verdict.violations;
  entry.requestViolations = verdict.requestViolations;
  if (verdict.note !== undefined) entry.note = verdict.note;
  if (skip) entry.skip = skip;
  if (notJudged.length > 0) entry.notJudged = notJudged;
  return entry;
}

/** Why an entry whose check threw is not judged: a resource limit, or the checker failed on it (exit 2). */
function uncheckablePart(error: unknown): NotJudged {
  if (!(error instanceof CheckLimitError)) {
    const reason = error instanceof Error ? error.message : String(error);
    return { reason: 'checker-failure', part: 'entry', detail: printable(reason) };
  }
  // A JSON limit names its option; an XML one is told here.
  const detail = /raise it with --/.test(error.message)
    ? printable(error.message, 2000)
    : `${printable(error.message)} Raise the limit with --max-xml-bytes (bytes) or --xml-timeout (ms).`;
  return { reason: 'resource-limit', part: error.part, detail };
}

/** The exchange as the check takes it: attached bodies read (a regular file inside the HAR's folder or .zip). */
function withAttachments(file: string, exchange: RecordedExchange, maxEntryBytes: number) {
  const notJudged = [...(exchange.notJudged ?? [])];
  let { request, response } = exchange;
  const attached = (name: string | undefined, part: NotJudged['part']): string | undefined => {
    if (name === undefined) return undefined;
    const read = readAttachment(file, name, maxEntryBytes);
    if (read.ok) return read.text;
    const detail = `${name} (${isZipRecording(file) ? 'in the .zip' : 'next to the HAR'}): ${read.detail}`;
    const missing = read.reason === 'missing' ? 'attachment-missing' : 'attachment-refused';
    const reason = read.reason === 'too-large' ? 'resource-limit' : missing;
    const limit = reason === 'resource-limit' ? ` (raise it with ${limitOptions.maxEntryBytes})` : '';
    notJudged.push({ reason, part, detail: detail + limit });
    return undefined;
  };
  const requestBody = attached(exchange.attachments?.request, 'request body');
  if (requestBody !== undefined) request = { ...request, body: requestBody };
  else if (exchange.attachments?.request !== undefined) request = { ...request, bodyNotRecorded: true };
  const responseBody = attached(exchange.attachments?.response, 'response body');
  if (responseBody !== undefined) response = { ...response, body: responseBody };
  return { request, response, notJudged };
}
