import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EntryReport, Report } from '@svc-contracts/contract-checker';
import { runCli } from '@svc-contracts/contract-checker/cli';
import { describe, expect, it } from 'vitest';
import { configPath, contractTestsRoot } from './lib/paths.ts';

// Recordings in the shapes each exporter writes (tool-exports/), checked with the CLI: every entry's
// verdict, the exit code and the summary line are those of the tables in tool-exports/README.md.
const folder = join(contractTestsRoot, 'tool-exports');

/** The rows of the Markdown table under `## <title>`, cell by cell. */
function table(markdown: string, title: string): string[][] {
  const section = markdown.split(`\n## ${title}\n`)[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

const readme = await readFile(join(folder, 'README.md'), 'utf8');
const entryRows = table(readme, 'Entries');
const runRows = table(readme, 'Runs');

/** What makes the verdict: a violation's rules, a skip's reason, the reasons not judged; empty for a pass. */
function why(entry: EntryReport): string {
  if (entry.verdict === 'violation') return entry.violations.map((violation) => violation.rule).join(', ');
  if (entry.verdict === 'skipped') return entry.skip?.reason ?? '';
  return (entry.notJudged ?? []).map((part) => part.reason).join(', ');
}

async function run(file: string, options: string, json: boolean): Promise<{ code: number; stdout: string }> {
  let stdout = '';
  const args = ['--config', configPath, ...options.split(' ').filter(Boolean), ...(json ? ['--json'] : [])];
  const code = await runCli([...args, join(folder, file)], {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stdout += text;
    },
  });
  return { code, stdout };
}

describe('recordings as the tools export them (tool-exports/)', () => {
  it('has both tables', () => {
    expect(entryRows.length).toBeGreaterThan(30);
    expect(runRows.length).toBeGreaterThan(15);
  });

  const runs = [...new Set(entryRows.map(([file, options]) => JSON.stringify([file, options])))].map(
    (key) => JSON.parse(key) as [string, string],
  );
  it.each(runs)('%s %s: every entry gets the verdict of the table', async (file, options) => {
    const { stdout } = await run(file, options, true);
    const report = JSON.parse(stdout) as Report;
    expect(report.inputErrors).toEqual([]);
    const actual = report.entries
      .map((entry) => [String(entry.index), entry.verdict, why(entry)])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    // The report lists every entry but the passes, which it counts.
    const rows = entryRows.filter((row) => row[0] === file && row[1] === options);
    const isPass = (verdict: string) => verdict === 'conforms' || verdict === 'rejected-as-expected';
    const expected = rows
      .filter((row) => !isPass(row[3] as string))
      .map(([, , index, verdict, reason]) => [index, verdict, reason]);
    expect(actual).toEqual(expected);
    expect(report.passed).toBe(rows.length - expected.length);
  });

  it.each(runRows)('%s %s: exit %s, summary and report', async (file, options, exit, summary, says) => {
    const { code, stdout } = await run(file as string, options as string, false);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(summary);
    if (says) expect(stdout).toContain(says);
    expect(code).toBe(Number(exit));
  });
});
