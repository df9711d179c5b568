/**
 * Turns the sections of one `pnpm bench` run into bench/RESULTS.md, and judges the run: a figure that
 * loses to its comparison needs a note (bench/notes.ts), and a comparison that could not run here makes
 * the run incomplete (it must not replace the committed results).
 */
import { type FigureValue, type KeptOptimisation, kept, type Note, noteFor } from '../notes.ts';
import {
  type Figure,
  isMeasured,
  type Measured,
  type NotMeasured,
  type Section,
  type Unit,
} from './section.ts';

/** Within this factor of each other, two figures are even (run-to-run noise on shared cores is larger). */
export const evenWithin = 0.05;

export type Verdict = 'wins' | 'even' | 'loses';

/** How many times better ours is: above 1 we win, below 1 we lose, whichever way the unit points. */
export function advantage(figure: Figure, comparison: Measured): number {
  const ours = figure.ours.sample.median;
  const theirs = comparison.sample.median;
  return figure.better === 'higher' ? ours / theirs : theirs / ours;
}

export function verdict(factor: number): Verdict {
  if (!Number.isFinite(factor)) return 'even';
  if (factor >= 1 + evenWithin) return 'wins';
  if (factor <= 1 - evenWithin) return 'loses';
  return 'even';
}

export interface MachineInfo {
  date: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  pnpm: string;
  loadBefore: number;
  loadAfter: number;
  durationS: number;
}

export interface FailedSection {
  id: string;
  title: string;
  command: string;
  error: string;
}

export interface Assessment {
  /** Losing figures with no note: `figure id vs comparison key`. */
  missingNotes: string[];
  /** Optimisations of bench/notes.ts `kept` whose figure, measured in this run, shows no gain. */
  unjustified: string[];
  /** Comparisons that could not run in this run. */
  unavailable: string[];
  failed: string[];
}

export function assess(sections: Section[], failed: FailedSection[]): Assessment {
  const missingNotes: string[] = [];
  const unavailable: string[] = [];
  for (const section of sections) {
    for (const figure of section.figures) {
      for (const comparison of figure.comparisons) {
        if (!isMeasured(comparison)) {
          if (comparison.status === 'unavailable') {
            unavailable.push(`${figure.id} vs ${comparison.key}: ${comparison.reason}`);
          }
          continue;
        }
        const lost = verdict(advantage(figure, comparison)) === 'loses';
        if (lost && !noteFor(figure.id, comparison.key))
          missingNotes.push(`${figure.id} vs ${comparison.key}`);
      }
    }
  }
  const unjustified = kept.flatMap((optimisation) => {
    const gain = gainOf(sections, optimisation);
    return gain !== undefined && verdict(gain.factor) !== 'wins'
      ? [
          `${optimisation.name}: ${factorText(gain.factor)} than ${optimisation.plain} (${optimisation.with.figure})`,
        ]
      : [];
  });
  return {
    missingNotes,
    unjustified,
    unavailable,
    failed: failed.map((section) => `${section.id}: ${section.error}`),
  };
}

/** The figure and value a `FigureValue` names in this run, or undefined when the run did not measure it. */
function valueIn(sections: Section[], reference: FigureValue): { figure: Figure; value: number } | undefined {
  const figure = sections
    .flatMap((section) => section.figures)
    .find((candidate) => candidate.id === reference.figure);
  if (!figure) return undefined;
  if (reference.comparison === undefined) return { figure, value: figure.ours.sample.median };
  const comparison = figure.comparisons.find((candidate) => candidate.key === reference.comparison);
  return comparison && isMeasured(comparison) ? { figure, value: comparison.sample.median } : undefined;
}

/** How many times better the optimisation makes its figure in this run; undefined when not measured. */
export function gainOf(
  sections: Section[],
  optimisation: KeptOptimisation,
): { figure: Figure; withValue: number; withoutValue: number; factor: number } | undefined {
  const withIt = valueIn(sections, optimisation.with);
  const without = valueIn(sections, optimisation.without);
  if (!withIt || !without) return undefined;
  const factor =
    withIt.figure.better === 'higher' ? withIt.value / without.value : without.value / withIt.value;
  return { figure: withIt.figure, withValue: withIt.value, withoutValue: without.value, factor };
}

/** The optimisations that stay in the code, each with its gain in this run. */
function renderKept(sections: Section[]): string {
  const rows = kept.map((optimisation) => {
    const gain = gainOf(sections, optimisation);
    if (!gain)
      return [cell(optimisation.name), cell(optimisation.plain), 'not measured in this run', '', '', ''];
    const { unit } = gain.figure;
    return [
      cell(optimisation.name),
      cell(optimisation.plain),
      `\`${gain.figure.id}\``,
      formatValue(gain.withValue, unit),
      formatValue(gain.withoutValue, unit),
      `${factorText(gain.factor)}${verdict(gain.factor) === 'wins' ? '' : ': **no gain, remove it or say why it stays**'}`,
    ];
  });
  return [
    '## Optimisations kept, and the figure that justifies each',
    'Each optimisation that stays in the code instead of the plain version, with its gain read from this run (bench/notes.ts, `kept`): a complete run in which one shows no gain fails.',
    table(['optimisation', 'plain version', 'figure', 'with it', 'without it', 'gain'], rows, [
      '---',
      '---',
      '---',
      '---:',
      '---:',
      '---',
    ]),
  ].join('\n\n');
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatValue(value: number, unit: Unit): string {
  if (!Number.isFinite(value)) return 'n/a';
  const digits = (() => {
    switch (unit) {
      case 'entries/s':
      case 'req/s':
      case 'MB':
        return 0;
      case 'KB':
      case 'µs':
        return 1;
      default:
        return value >= 100 ? 0 : value >= 10 ? 1 : 2;
    }
  })();
  const text = digits === 0 ? integer.format(value) : value.toFixed(digits);
  return `${text} ${unit}`;
}

function spread(values: readonly number[], unit: Unit): string {
  if (values.length < 2) return `1 run`;
  const low = Math.min(...values);
  const high = Math.max(...values);
  return `${values.length} runs, ${formatValue(low, unit).replace(` ${unit}`, '')}–${formatValue(high, unit)}`;
}

function factorText(factor: number): string {
  if (!Number.isFinite(factor)) return 'n/a';
  if (factor >= 1) return `${factor >= 10 ? factor.toFixed(0) : factor.toFixed(2)}× better`;
  const worse = 1 / factor;
  return `${worse >= 10 ? worse.toFixed(0) : worse.toFixed(2)}× worse`;
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function comparisonCells(figure: Figure, comparison: Measured | NotMeasured): string[] {
  if (!isMeasured(comparison)) {
    const status = comparison.status === 'cannot' ? 'cannot do this' : 'not measured in this run';
    return [cell(comparison.tool), `${status}: ${cell(comparison.reason)}`, '', ''];
  }
  const factor = advantage(figure, comparison);
  return [
    cell(comparison.tool),
    `${formatValue(comparison.sample.median, figure.unit)} (${spread(comparison.sample.runs, figure.unit)})`,
    factorText(factor),
    verdict(factor),
  ];
}

/** One row per figure and comparison; a figure without comparisons gets one row with dashes. */
export function figureRows(figure: Figure): string[][] {
  const ours = `${formatValue(figure.ours.sample.median, figure.unit)} (${spread(figure.ours.sample.runs, figure.unit)})`;
  const first = [cell(figure.label), ours];
  if (figure.comparisons.length === 0) return [[...first, 'no comparison', '', '', '']];
  return figure.comparisons.map((comparison, index) => [
    ...(index === 0 ? first : ['', '']),
    ...comparisonCells(figure, comparison),
  ]);
}

function table(header: string[], rows: string[][], align: string[]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${align.join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

interface LosingFigure {
  figure: Figure;
  comparison: Measured;
  note: Note | undefined;
}

function losing(section: Section): LosingFigure[] {
  return section.figures.flatMap((figure) =>
    figure.comparisons
      .filter(isMeasured)
      .flatMap((comparison) =>
        verdict(advantage(figure, comparison)) === 'loses'
          ? [{ figure, comparison, note: noteFor(figure.id, comparison.key) }]
          : [],
      ),
  );
}

function renderSection(section: Section): string {
  const parts = [
    `## ${section.title}`,
    `Command: \`${section.command}\``,
    section.method,
    table(
      ['figure', 'ours', 'compared with', 'theirs', 'ours is', 'verdict'],
      section.figures.flatMap(figureRows),
      ['---', '---:', '---', '---:', '---:', '---'],
    ),
  ];
  const details = section.figures.filter((figure) => figure.detail);
  if (details.length > 0) {
    parts.push(details.map((figure) => `- ${figure.label}: ${figure.detail}`).join('\n'));
  }
  const lost = losing(section);
  if (lost.length > 0) {
    // One paragraph per note, naming every figure it explains: the same reason is not repeated per call.
    const byNote = new Map<Note | undefined, LosingFigure[]>();
    for (const item of lost) byNote.set(item.note, [...(byNote.get(item.note) ?? []), item]);
    const paragraphs = [...byNote].flatMap(([note, items]) => {
      const against = [...new Set(items.map(({ comparison }) => comparison.tool))].join(', ');
      const which = items
        .map(({ figure, comparison }) => `${figure.label} (${factorText(advantage(figure, comparison))})`)
        .join('; ');
      if (note)
        return [`- **Against ${against}**: ${which}. Why: ${note.why} What would close it: ${note.close}`];
      return items.map(
        ({ figure, comparison }) =>
          `- ${figure.label}, against ${comparison.tool}: **no note in bench/notes.ts for \`${figure.id}\` vs \`${comparison.key}\`**`,
      );
    });
    parts.push(['**Where we lose, why, and what would close it**', '', ...paragraphs].join('\n'));
  }
  for (const finding of section.findings ?? []) parts.push(finding);
  return parts.join('\n\n');
}

function renderFailed(section: FailedSection): string {
  return [
    `## ${section.title}`,
    `Command: \`${section.command}\``,
    `**Failed in this run:**\n\n\`\`\`\n${section.error}\n\`\`\``,
  ].join('\n\n');
}

function summaryRows(sections: Section[]): string[][] {
  return sections.flatMap((section) =>
    section.figures.flatMap((figure) =>
      figure.comparisons.filter(isMeasured).map((comparison) => {
        const factor = advantage(figure, comparison);
        return [
          cell(`${section.title.split(':')[0]}: ${figure.label}`),
          formatValue(figure.ours.sample.median, figure.unit),
          cell(comparison.tool),
          formatValue(comparison.sample.median, figure.unit),
          factorText(factor),
        ];
      }),
    ),
  );
}

/** Everything one run measured: bench/results.json, from which bench/RESULTS.md is rendered. */
export interface RunRecord {
  machine: MachineInfo;
  versions: Record<string, string>;
  sections: Section[];
  failed: FailedSection[];
  command: string;
  tiny: boolean;
  /** No option narrowed the run (`--only`, `--skip-test`, `--runs` below 3, `--tiny`). */
  full: boolean;
}

export function renderReport(options: RunRecord): string {
  const { machine, versions, sections, failed, command, tiny } = options;
  const intro = [
    '# Benchmark results',
    `<!-- Written by \`${command}\` (bench/run.ts). Do not edit by hand: run it again. -->`,
    tiny
      ? '**Tiny run**: every benchmark on the smallest input, to prove the scripts run. These figures mean nothing.'
      : `Every figure below comes from one run of \`${command}\` on ${machine.date}, which took ${Math.round(machine.durationS / 60)} min. Each figure is the median of the runs shown next to it, and each comparison was measured in the same run, on the same machine, with the same input. "Ours is" reads the ratio whichever way the unit points; within ${evenWithin * 100}% counts as even. Times are wall-clock on shared cores: read differences smaller than the spread of the runs as noise.`,
    table(
      ['machine', ''],
      [
        ['CPU', `${cell(machine.cpu)}, ${machine.cores} cores`],
        ['memory', `${machine.memoryGiB} GiB`],
        ['OS', machine.os],
        ['Node', machine.node],
        ['pnpm', machine.pnpm],
        [
          'load average (1 min) before / after',
          `${machine.loadBefore.toFixed(1)} / ${machine.loadAfter.toFixed(1)}`,
        ],
      ],
      ['---', '---'],
    ),
    table(
      ['tool', 'version'],
      Object.entries(versions)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, version]) => [cell(name), cell(version)]),
      ['---', '---'],
    ),
    '## Summary',
    table(['figure', 'ours', 'compared with', 'theirs', 'ours is'], summaryRows(sections), [
      '---',
      '---:',
      '---',
      '---:',
      '---:',
    ]),
  ];
  const body = [...sections.map(renderSection), ...failed.map(renderFailed), renderKept(sections)];
  return `${[...intro, ...body].join('\n\n')}\n`;
}
