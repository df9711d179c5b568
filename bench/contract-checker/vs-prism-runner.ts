/**
 * What a tool of vs-prism-worker.ts hands back (the JSON line `vs-prism.ts` reads), the runner every tool
 * provides, and the contract checker's runner.
 */
import { join } from 'node:path';
import { loadContracts } from '@svc-contracts/contract-checker';
import { type BenchEntry, repoRoot, type Subset } from './vs-prism-entries.ts';

export const configPath = join(repoRoot, 'redocly.yaml');
/**
 * `ours-cold`: the checker without its set-up cache (`cache: false`): its set-up, then one pass over every
 * entry (the time to the first report from a new process), nothing timed beyond it.
 * `ours-from-import`, `prism-from-import`: a tool's cold set-up timed from before its import, in a plain
 * Node process of its own (vs-prism-cold-start.mjs), nothing else.
 * `paired`: the checker and the floors in one process, on the JSON entries, in alternating slices.
 */
export type Tool =
  | 'ours'
  | 'ours-cold'
  | 'ours-from-import'
  | 'prism-proxy'
  | 'prism-replay'
  | 'prism-from-import'
  | 'floor'
  | 'floor-both'
  | 'floor-json'
  | 'paired';

/** The tools whose set-up is timed from before their import (vs-prism-cold-start.mjs). */
export const fromImportTools = ['ours-from-import', 'prism-from-import'] as const;
export type FromImportTool = (typeof fromImportTools)[number];

/** The tools `paired` times side by side. */
export const pairedTools = ['ours', 'floor', 'floor-both', 'floor-json'] as const;
export type PairedTool = (typeof pairedTools)[number];

export interface Measurement {
  subset: Subset;
  inFlight: number;
  /** Entries per timed pass (the subset's size). */
  entries: number;
  /** Passes over the subset, one per round. */
  passes: number[];
  /** Entries per second, one per round. */
  rates: number[];
}

/** What a tool said about one entry (from one untimed pass). */
export interface EntryFinding {
  id: number;
  /** Ours: rule codes of every request problem; Prism: input diagnostics (errors only). */
  request: string[];
  /** Ours: rule codes that fail the entry; Prism: output diagnostics; floor: Ajv errors. */
  response: string[];
  /** Ours: the verdict. Prism: `error: ...` when it could not answer. */
  note?: string;
}

export interface WorkerResult {
  tool: Tool;
  loadMs: number;
  /**
   * `*-from-import`: milliseconds from before the tool's first import (`await import(...)` in a process
   * that has imported nothing of it) to its set-up done; `loadMs` is then the part after the imports.
   */
  fromImportMs?: number;
  /**
   * Milliseconds from the start of the process (`performance.now()`: its imports, the set-up, and what a
   * tool compiles on first use included) to the end of its first pass over every entry it is measured on.
   */
  firstPassMs?: number;
  peakRssMb: number;
  measurements: Measurement[];
  findings: EntryFinding[];
  /** Floor: JSON entries whose response body was actually parsed and validated. */
  validatedBodies?: number;
  /** `paired`: entries per second of each tool on the JSON entries, 1 in flight, one per round. */
  paired?: Record<PairedTool, number[]>;
  /** `paired`: what each floor found on the JSON entries, and how many bodies it validates. */
  floors?: Record<FloorTool, { findings: EntryFinding[]; validatedBodies: number }>;
}

export type FloorTool = Exclude<PairedTool, 'ours'>;
/** The floors, in the order the results list them. */
export const floorTools: FloorTool[] = ['floor', 'floor-both', 'floor-json'];
export function isFloor(tool: Tool): tool is FloorTool {
  return (floorTools as Tool[]).includes(tool);
}

/** A check answers at once when it has nothing to wait for; the harness awaits only a promise. */
export type Check = (entry: BenchEntry) => Promise<undefined> | undefined;

export interface Runner {
  loadMs: number;
  /** Subsets the tool is measured on, and at which numbers in flight. */
  plan: Array<{ subset: Subset; inFlight: number }>;
  check: Check;
  find(entry: BenchEntry): Promise<EntryFinding>;
  validatedBodies?: number;
  close(): Promise<void>;
}

/** The subsets and numbers in flight a tool is measured on, unless it cannot. */
export const fullPlan: Array<{ subset: Subset; inFlight: number }> = [
  { subset: 'json', inFlight: 1 },
  { subset: 'xml', inFlight: 1 },
  { subset: 'all', inFlight: 1 },
  { subset: 'xml', inFlight: 64 },
  { subset: 'all', inFlight: 64 },
];

/** The checker as a runner: with its set-up cache (filled beforehand by vs-prism.ts), or `cache: false`. */
export async function oursRunner(cache = true): Promise<Runner> {
  const start = performance.now();
  const contracts = await loadContracts({ configPath, ...(cache ? {} : { cache: false }) });
  const loadMs = performance.now() - start;
  if (contracts.problems.length > 0) throw new Error(`spec problems:\n${contracts.problems.join('\n')}`);
  return {
    loadMs,
    plan: fullPlan,
    // `checkExchangeNow`: a JSON entry's verdict comes back at once, only XML entries are awaited.
    check(entry) {
      const verdict = contracts.checkExchangeNow(entry.request, entry.response);
      return verdict instanceof Promise ? verdict.then(() => undefined) : undefined;
    },
    async find(entry) {
      const result = await contracts.checkExchangeNow(entry.request, entry.response);
      return {
        id: entry.id,
        request: result.requestViolations.map((violation) => violation.rule),
        response: result.violations.map((violation) => violation.rule),
        note: result.verdict,
      };
    },
    close: () => contracts.close(),
  };
}
