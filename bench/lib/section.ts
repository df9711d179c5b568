/**
 * The result every benchmark script hands to `pnpm bench` (bench/run.ts): one section of bench/RESULTS.md.
 * A script prints its own human table as before; with `--json FILE` it also writes a `Section` there.
 *
 * A figure is one thing we measure, with the runs it was measured in, next to the same thing measured
 * for the tool a user would otherwise pick, in the same process run. The report computes the ratio and
 * whether we win or lose; a losing figure must have a note in bench/notes.ts (why, and what would close it).
 */
import { writeFileSync } from 'node:fs';

export type Unit = 'entries/s' | 'req/s' | 'ms' | 'µs' | 's' | 'MB' | 'KB';

export interface Sample {
  /** Median of `runs`. */
  median: number;
  /** Every run's value, in the order measured. */
  runs: number[];
}

export interface Measured {
  /** Stable key of the comparison (`raw-fetch`, `bandwidth-sdk`, `prism-mock`): notes refer to it. */
  key: string;
  /** The tool, as a reader knows it: `contract checker`, `Prism 5.12 proxy`, `bandwidth-sdk 8.1.4 CallsApi`. */
  tool: string;
  sample: Sample;
}

export interface NotMeasured {
  key: string;
  tool: string;
  /**
   * `unavailable`: the tool could not run here in this run (`java` absent, compare tools not installed):
   * the run is incomplete and does not replace bench/RESULTS.md. `cannot`: the tool does not do this job
   * at all (Prism validates no XML body): a finding, printed as such.
   */
  status: 'unavailable' | 'cannot';
  reason: string;
}

export interface Figure {
  /** Stable key: notes in bench/notes.ts and the tests refer to it. */
  id: string;
  /** What is measured, for the table's first column. */
  label: string;
  unit: Unit;
  better: 'higher' | 'lower';
  ours: Measured;
  /** What it is compared with; empty when no tool does the same job (the note says so). */
  comparisons: Array<Measured | NotMeasured>;
  /** One line of context printed under the table (what is included, what is not). */
  detail?: string;
}

export interface Section {
  /** Stable key, also the order in the report. */
  id: string;
  title: string;
  /** The command that produced it, as a user would run it alone. */
  command: string;
  /** How it is measured, in a few sentences. */
  method: string;
  figures: Figure[];
  /** Versions of the tools this section ran (merged into the report's version table). */
  versions: Record<string, string>;
  /** Extra paragraphs (findings that are not figures, such as what each tool caught). */
  findings?: string[];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function sample(runs: readonly number[]): Sample {
  return { median: median(runs), runs: [...runs] };
}

export function measured(key: string, tool: string, runs: readonly number[]): Measured {
  return { key, tool, sample: sample(runs) };
}

export function isMeasured(comparison: Measured | NotMeasured): comparison is Measured {
  return 'sample' in comparison;
}

/** Reads `--json FILE` from argv; undefined when the script runs alone. */
export function jsonTarget(argv: readonly string[] = process.argv): string | undefined {
  const index = argv.indexOf('--json');
  return index === -1 ? undefined : argv[index + 1];
}

/** True when `--tiny` is given: the smallest input that still runs every code path (for the tests). */
export function isTiny(argv: readonly string[] = process.argv): boolean {
  return argv.includes('--tiny');
}

/** Writes the section to `target` (the script's `--json FILE`); nothing when there is none. */
export function emitSection(section: Section, target: string | undefined): void {
  if (target) writeFileSync(target, `${JSON.stringify(section, null, 2)}\n`);
}

/** An integer option from `min` to `max`; anything else exits 2 naming the option. */
export function integerOption(name: string, text: string | undefined, min: number, max: number): number {
  const value = Number(text);
  if (text === undefined || !Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be an integer from ${min} to ${max}, got ${text ?? 'nothing'}`);
    process.exit(2);
  }
  return value;
}

/** `--runs N` (1–50): how many runs each median is taken over; `fallback` when absent. */
export function runsOption(fallback: number, argv: readonly string[] = process.argv): number {
  const index = argv.indexOf('--runs');
  return index === -1 ? fallback : integerOption('runs', argv[index + 1], 1, 50);
}

/** What is wrong with a section read back from a script: empty when it is well formed. */
export function sectionProblems(section: Section): string[] {
  const problems: string[] = [];
  const where = (figure: Figure, part: string) => `${section.id}: figure ${figure.id}: ${part}`;
  const checkSample = (figure: Figure, part: string, value: Sample | undefined): void => {
    if (!value || value.runs.length === 0) problems.push(where(figure, `${part} has no runs`));
    else if (!value.runs.every(Number.isFinite) || !Number.isFinite(value.median)) {
      problems.push(where(figure, `${part} has a value that is not a finite number`));
    } else if (Math.abs(value.median - median(value.runs)) > 1e-9 * Math.max(1, Math.abs(value.median))) {
      problems.push(where(figure, `${part} median is not the median of its runs`));
    }
  };
  if (!section.id || !section.title || !section.command || !section.method) {
    problems.push(`${section.id || '(no id)'}: id, title, command and method are required`);
  }
  if (!Array.isArray(section.figures) || section.figures.length === 0) {
    problems.push(`${section.id}: no figures`);
    return problems;
  }
  const ids = new Set<string>();
  for (const figure of section.figures) {
    if (ids.has(figure.id)) problems.push(where(figure, 'id used twice'));
    ids.add(figure.id);
    if (!figure.id.startsWith(`${section.id}.`))
      problems.push(where(figure, `id must start with "${section.id}."`));
    checkSample(figure, 'ours', figure.ours?.sample);
    for (const comparison of figure.comparisons ?? []) {
      if (isMeasured(comparison)) checkSample(figure, `comparison ${comparison.key}`, comparison.sample);
      else if (!comparison.reason) problems.push(where(figure, `comparison ${comparison.key} has no reason`));
    }
  }
  return problems;
}
