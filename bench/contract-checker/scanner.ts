// The HAR reader of @svc-contracts/har (its own streaming scanner of `log.entries` + JSON.parse per entry)
// against the streaming JSON libraries a HAR reader would otherwise use, on the same file: part of the
// `contract-check-scale` section (scale.ts). Each run is a process of its own (read-entries.mjs) that reads
// every entry as a value and checks nothing; the readers alternate run by run so that the machine's load
// falls on all alike.
import { fileURLToPath } from 'node:url';
import { type CompareTool, missingReason, pinnedVersion } from '../lib/compare-tools.ts';
import { type Figure, type Measured, measured, type NotMeasured } from '../lib/section.ts';
import { measure } from '../lib/timed-run.ts';

const script = fileURLToPath(new URL('./read-entries.mjs', import.meta.url));

interface Reader {
  /** read-entries.mjs's name for it, also the comparison's key. */
  key: 'ours' | 'streamparser-json' | 'stream-json';
  tool: string;
  library?: CompareTool;
}

const readers: Reader[] = [
  { key: 'ours', tool: '@svc-contracts/har RecordingSplitter + JSON.parse per entry' },
  {
    key: 'streamparser-json',
    tool: `@streamparser/json ${pinnedVersion('@streamparser/json')} JSONParser, paths $.log.entries.*`,
    library: '@streamparser/json',
  },
  {
    key: 'stream-json',
    tool: `stream-json ${pinnedVersion('stream-json')} parser + pick + streamArray`,
    library: 'stream-json',
  },
];

/** Seconds and peak RSS of each reader on `file`, `runs` times; a reader that cannot run is `NotMeasured`. */
export async function measureReaders(
  file: string,
  runs: number,
): Promise<Map<Reader['key'], { seconds: number[]; rssMb: number[] } | NotMeasured>> {
  const results = new Map<Reader['key'], { seconds: number[]; rssMb: number[] } | NotMeasured>();
  for (const reader of readers) {
    const missing = reader.library ? missingReason(reader.library) : undefined;
    results.set(
      reader.key,
      missing
        ? { key: reader.key, tool: reader.tool, status: 'unavailable', reason: missing }
        : { seconds: [], rssMb: [] },
    );
  }
  for (let at = 0; at < runs; at++) {
    for (const reader of readers) {
      const result = results.get(reader.key);
      if (!result || 'status' in result) continue;
      const run = await measure([script, reader.key, file]);
      if (!run.ok) {
        results.set(reader.key, {
          key: reader.key,
          tool: reader.tool,
          status: 'unavailable',
          reason: run.tail,
        });
        continue;
      }
      result.seconds.push(run.seconds);
      result.rssMb.push(run.rssMb);
    }
  }
  return results;
}

/** The figure: seconds to read every entry of `mb` MB of HAR, ours against the libraries. */
export function readerFigure(
  mb: number,
  entries: number,
  results: Awaited<ReturnType<typeof measureReaders>>,
): Figure | undefined {
  const ours = results.get('ours');
  if (!ours || 'status' in ours) return undefined;
  const comparisons: Array<Measured | NotMeasured> = readers
    .filter((reader) => reader.key !== 'ours')
    .map((reader) => {
      const result = results.get(reader.key);
      if (!result) throw new Error(`no result for ${reader.key}`);
      return 'status' in result ? result : measured(reader.key, reader.tool, result.seconds);
    });
  const rss = [...results.entries()]
    .filter((pair): pair is [Reader['key'], { seconds: number[]; rssMb: number[] }] => !('status' in pair[1]))
    .map(([key, result]) => `${key} ${Math.max(...result.rssMb).toFixed(0)} MB`)
    .join(', ');
  return {
    id: `contract-check-scale.scanner.har.${mb}`,
    label: `seconds reading every entry of ${mb.toLocaleString('en-US')} MB of HAR as a value (nothing checked)`,
    unit: 's',
    better: 'lower',
    ours: measured('ours', readers[0]?.tool ?? 'ours', ours.seconds),
    comparisons,
    detail: `${entries.toLocaleString('en-US')} entries, a new process per run (its start included), the readers alternating; peak RSS ${rss}`,
  };
}
