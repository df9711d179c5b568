import { printable } from '@svc-contracts/har';
import type { EntryReport, RunVerdict } from './entry-report.js';
import { isToolReason, type NotJudgedReason, reasonCounts, type SkipReason } from './scope.js';

/** What a run counts of its entries, each passed, failed, not judged or skipped, and the reasons of the last two;
 * plain data, so that threads and shards add theirs up. The type is this function's (the keys listed once). */
export const emptyCounts = () => ({
  passed: 0,
  failed: 0,
  notJudged: 0,
  /** An entry counts once under each reason of its parts (the sum can exceed `notJudged`). */
  notJudgedReasons: {} as Partial<Record<NotJudgedReason, number>>,
  skipped: 0,
  skippedReasons: {} as Partial<Record<SkipReason, number>>,
  /** Entries skipped as `other-host`, by host. */
  skippedHosts: {} as Record<string, number>,
  /** Per recording: entries that carry a credential, and entries that fail `security-missing`. */
  credentials: {} as Record<string, [withCredential: number, securityMissing: number]>,
});
export type RunCounts = ReturnType<typeof emptyCounts>;

const authority = /^([a-z][a-z0-9+.-]*):\/\/(?:[^/?#@]*@)?([^/?#]*)/i;
const defaultPorts: Record<string, string> = { http: ':80', https: ':443' };

/** The host of a recorded URL as `URL.host` gives it (lower case, `host:port`, no default port), read without
 * parsing the whole URL: it is asked for every entry. */
export function hostOf(url: string): string {
  const found = authority.exec(url);
  if (!found) return url;
  const host = (found[2] as string).toLowerCase();
  const port = defaultPorts[(found[1] as string).toLowerCase()];
  return port !== undefined && host.endsWith(port) ? host.slice(0, -port.length) : host;
}

/** Adds the counts of `from` (a run's, a shard report's, or one entry's) to `into`, key by key; a reason or
 * host whose count falls to 0 is dropped. */
export function addCounts(into: RunCounts, from: DeepPartial<RunCounts>): void {
  const add = (to: Record<string, unknown>, more: object, prune: boolean): void => {
    for (const [key, value] of Object.entries(more)) {
      if (typeof value === 'number') to[key] = ((to[key] as number | undefined) ?? 0) + value;
      else if (value !== null && typeof value === 'object') {
        to[key] ??= Array.isArray(value) ? [] : {};
        add(to[key] as Record<string, unknown>, value, false);
      }
      if (prune && to[key] === 0) delete to[key];
    }
  };
  for (const key of countKeys) {
    const value = from[key];
    if (typeof value === 'number') (into[key] as number) += value;
    else if (value !== undefined) add(into[key] as Record<string, unknown>, value, true);
  }
}

const countKeys = Object.keys(emptyCounts()) as Array<keyof RunCounts>;

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

const verdictCount: Record<RunVerdict, 'passed' | 'failed' | 'notJudged' | 'skipped'> = {
  conforms: 'passed',
  'rejected-as-expected': 'passed',
  violation: 'failed',
  'not-judged': 'notJudged',
  skipped: 'skipped',
};

/** Counts one entry; `credential`: whether its request carries a credential of any loaded scheme. */
export function countEntry(counts: RunCounts, entry: EntryReport, credential?: boolean): void {
  counts[verdictCount[entry.verdict]]++;
  const one = (record: Record<string, number>, key: string): void => {
    record[key] = (record[key] ?? 0) + 1;
  };
  // A failing entry lists its parts not judged beside its violations; they are not counted here.
  if (entry.verdict === 'not-judged')
    for (const reason of new Set(entry.notJudged?.map((part) => part.reason)))
      one(counts.notJudgedReasons, reason);
  if (entry.skip) {
    one(counts.skippedReasons, entry.skip.reason);
    if (entry.skip.reason === 'other-host') one(counts.skippedHosts, hostOf(entry.url));
  }
  const missing = entry.violations.some((violation) => violation.rule === 'security-missing');
  if (credential === undefined || entry.verdict === 'skipped' || (!credential && !missing)) return;
  const tally = counts.credentials[entry.file] ?? [0, 0];
  counts.credentials[entry.file] = [tally[0] + (credential ? 1 : 0), tally[1] + (missing ? 1 : 0)];
}

/** The counts as a report shows them: maps in a stable order (by key), whatever order threads added them in. */
export function orderedCounts(counts: RunCounts): RunCounts {
  const sorted = <T>(record: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { ...counts, skippedHosts: sorted(counts.skippedHosts), credentials: sorted(counts.credentials) };
}

/** What the user asked to fail the run besides violations (`--fail-on-not-judged`, `--fail-on-skipped`). */
export type FailOn = { notJudged?: boolean; skipped?: boolean };

/** 2 when the check is incomplete (unreadable input, a broken spec, a part a resource limit stopped); else 1
 * when an entry violates the contract, or is not judged or skipped and `failOn` says so; else 0. */
export function exitCodeOf(
  counts: RunCounts,
  inputErrors: number,
  specProblems: number,
  failOn: FailOn = {},
): 0 | 1 | 2 {
  if (inputErrors > 0 || specProblems > 0) return 2;
  for (const [reason, count] of Object.entries(counts.notJudgedReasons))
    if (count > 0 && isToolReason(reason as NotJudgedReason)) return 2;
  if (counts.failed > 0) return 1;
  if (failOn.notJudged && counts.notJudged > 0) return 1;
  if (failOn.skipped && counts.skipped > 0) return 1;
  return 0;
}

/** The summary a person reads at a glance, the last line of the report: `12 passed, 1 failed, 2 not judged
 * (body not captured 2), 5 skipped (other host 4, CORS preflight 1)`. */
export function summaryLine(counts: RunCounts, inputErrors = 0): string {
  const parts = [`${counts.passed} passed`, `${counts.failed} failed`];
  const notJudged = reasonCounts(counts.notJudgedReasons);
  if (counts.notJudged > 0 || notJudged) {
    const byReason = Object.values(counts.notJudgedReasons).reduce((sum, count) => sum + (count ?? 0), 0);
    const overlap = byReason > counts.notJudged ? '; an entry with two reasons is under both' : '';
    parts.push(`${counts.notJudged} not judged${notJudged ? ` (${notJudged}${overlap})` : ''}`);
  }
  if (counts.skipped > 0) parts.push(`${counts.skipped} skipped (${reasonCounts(counts.skippedReasons)})`);
  if (inputErrors > 0) parts.push(`${inputErrors} input error${inputErrors === 1 ? '' : 's'}`);
  return parts.join(', ');
}

/** The lines above the summary line that explain its counts: the hosts skipped, and the recordings that look
 * sanitized (entries fail `security-missing` and none carries a credential). */
export function scopeLines(counts: RunCounts, sanitizedOption: boolean): string[] {
  const lines = Object.entries(counts.credentials)
    .filter(([, [withCredential, missing]]) => !sanitizedOption && withCredential === 0 && missing > 0)
    .map(([file]) => file)
    .sort()
    .map(
      (file) =>
        `${printable(file)}: no entry carries a credential (Authorization, Cookie or an API key) and some fail security-missing: it looks like a sanitized export (Chrome's default "Export HAR (sanitized)" strips Authorization and Cookie). Check a request of it for its Authorization header; export with sensitive data, or pass --sanitized to leave security not judged.`,
    );
  // The hosts by count, most first, five of them named.
  const hosts = Object.entries(counts.skippedHosts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const named = hosts.slice(0, 5).map(([host, count]) => `${printable(host)} ${count}`);
  if (hosts.length > 5) named.push(`${hosts.length - 5} more hosts`);
  if (hosts.length > 0)
    lines.unshift(
      `skipped as other hosts (not ours): ${named.join(', ')}; map a host of ours with --host SERVICE=HOST`,
    );
  return lines;
}
