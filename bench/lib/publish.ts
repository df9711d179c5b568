/**
 * Writes one run's record (RESULTS.json) and its report (RESULTS.md), or their `.partial` versions when
 * the run is not complete, and says why. Returns the exit code of the run.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { assess, type RunRecord, renderReport } from './report.ts';

export const resultsFile = fromRoot('bench', 'RESULTS.md');
export const recordFile = fromRoot('bench', 'RESULTS.json');

/** The record file that goes with a report file: `RESULTS.md` → `RESULTS.json`. */
export function recordFileFor(reportFile: string): string {
  return reportFile.replace(/(\.md)?$/, '.json');
}

/**
 * Why a report is not what its record renders to today (a note in bench/notes.ts or the renderer changed
 * since the run, and `pnpm bench --render` was not run), or undefined when it is, or when there is no
 * record to render. `pnpm test` fails on a stale bench/RESULTS.md, and the wall section times it.
 */
export function staleReport(report = resultsFile, record = recordFileFor(report)): string | undefined {
  if (!existsSync(record) || !existsSync(report)) return undefined;
  const rendered = renderReport(JSON.parse(readFileSync(record, 'utf8')) as RunRecord);
  if (readFileSync(report, 'utf8') === rendered) return undefined;
  return `${relative(fromRoot(), report)} is not what ${relative(fromRoot(), record)} renders to with the current bench/notes.ts (a note or the renderer changed since the run)`;
}

export function publish(
  record: RunRecord,
  options: { out?: string; writeRecord: boolean; log: (line: string) => void },
): number {
  const { log } = options;
  const assessment = assess(record.sections, record.failed);
  const complete =
    record.full &&
    assessment.failed.length === 0 &&
    assessment.unavailable.length === 0 &&
    assessment.missingNotes.length === 0 &&
    assessment.unjustified.length === 0;
  const target = options.out ?? (complete ? resultsFile : fromRoot('bench', 'RESULTS.partial.md'));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, renderReport(record));
  if (options.writeRecord) writeFileSync(recordFileFor(target), `${JSON.stringify(record, null, 1)}\n`);

  for (const line of assessment.failed) log(`section failed: ${line.split('\n')[0]}`);
  for (const line of assessment.unavailable) log(`not measured: ${line}`);
  for (const line of assessment.missingNotes) {
    log(`loses without a note: ${line} (add one to bench/notes.ts: why, and what would close it)`);
  }
  for (const line of assessment.unjustified) {
    log(
      `optimisation without a gain: ${line} (remove it, or move it out of bench/notes.ts \`kept\` with the reason)`,
    );
  }
  log(`wrote ${relative(process.cwd(), target) || target}`);
  if (!complete && !options.out && !record.tiny) {
    log(
      'not a complete run (a section failed, a comparison was missing, a figure lost without a note, an optimisation showed no gain, or --only, --skip-test or --runs below 3 narrowed it): bench/RESULTS.md left as it was',
    );
  }
  // Tiny runs prove the scripts run: their figures are noise, so only failures count there.
  const failed =
    assessment.failed.length > 0 ||
    (!record.tiny &&
      (assessment.unavailable.length > 0 ||
        assessment.missingNotes.length > 0 ||
        assessment.unjustified.length > 0));
  return failed ? 1 : 0;
}
