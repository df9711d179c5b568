/**
 * What a section script hands to `pnpm bench` (bench/run.ts) with `--json FILE`: its figures, each ours
 * beside what a user would otherwise run, measured in the same process run. This file is the one result writer.
 */
import { writeFileSync } from 'node:fs';

export type Unit = 'entries/s' | 'req/s' | 'ms' | 'µs' | 's' | 'MB' | 'KB';

export interface Sample {
  /** Median of `runs`. */
  median: number;
  runs: number[];
}

export interface Measured {
  key: string;
  tool: string;
  sample: Sample;
}

/** `unavailable`: could not run here (the run is partial); `cannot`: the tool does not do this job. */
export interface NotMeasured {
  key: string;
  tool: string;
  status: 'unavailable' | 'cannot';
  reason: string;
}

export type Comparison = Measured | NotMeasured;

export interface Figure {
  /** `<section id>.<name>`, stable across runs. */
  id: string;
  label: string;
  unit: Unit;
  better: 'higher' | 'lower';
  ours: Measured;
  comparisons: Comparison[];
  detail?: string;
}

export interface Section {
  id: string;
  title: string;
  /** The command that produced it, as a user would run it alone. */
  command: string;
  method: string;
  figures: Figure[];
  versions: Record<string, string>;
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

/** Measured, or `unavailable` when `missing` says why the tool could not run here. */
export function measuredOr(
  missing: string | undefined,
  key: string,
  tool: string,
  runs: readonly number[],
): Comparison {
  return missing ? { key, tool, status: 'unavailable', reason: missing } : measured(key, tool, runs);
}

export function isMeasured(comparison: Comparison): comparison is Measured {
  return 'sample' in comparison;
}

/** A figure of one or more comparisons, lower or higher better, in one call. */
export function figure(
  id: string,
  label: string,
  unit: Unit,
  better: Figure['better'],
  ours: Measured,
  comparisons: Comparison[] = [],
  detail?: string,
): Figure {
  return { id, label, unit, better, ours, comparisons, ...(detail ? { detail } : {}) };
}

/** Writes the section to the script's `--json FILE`, and prints its figures for a person running it alone. */
export function emitSection(section: Section, target: string | undefined): void {
  if (target) writeFileSync(target, `${JSON.stringify(section, null, 2)}\n`);
  for (const { label, unit, ours, comparisons } of section.figures) {
    const others = comparisons.map((other) =>
      isMeasured(other) ? `${other.tool} ${round(other.sample.median)}` : `${other.tool}: ${other.status}`,
    );
    console.log(
      `${label}: ${round(ours.sample.median)} ${unit}${others.length ? ` | ${others.join(' | ')}` : ''}`,
    );
  }
}

/** Three significant digits, the precision the report prints. */
export function round(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(3);
}

/** What is wrong with a section read back from a script: empty when it is well formed. */
export function sectionProblems(section: Section): string[] {
  if (!section.id || !section.title || !section.command || !section.method)
    return [`${section.id || '(no id)'}: id, title, command and method are required`];
  if (!Array.isArray(section.figures) || section.figures.length === 0) return [`${section.id}: no figures`];
  const problems: string[] = [];
  const finite = (s: Sample | undefined) => s && s.runs.length > 0 && s.runs.every(Number.isFinite);
  for (const { id, ours, comparisons } of section.figures) {
    if (!id.startsWith(`${section.id}.`)) problems.push(`${id}: id must start with "${section.id}."`);
    if (!finite(ours?.sample)) problems.push(`${id}: ours has no finite runs`);
    for (const other of comparisons ?? [])
      if (isMeasured(other) ? !finite(other.sample) : !other.reason)
        problems.push(`${id}: comparison ${other.key} has no finite runs or no reason`);
  }
  return problems;
}
