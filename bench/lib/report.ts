/**
 * bench/RESULTS.md from one run's record: the machine, the versions, and per section its figures beside
 * their comparisons with the ratio. Read by people; no test depends on how it renders.
 */
import { type Figure, isMeasured, round, type Section } from './section.ts';

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

export interface RunRecord {
  machine: MachineInfo;
  versions: Record<string, string>;
  sections: Section[];
  failed: FailedSection[];
  command: string;
  tiny: boolean;
}

/** How many times better ours is than `theirs` (above 1: ours wins), whichever way the unit points. */
function advantage(figure: Figure, theirs: number): number {
  const ours = figure.ours.sample.median;
  return figure.better === 'higher' ? ours / theirs : theirs / ours;
}

function figureRows(figure: Figure): string[] {
  const value = (median: number, runs: number[]) =>
    `${round(median)} ${figure.unit}${runs.length > 1 ? ` (${round(Math.min(...runs))}–${round(Math.max(...runs))})` : ''}`;
  const ours = value(figure.ours.sample.median, figure.ours.sample.runs);
  const rows = figure.comparisons.map((other, index) => {
    const first = index === 0 ? `${figure.label} | ${figure.ours.tool} | ${ours}` : ' | |';
    if (!isMeasured(other)) return `| ${first} | ${other.tool} | ${other.status}: ${other.reason} | |`;
    const times = advantage(figure, other.sample.median);
    return `| ${first} | ${other.tool} | ${value(other.sample.median, other.sample.runs)} | ${times >= 1 ? `${round(times)}× better` : `${round(1 / times)}× worse`} |`;
  });
  return rows.length > 0 ? rows : [`| ${figure.label} | ${figure.ours.tool} | ${ours} | | | |`];
}

function sectionText(section: Section): string {
  const details = section.figures.filter((figure) => figure.detail);
  return [
    `## ${section.title}`,
    '',
    `\`${section.command}\`. ${section.method}`,
    '',
    '| figure | ours | median (range) | compared with | median (range) | ours is |',
    '|---|---|---:|---|---:|---:|',
    ...section.figures.flatMap(figureRows),
    ...(details.length > 0 ? ['', ...details.map((figure) => `- ${figure.label}: ${figure.detail}`)] : []),
    ...(section.findings ?? []).flatMap((finding) => ['', finding]),
  ].join('\n');
}

export function renderReport(record: RunRecord): string {
  const { machine } = record;
  const head = [
    '# Benchmark results',
    '',
    record.tiny
      ? '**Tiny run**: every script on its smallest input; the figures mean nothing.'
      : `Written by \`${record.command}\` on ${machine.date}; every figure is the median of its runs, ours beside what a user would otherwise run, measured in the same run. Earlier runs: [HISTORY.md](HISTORY.md).`,
    '',
    '| machine | |',
    '|---|---|',
    `| CPU | ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB |`,
    `| OS | ${machine.os} |`,
    `| Node | ${machine.node}, pnpm ${machine.pnpm} |`,
    `| load average (1 min) | ${machine.loadBefore.toFixed(1)} before, ${machine.loadAfter.toFixed(1)} after |`,
    `| duration | ${(machine.durationS / 60).toFixed(1)} min |`,
    '',
    '| tool | version |',
    '|---|---|',
    ...Object.entries(record.versions)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, version]) => `| ${name} | ${version} |`),
  ];
  const failed = record.failed.map(
    (section) =>
      `## ${section.title}\n\n**Section failed** (\`${section.command}\`):\n\n\`\`\`\n${section.error}\n\`\`\``,
  );
  return `${[head.join('\n'), ...record.sections.map(sectionText), ...failed].join('\n\n')}\n`;
}

/** Comparisons that could not run here: a run with any is partial. */
export function unavailable(sections: Section[]): string[] {
  return sections.flatMap((section) =>
    section.figures.flatMap((figure) =>
      figure.comparisons.flatMap((other) =>
        !isMeasured(other) && other.status === 'unavailable'
          ? [`${figure.id} vs ${other.key}: ${other.reason}`]
          : [],
      ),
    ),
  );
}
