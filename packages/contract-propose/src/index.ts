import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { bundleSpecs, listServices } from '@svc-contracts/contract-model';
import { stringify } from 'yaml';
import {
  defaultThresholds,
  type OverlayAction,
  type Proposal,
  proposalsOf,
  type Thresholds,
  type Unsettled,
} from './proposals.js';
import { addShards, type RunIdentity, talliesText } from './shards.js';
import { type JudgedMatch, type JudgedResponse, Tallies } from './tally.js';

export * from './proposals.js';
export type { RunIdentity } from './shards.js';
export { type JudgedMatch, type JudgedResponse, Tallies } from './tally.js';

/** The options of `contract-check --propose` (node:util `parseArgs`). */
export const proposeOptions = {
  propose: { type: 'string' },
  'propose-min-entries': { type: 'string' },
  'propose-max-values': { type: 'string' },
  'propose-min-share': { type: 'string' },
  // `merge`: the tallies each shard's `--propose` wrote (`<name>.tallies.json`), added up.
  'propose-from': { type: 'string', multiple: true },
} as const;

/** Thresholds from the parsed `--propose-min-entries`, `--propose-max-values` and `--propose-min-share`. */
export function thresholdsFrom(options: Partial<Record<string, unknown>>): Thresholds {
  const read = (name: string, whole: boolean, fallback: number): number => {
    const text = options[`propose-${name}`];
    if (typeof text !== 'string') return fallback;
    const value = Number(text);
    if (whole ? Number.isSafeInteger(value) && value >= 1 : value > 0 && value <= 1) return value;
    const wanted = whole ? 'a whole number above 0' : 'a share above 0 and at most 1';
    throw new Error(`--propose-${name} takes ${wanted}, not "${text}"`);
  };
  return {
    minEntries: read('min-entries', true, defaultThresholds.minEntries),
    maxValues: read('max-values', true, defaultThresholds.maxValues),
    minShare: read('min-share', false, defaultThresholds.minShare),
  };
}

/** An Overlay 1.0 document: one service's proposals, for its bundled document (`extends`). */
export interface OverlayDocument {
  overlay: '1.0.0';
  info: { title: string; version: string };
  extends?: string;
  'x-tallies'?: string; // a shard's tallies beside it, for `contract-check merge --propose-from`
  actions: OverlayAction[];
}

export interface ProposalResult {
  proposals: Proposal[];
  unsettled: Unsettled[];
  overlays: Map<string, OverlayDocument>;
  /** For people: a line per proposal, one for what was not settled. */
  summary: string;
}

/** Counts judged exchanges and turns them into proposals to review. */
export class Proposer {
  readonly tallies: Tallies;
  /** `readme`: the text of specs/README.md, whose "left open" lines the proposals name. */
  constructor(
    documents: ReadonlyMap<string, unknown>,
    readonly thresholds: Thresholds = defaultThresholds,
    private readonly readme = '',
  ) {
    this.tallies = new Tallies(documents);
  }

  /** The services of a redocly.yaml, bundled as the checker bundles them; thresholds from `--propose-*`. */
  static async load(configPath: string, options: Partial<Record<string, unknown>> = {}): Promise<Proposer> {
    const thresholds = thresholdsFrom(options);
    const { specs } = await bundleSpecs(listServices(configPath), { configPath });
    const readmePath = join(dirname(configPath), 'specs', 'README.md');
    const readme = existsSync(readmePath) ? readFileSync(readmePath, 'utf8') : '';
    return new Proposer(new Map(specs.map((spec) => [spec.name, spec.document])), thresholds, readme);
  }

  /** The checker's observer: an entry that passed or was refused as expected counts. */
  readonly observeEntry = (
    entry: { verdict: string; match?: JudgedMatch; position?: number },
    exchange: { response: JudgedResponse },
  ): void => {
    if (entry.match && (entry.verdict === 'conforms' || entry.verdict === 'rejected-as-expected'))
      this.tallies.observe(entry.match, exchange.response, entry.position);
  };

  result(): ProposalResult {
    const { proposals, unsettled } = proposalsOf(this.tallies, this.thresholds);
    const lines = this.readme.split('\n');
    const overlays = new Map<string, OverlayDocument>();
    for (const p of proposals) {
      const title = `${p.service}: what judged traffic shows where the contract leaves points open`;
      const overlay = overlays.get(p.service) ?? {
        overlay: '1.0.0',
        info: { title, version: '0.0.0' },
        extends: `dist/specs/${p.service}.yaml`,
        actions: [],
      };
      overlays.set(p.service, overlay);
      const evidence = `${p.seen}; ${p.entries} entries; ${settles(lines, p)}`;
      for (const action of p.actions)
        overlay.actions.push({ ...action, description: `${action.description}: ${evidence}` });
    }
    const t = this.thresholds;
    const out = [
      `Proposals: ${proposals.length} from ${this.tallies.judged} judged entries (review each; none is applied): at least ${t.minEntries} entries, at most ${t.maxValues} enum values, share ${t.minShare}`,
      ...proposals.map(
        (p) =>
          `  ${p.kind.padEnd(8)} ${p.service} ${p.at}: ${p.seen} (${p.entries} entries${p.example ? `; e.g. ${p.example}` : ''}; ${settles(lines, p)}; x-source ${p.sources.join(', ')})`,
      ),
    ];
    const why = new Map<string, number>();
    for (const u of unsettled) why.set(u.why, (why.get(u.why) ?? 0) + 1);
    if (unsettled.length > 0)
      out.push(
        `  not settled: ${unsettled.length} open points seen (${[...why].map(([w, n]) => `${n} ${w}`).join('; ')})`,
      );
    return { proposals, unsettled, overlays, summary: `${out.join('\n')}\n` };
  }

  /** Writes the overlay (YAML for `.yaml`/`.yml`, else JSON): `file`, or `<name>.<service><ext>` per service;
   * for a shard also its tallies, `<name>.tallies.json`, which the overlay names. */
  write(file: string, run: RunIdentity = {}): ProposalResult & { files: string[] } {
    const result = this.result();
    const ext = extname(file);
    const none: OverlayDocument = {
      overlay: '1.0.0',
      info: { title: 'no proposal', version: '0.0.0' },
      actions: [],
    };
    const overlays = result.overlays.size > 0 ? result.overlays : new Map([['', none]]);
    const sidecar = run.shard && join(dirname(file), `${basename(file, ext)}.tallies.json`);
    if (sidecar) writeFileSync(sidecar, talliesText(this.tallies, run));
    const files = [...overlays].map(([service, overlay]) => {
      if (sidecar) overlay['x-tallies'] = basename(sidecar);
      const path = overlays.size > 1 ? join(dirname(file), `${basename(file, ext)}.${service}${ext}`) : file;
      const yaml = /\.ya?ml$/i.test(ext);
      writeFileSync(path, yaml ? stringify(overlay, { lineWidth: 0 }) : JSON.stringify(overlay, null, 2));
      return path;
    });
    const also = sidecar ? ` (tallies for merge: ${sidecar})` : '';
    return { ...result, files, summary: `${result.summary}  overlay: ${files.join(', ')}${also}\n` };
  }
}

/** `contract-check merge --propose FILE --propose-from SHARD_FILE...`: the run's proposals; its summary. */
export async function mergeProposals(configPath: string, options: Partial<Record<string, unknown>>) {
  const from = Array.isArray(options['propose-from']) ? options['propose-from'].map(String) : [];
  if (from.length === 0) throw new Error('--propose: give the tallies of every shard with --propose-from');
  const proposer = await Proposer.load(configPath, options);
  addShards(proposer.tallies, from);
  return proposer.write(String(options.propose)).summary;
}

const keyword: Record<Proposal['kind'], (name: string) => RegExp> = {
  enum: (name) => new RegExp(`\`${name}\``),
  format: (name) => new RegExp(`\`${name}\``),
  required: () => /required|always present/i,
  'not-null': (name) => new RegExp(`\`${name}\`|nullab`, 'i'),
  body: (code) => new RegExp(`\\b${code}\\b[^:]*\\bbod(y|ies)|error statuses and bodies`, 'i'),
};

/** The line of specs/README.md's "What the source leaves open" list that the proposal would settle. */
function settles(lines: string[], p: Proposal): string {
  const start = lines.findIndex((line) => line.startsWith('### What the source leaves open'));
  const name = p.kind === 'body' ? (p.code ?? '') : p.at.slice(p.at.lastIndexOf('/') + 1);
  const words = keyword[p.kind](name.replace(/[^\w-]/g, ''));
  const service = new RegExp(`^- [^:]*\\b${p.service}\\b`, 'i');
  for (let i = start + 1; start >= 0 && i < lines.length && !lines[i]?.startsWith('#'); i++)
    if (service.test(lines[i] ?? '') && words.test(lines[i] ?? '')) return `settles specs/README.md:${i + 1}`;
  return 'no line of specs/README.md names it';
}
