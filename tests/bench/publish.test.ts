// Which runs may replace the committed results, and that the committed report is the render of the
// committed record (so bench/RESULTS.md is neither hand-edited nor left behind when a note changes).
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publish, recordFile, recordFileFor, resultsFile, staleReport } from '../../bench/lib/publish.ts';
import { assess, type RunRecord, renderReport } from '../../bench/lib/report.ts';
import { measured } from '../../bench/lib/section.ts';
import { demoSection, testMachine } from './fixtures.ts';

const scratch = mkdtempSync(join(tmpdir(), 'bench-publish-'));

function record(overrides: Partial<RunRecord> = {}, ours = 100): RunRecord {
  return {
    machine: testMachine,
    versions: {},
    sections: [
      demoSection(
        [
          {
            id: 'demo.speed',
            label: 'speed',
            unit: 'req/s',
            better: 'higher',
            ours: measured('ours', 'ours', [ours]),
            comparisons: [measured('rival', 'rival', [50])],
          },
        ],
        'Demo',
      ),
    ],
    failed: [],
    command: 'pnpm bench',
    tiny: false,
    full: true,
    ...overrides,
  };
}

describe('staleReport', () => {
  const quiet = () => {};
  it('is silent when the report is what its record renders to, or when there is nothing to compare', () => {
    const out = join(scratch, 'current.md');
    publish(record(), { out, writeRecord: true, log: quiet });
    expect(staleReport(out)).toBeUndefined();
    expect(staleReport(join(scratch, 'never-written.md'))).toBeUndefined();
  });

  it('names the report and its record when they no longer agree (a note changed since the run)', () => {
    const out = join(scratch, 'stale.md');
    publish(record(), { out, writeRecord: true, log: quiet });
    appendFileSync(out, '\nan edit by hand\n');
    expect(staleReport(out)).toMatch(/stale\.md is not what .*stale\.json renders to/);
  });
});

describe('publish', () => {
  const quiet = () => {};
  it('writes the report and, for a run, its record next to it', () => {
    const out = join(scratch, 'complete.md');
    expect(publish(record(), { out, writeRecord: true, log: quiet })).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('## Demo');
    expect(JSON.parse(readFileSync(recordFileFor(out), 'utf8')).sections[0].id).toBe('demo');
  });

  it('fails a run in which a figure loses without a note, or a section failed', () => {
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    expect(publish(record({}, 10), { out: join(scratch, 'lost.md'), writeRecord: false, log })).toBe(1);
    expect(lines.join('\n')).toContain('loses without a note: demo.speed vs rival');
    const failed = record({
      failed: [{ id: 'wall', title: 'Wall', command: 'x', error: 'pnpm test exited with 1' }],
    });
    expect(publish(failed, { out: join(scratch, 'failed.md'), writeRecord: false, log })).toBe(1);
    expect(lines.join('\n')).toContain('section failed: wall: pnpm test exited with 1');
  });

  it('lets a tiny run lose without notes (its figures are noise) but not fail a section', () => {
    const out = join(scratch, 'tiny.md');
    expect(publish(record({ tiny: true, full: false }, 10), { out, writeRecord: false, log: quiet })).toBe(0);
    const failed = record({
      tiny: true,
      full: false,
      failed: [{ id: 'x', title: 'X', command: 'x', error: 'boom' }],
    });
    expect(publish(failed, { out, writeRecord: false, log: quiet })).toBe(1);
  });
});

describe('an optimisation of bench/notes.ts `kept`', () => {
  const setup = (warm: number) =>
    demoSection(
      [
        {
          id: 'contract-check.setup',
          label: 'set-up',
          unit: 'ms',
          better: 'lower',
          ours: measured('ours', 'ours', [warm]),
          comparisons: [],
        },
        {
          id: 'contract-check.setup-cold',
          label: 'set-up without the cache',
          unit: 'ms',
          better: 'lower',
          ours: measured('ours', 'ours', [2000]),
          comparisons: [],
        },
      ],
      'Set-up',
    );

  it('is justified by its figure in the run, and printed with its gain', () => {
    const run = record({ sections: [setup(80)] });
    expect(assess(run.sections, []).unjustified).toEqual([]);
    const text = renderReport(run);
    expect(text).toContain('## Optimisations kept, and the figure that justifies each');
    expect(text).toMatch(/set-up cache.*`contract-check.setup` \| 80\.0 ms \| 2,000 ms \| 25× better \|/);
    // Not in this run (another section): said so, not judged.
    expect(text).toContain('| not measured in this run |');
  });

  it('fails a complete run in which it shows no gain', () => {
    const run = record({ sections: [setup(1990)] });
    expect(assess(run.sections, []).unjustified).toEqual([expect.stringContaining('set-up cache')]);
    expect(renderReport(run)).toContain('**no gain, remove it or say why it stays**');
    const out = join(scratch, 'unjustified.md');
    expect(publish(run, { out, writeRecord: false, log: () => {} })).toBe(1);
  });
});

describe('the committed results', () => {
  it('are one complete run, and RESULTS.md is exactly its render with the current notes', () => {
    expect(existsSync(recordFile), 'bench/RESULTS.json').toBe(true);
    const committed = JSON.parse(readFileSync(recordFile, 'utf8')) as RunRecord;
    expect(committed.full).toBe(true);
    expect(committed.tiny).toBe(false);
    expect(assess(committed.sections, committed.failed)).toEqual({
      missingNotes: [],
      unjustified: [],
      unavailable: [],
      failed: [],
    });
    expect(committed.sections.map((section) => section.id)).toEqual([
      'contract-check',
      'contract-check-scale',
      'contract-check-remembered',
      'xsd',
      'clients',
      'mocks',
      'mocks-hostile',
      'dev',
      'wall',
    ]);
    // Stale after a change to bench/notes.ts or the renderer: `pnpm bench --render`.
    expect(readFileSync(resultsFile, 'utf8')).toBe(renderReport(committed));
  });
});
