// The --json report of a shard, and the merge of shards, stay bounded whatever the number of entries: passes
// are counted, not listed, and at most maxListed of the others are listed (a shard of 2 GB of HAR once wrote
// a report of 330 MB, and merging two failed with "Invalid string length").
import { describe, expect, it } from 'vitest';
import type { EntryReport } from '../src/core/entry-report.js';
import { countEntry, emptyCounts, exitCodeOf } from '../src/core/run-counts.js';
import { maxListed } from '../src/report/format.js';
import { formatReport, reportWriter } from '../src/report/reporters.js';
import { mergeReports, parseReport } from '../src/run/merge.js';

const violation = {
  rule: 'response-body-schema',
  side: 'response',
  pointer: '/items/0/id',
  message: 'must be string',
} as EntryReport['violations'][number];

/** Entry `position` of a synthetic run: 200 failing, 100 on another host, then passes. */
function entry(position: number, allFail: boolean): EntryReport {
  const base = { file: 'big.har', index: position, position, method: 'GET', status: 200 };
  const match = { service: 'agents', operationId: 'listRuns' } as EntryReport['match'];
  if (position >= 200 && position < 300 && !allFail)
    return {
      ...base,
      url: 'https://api.example.com/x.js',
      verdict: 'skipped',
      violations: [],
      requestViolations: [],
      skip: { reason: 'other-host' } as EntryReport['skip'],
    };
  const fails = allFail || position < 200;
  return {
    ...base,
    url: `https://api.example.com/runs?page=${position}`,
    match,
    verdict: fails ? 'violation' : 'conforms',
    violations: fails ? [violation] : [],
    requestViolations: [],
  };
}

/** Shard `index` of 2 of a run of `total` entries, as `contract-check --shard index/2 --json` writes it. */
function shardReport(index: number, total: number, allFail = false): string {
  let text = '';
  const writer = reportWriter('json', (chunk) => {
    text += chunk;
  });
  const counts = emptyCounts();
  for (let position = index - 1; position < total; position += 2) {
    const report = entry(position, allFail);
    countEntry(counts, report);
    void writer.entry(report);
  }
  writer.finish({
    ...counts,
    services: ['agents'],
    specProblems: [],
    inputErrorCount: 0,
    exitCode: exitCodeOf(counts, 0, 0, undefined),
    shard: { index, count: 2 },
    input: { digest: 'abcdef0123456789', entries: total },
  });
  return text;
}

function merge(total: number, allFail = false) {
  const parts = [1, 2].map((index) => {
    const text = shardReport(index, total, allFail);
    return { file: `s${index}.json`, text, report: parseReport(text, `s${index}.json`) };
  });
  const merged = mergeReports(parts);
  return { sizes: parts.map(({ text }) => text.length), merged, json: formatReport(merged, 'json') };
}

describe('the --json report of a shard and its merge', () => {
  it('do not grow with the number of passes', () => {
    const small = merge(20_000);
    const large = merge(200_000);
    for (const at of [0, 1]) expect(large.sizes[at]).toBeLessThan((small.sizes[at] ?? 0) * 1.1);
    expect(large.json.length).toBeLessThan(small.json.length * 1.1);
    // Counted all the same: a host one shard skipped is routed by the other, so its entries fail.
    const failing = 300;
    expect([large.merged.passed, large.merged.failed, large.merged.skipped]).toEqual([
      200_000 - failing,
      failing,
      0,
    ]);
    expect(large.merged.entries.every((listed) => listed.verdict === 'violation')).toBe(true);
  });

  it('list at most maxListed failures of a shard and count the rest', () => {
    const { merged, json } = merge(4 * maxListed.findings, true);
    expect(merged.failed).toBe(4 * maxListed.findings);
    const document = JSON.parse(json);
    expect(document.entries).toHaveLength(maxListed.findings);
    expect(document.entriesUnlisted).toBe(3 * maxListed.findings);
    expect(document.routedHosts).toEqual(['api.example.com']);
  });
});
