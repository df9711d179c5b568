// The judging and rendering of `pnpm bench` results, on hand-made sections (no timing here).
import { describe, expect, it } from 'vitest';
import { advantage, assess, figureRows, formatValue, renderReport, verdict } from '../../bench/lib/report.ts';
import { type Figure, measured, sectionProblems } from '../../bench/lib/section.ts';
import { noteFor, notes } from '../../bench/notes.ts';
import { demoSection, testMachine } from './fixtures.ts';

function figure(overrides: Partial<Figure> = {}): Figure {
  return {
    id: 'demo.speed',
    label: 'demo speed',
    unit: 'entries/s',
    better: 'higher',
    ours: measured('ours', 'ours', [90, 100, 110]),
    comparisons: [measured('rival', 'the rival', [45, 50, 55])],
    ...overrides,
  };
}

const section = (figures: Figure[]) => demoSection(figures);
const machine = testMachine;

describe('advantage and verdict', () => {
  it('reads the ratio whichever way the unit points', () => {
    const faster = figure();
    expect(advantage(faster, faster.comparisons[0] as never)).toBe(2);
    const smaller = figure({
      unit: 'KB',
      better: 'lower',
      ours: measured('ours', 'ours', [10]),
      comparisons: [measured('rival', 'rival', [40])],
    });
    expect(advantage(smaller, smaller.comparisons[0] as never)).toBe(4);
    const bigger = figure({
      unit: 'KB',
      better: 'lower',
      ours: measured('ours', 'ours', [40]),
      comparisons: [measured('rival', 'rival', [10])],
    });
    expect(verdict(advantage(bigger, bigger.comparisons[0] as never))).toBe('loses');
  });

  it('calls differences within 5% even', () => {
    expect(verdict(1.04)).toBe('even');
    expect(verdict(0.96)).toBe('even');
    expect(verdict(1.06)).toBe('wins');
    expect(verdict(0.94)).toBe('loses');
  });
});

describe('assess', () => {
  it('asks for a note when a figure loses and none matches', () => {
    const lost = figure({
      ours: measured('ours', 'ours', [10]),
      comparisons: [measured('rival', 'rival', [100])],
    });
    expect(assess([section([lost])], []).missingNotes).toEqual(['demo.speed vs rival']);
    expect(assess([section([figure()])], []).missingNotes).toEqual([]);
  });

  it('accepts a losing figure that bench/notes.ts explains', () => {
    const lost = figure({
      id: 'clients.call.voice-create-call',
      unit: 'µs',
      better: 'lower',
      ours: measured('ours', 'ours', [500]),
      comparisons: [measured('raw-fetch', 'raw fetch', [350])],
    });
    expect(assess([section([lost])], []).missingNotes).toEqual([]);
  });

  it('marks a run with an unavailable comparison or a failed section as incomplete', () => {
    const missing = figure({
      comparisons: [{ key: 'java', tool: 'Java', status: 'unavailable', reason: '`java` not found' }],
    });
    const cannot = figure({
      id: 'demo.xml',
      comparisons: [{ key: 'prism', tool: 'Prism', status: 'cannot', reason: 'no XML' }],
    });
    const result = assess(
      [section([missing, cannot])],
      [{ id: 'wall', title: 'Wall', command: 'x', error: 'pnpm test exited with 1' }],
    );
    expect(result.unavailable).toEqual(['demo.speed vs java: `java` not found']);
    expect(result.failed).toEqual(['wall: pnpm test exited with 1']);
  });
});

describe('rendering', () => {
  it('prints every comparison with its spread and the ratio', () => {
    const rows = figureRows(figure());
    expect(rows).toEqual([
      [
        'demo speed',
        '100 entries/s (3 runs, 90–110 entries/s)',
        'the rival',
        '50 entries/s (3 runs, 45–55 entries/s)',
        '2.00× better',
        'wins',
      ],
    ]);
    expect(figureRows(figure({ comparisons: [] }))[0]).toContain('no comparison');
  });

  it('formats each unit with sensible precision', () => {
    expect(formatValue(12345.6, 'req/s')).toBe('12,346 req/s');
    expect(formatValue(0.2215, 'ms')).toBe('0.22 ms');
    expect(formatValue(187.4, 'MB')).toBe('187 MB');
    expect(formatValue(Number.NaN, 's')).toBe('n/a');
  });

  it('writes the note under a losing figure, and flags a losing figure without one', () => {
    const explained = figure({
      id: 'clients.call.voice-create-call',
      label: 'voice createCall',
      unit: 'µs',
      better: 'lower',
      ours: measured('ours', 'ours', [500]),
      comparisons: [measured('raw-fetch', 'raw fetch', [350])],
    });
    const unexplained = figure({
      ours: measured('ours', 'ours', [1]),
      comparisons: [measured('rival', 'rival', [9])],
    });
    const text = renderReport({
      machine,
      versions: { 'some-tool': '1.2.3' },
      sections: [section([explained, unexplained])],
      failed: [
        { id: 'wall', title: 'Wall time', command: 'pnpm exec tsx bench/wall/commands.ts', error: 'boom' },
      ],
      command: 'pnpm bench',
      tiny: false,
      full: true,
    });
    expect(text).toContain(noteFor('clients.call.voice-create-call', 'raw-fetch')?.why);
    expect(text).toContain('**no note in bench/notes.ts for `demo.speed` vs `rival`**');
    expect(text).toContain('**Failed in this run:**');
    expect(text).toContain('| some-tool | 1.2.3 |');
    expect(text).toContain('Test CPU, 2 cores');
  });
});

describe('section problems', () => {
  it('accepts a well-formed section', () => {
    expect(sectionProblems(section([figure()]))).toEqual([]);
  });

  it('rejects a value that is not a number, a wrong median, a duplicate id and a foreign prefix', () => {
    const broken = section([
      figure({ ours: { key: 'ours', tool: 'ours', sample: { median: Number.NaN, runs: [Number.NaN] } } }),
      figure({ comparisons: [{ key: 'rival', tool: 'rival', sample: { median: 7, runs: [1, 2, 3] } }] }),
      figure({ id: 'other.thing' }),
      figure({ id: 'demo.empty', ours: { key: 'ours', tool: 'ours', sample: { median: 1, runs: [] } } }),
    ]);
    expect(sectionProblems(broken)).toEqual([
      'demo: figure demo.speed: ours has a value that is not a finite number',
      'demo: figure demo.speed: id used twice',
      'demo: figure demo.speed: comparison rival median is not the median of its runs',
      'demo: figure other.thing: id must start with "demo."',
      'demo: figure demo.empty: ours has no runs',
    ]);
    expect(sectionProblems(section([]))).toEqual(['demo: no figures']);
  });
});

describe('notes', () => {
  it('match by pattern and say both why and what would close the gap', () => {
    expect(noteFor('contract-check.json.1', 'ajv-floor')).toBeDefined();
    expect(noteFor('contract-check.xml.64', 'prism-proxy')).toBeDefined();
    expect(noteFor('contract-check.json.1', 'prism-proxy')).toBeUndefined();
    for (const note of notes) {
      expect(note.why.length, note.figure).toBeGreaterThan(40);
      expect(note.close.length, note.figure).toBeGreaterThan(20);
    }
  });
});
