/**
 * The results of bench/contract-checker/vs-prism.ts read together: every process's result pooled per
 * tool (the rates of every round of every process), the floors as rows of their own, and what each tool
 * found on a subset of the entries.
 */
import { median } from '../lib/section.ts';
import { type BenchEntry, type Subset, subsetOf } from './vs-prism-entries.ts';
import {
  type EntryFinding,
  floorTools,
  isFloor,
  type Measurement,
  type PairedTool,
  type Tool,
  type WorkerResult,
} from './vs-prism-runner.ts';

export const format = (value: number): string => Math.round(value).toLocaleString('en-US');
export const subsetName: Record<Subset, string> = { json: 'JSON', xml: 'XML', all: 'all' };

export type RunView = ReturnType<typeof viewOfRun>;

/** `runsByTool`: every process's result per tool, in the order run. */
export function viewOfRun(entries: BenchEntry[], runsByTool: Map<Tool, WorkerResult[]>) {
  /** One result per tool: the first process's findings, the rates of every round of every process. */
  function pooled(list: WorkerResult[]): WorkerResult {
    const [first] = list as [WorkerResult];
    return {
      ...first,
      loadMs: median(list.map((result) => result.loadMs)),
      ...(first.firstPassMs === undefined
        ? {}
        : { firstPassMs: median(list.map((result) => result.firstPassMs ?? Number.NaN)) }),
      peakRssMb: median(list.map((result) => result.peakRssMb)),
      measurements: first.measurements.map((measurement) => {
        const same = list.flatMap((result) =>
          result.measurements.filter(
            (other) => other.subset === measurement.subset && other.inFlight === measurement.inFlight,
          ),
        );
        return {
          ...measurement,
          rates: same.flatMap((other) => other.rates),
          passes: same.flatMap((other) => other.passes),
        };
      }),
    };
  }
  const results = new Map<Tool, WorkerResult>([...runsByTool].map(([tool, list]) => [tool, pooled(list)]));

  /** The rates of one tool of the `paired` processes, every round of every process. */
  function pairedRatesOf(tool: PairedTool): number[] {
    return (runsByTool.get('paired') ?? []).flatMap((result) => result.paired?.[tool] ?? []);
  }
  const pairedJson = (tool: PairedTool): Measurement => ({
    subset: 'json',
    inFlight: 1,
    entries: subsetOf(entries, 'json').length,
    passes: [],
    rates: pairedRatesOf(tool),
  });
  // The floors as rows of their own: their rates from the paired processes, their findings from the first.
  for (const tool of floorTools) {
    const first = runsByTool.get('paired')?.[0]?.floors?.[tool];
    if (!first) continue;
    results.set(tool, {
      tool,
      loadMs: 0,
      peakRssMb: 0,
      measurements: [pairedJson(tool)],
      findings: first.findings,
      validatedBodies: first.validatedBodies,
    });
  }

  function findingsIn(result: WorkerResult | undefined, subset: Subset): EntryFinding[] {
    const ids = new Set(subsetOf(entries, subset).map((entry) => entry.id));
    return (result?.findings ?? []).filter((finding) => ids.has(finding.id));
  }

  function foundText(tool: Tool, subset: Subset): string {
    const findings = findingsIn(results.get(tool), subset);
    if (tool === 'ours') {
      const request = findings.filter((finding) => finding.request.length > 0).length;
      const failing = findings.filter((finding) => finding.note === 'violation').length;
      return `${request} bad requests (all refused as documented); ${failing} entries failing`;
    }
    if (isFloor(tool)) {
      const failing = findings.filter((finding) => finding.request.length + finding.response.length > 0);
      return `${failing.length} entries with a body failing`;
    }
    const request = findings.filter((finding) => finding.request.length > 0).length;
    const response = findings.filter((finding) => finding.response.length > 0).length;
    const errors = findings.filter((finding) => finding.note?.startsWith('error')).length;
    const xml = subset === 'json' ? '' : ' (XML bodies not validated, see below)';
    return `${request} requests, ${response} responses flagged${errors ? `; ${errors} errors` : ''}${xml}`;
  }

  function measurementOf(tool: Tool, subset: Subset, inFlight: number): Measurement | undefined {
    return results
      .get(tool)
      ?.measurements.find(
        (measurement) => measurement.subset === subset && measurement.inFlight === inFlight,
      );
  }

  return {
    entries,
    byId: new Map(entries.map((entry) => [entry.id, entry])),
    runsByTool,
    results,
    pairedRatesOf,
    findingsIn,
    foundText,
    measurementOf,
  };
}
