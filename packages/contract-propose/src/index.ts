import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { bundleSpecs, listServices } from '@svc-contracts/contract-model';
import { stringify } from 'yaml';
import {
  defaultThresholds,
  type Proposal,
  proposalsOf,
  type Thresholds,
  type Unsettled,
} from './proposals.js';
import { type JudgedExchange, Tallies } from './tally.js';

export {
  defaultThresholds,
  jsonPath,
  maskExample,
  type OverlayAction,
  type Proposal,
  type ProposalKind,
  proposalsOf,
  type Thresholds,
  type Unsettled,
} from './proposals.js';
export { type JudgedExchange, responseKeyOf, Tallies } from './tally.js';

/** What the checker reports of an entry (its verdict, the operation it matched). */
export interface JudgedEntry {
  verdict: string;
  match?: { service: string; method: string; pathTemplate: string };
}

export interface JudgedResponse {
  status: number;
  headers: ReadonlyArray<{ name: string; value: string }>;
  body?: string;
}

/** The CLI options of `contract-check --propose` (node:util parseArgs). */
export const proposeOptions = {
  propose: { type: 'string' },
  'propose-min-entries': { type: 'string' },
  'propose-max-values': { type: 'string' },
  'propose-min-share': { type: 'string' },
} as const;

/** Thresholds from the parsed `--propose-min-entries`, `--propose-max-values`, `--propose-min-share` texts. */
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

/** The Overlay 1.0 document of one service's proposals. */
export interface OverlayDocument {
  overlay: '1.0.0';
  info: { title: string; version: string };
  /** The bundled document it applies to (`pnpm bundle` writes it). */
  extends?: string;
  actions: Array<{ target: string; description?: string; update?: unknown; remove?: boolean }>;
}

/** The outcome: one overlay per service with proposals, the summary for people. */
export interface ProposalResult {
  proposals: Proposal[];
  unsettled: Unsettled[];
  overlays: Map<string, OverlayDocument>;
  summary: string;
}

/** Counts judged exchanges and turns them into reviewed proposals. */
export class Proposer {
  readonly tallies: Tallies;
  constructor(
    documents: ReadonlyMap<string, unknown>,
    readonly thresholds: Thresholds = defaultThresholds,
    /** The text of specs/README.md, whose "left open" lines the proposals name. */
    private readonly readme = '',
  ) {
    this.tallies = new Tallies(documents);
  }

  /** The documents of a redocly.yaml's services, bundled as the checker bundles them. */
  static async load(configPath: string, options: Partial<Record<string, unknown>> = {}): Promise<Proposer> {
    const thresholds = thresholdsFrom(options);
    const { specs } = await bundleSpecs(listServices(configPath), { configPath });
    const readmePath = join(dirname(configPath), 'specs', 'README.md');
    const readme = existsSync(readmePath) ? readFileSync(readmePath, 'utf8') : '';
    const documents = new Map(specs.map((spec) => [spec.name, spec.document as unknown]));
    return new Proposer(documents, thresholds, readme);
  }

  observe(exchange: JudgedExchange): void {
    this.tallies.observe(exchange);
  }

  /** The checker's observer: an entry that passed or was refused as expected, with its exchange. */
  readonly observeEntry = (entry: JudgedEntry, exchange: { response: JudgedResponse }): void => {
    if (!entry.match || (entry.verdict !== 'conforms' && entry.verdict !== 'rejected-as-expected')) return;
    const { headers, body } = exchange.response;
    this.tallies.observe({
      ...entry.match,
      status: exchange.response.status,
      responseHeaders: headers,
      ...(body === undefined ? {} : { responseBody: body }),
    });
  };

  result(): ProposalResult {
    const { proposals, unsettled } = proposalsOf(this.tallies, this.thresholds);
    const lines = this.readme.split('\n');
    const overlays = new Map<string, OverlayDocument>();
    for (const proposal of proposals) {
      let overlay = overlays.get(proposal.service);
      if (!overlay) {
        overlay = {
          overlay: '1.0.0',
          info: {
            title: `${proposal.service}: what judged traffic shows where the contract leaves points open`,
            version: '0.0.0',
          },
          extends: `dist/specs/${proposal.service}.yaml`,
          actions: [],
        };
        overlays.set(proposal.service, overlay);
      }
      const evidence = `${proposal.seen}; ${proposal.entries} entries; ${settles(lines, proposal)}`;
      for (const action of proposal.actions)
        overlay.actions.push({ ...action, description: `${action.description}: ${evidence}` });
    }
    return { proposals, unsettled, overlays, summary: this.summary(proposals, unsettled, lines) };
  }

  /** Writes the overlay(s): `file` for one service, `<name>.<service><ext>` beside it for several. */
  write(file: string): ProposalResult & { files: string[] } {
    const result = this.result();
    const files: string[] = [];
    const ext = extname(file);
    const many = result.overlays.size > 1;
    const overlays = result.overlays.size === 0 ? new Map([['', emptyOverlay()]]) : result.overlays;
    for (const [service, overlay] of overlays) {
      const path = many ? join(dirname(file), `${basename(file, ext)}.${service}${ext}`) : file;
      const text = /\.ya?ml$/i.test(ext)
        ? stringify(overlay, { lineWidth: 0 })
        : `${JSON.stringify(overlay, null, 2)}\n`;
      writeFileSync(path, text);
      files.push(path);
    }
    return { ...result, files, summary: `${result.summary}  overlay: ${files.join(', ')}\n` };
  }

  private summary(proposals: Proposal[], unsettled: Unsettled[], lines: string[]): string {
    const t = this.thresholds;
    const out = [
      `Proposals: ${proposals.length} from ${this.tallies.judged} judged entries (review each; none is applied): at least ${t.minEntries} entries, at most ${t.maxValues} enum values, share ${t.minShare}`,
    ];
    for (const p of proposals)
      out.push(
        `  ${p.kind.padEnd(8)} ${p.service} ${p.at}: ${p.seen} (${p.entries} entries${p.example ? `; e.g. ${p.example}` : ''}; ${settles(lines, p)}; x-source ${p.sources.join(', ') || '-'})`,
      );
    if (unsettled.length > 0) {
      const why = new Map<string, number>();
      for (const u of unsettled) why.set(u.why, (why.get(u.why) ?? 0) + 1);
      out.push(
        `  not settled: ${unsettled.length} open points seen (${[...why].map(([reason, n]) => `${n} ${reason}`).join('; ')})`,
      );
    }
    return `${out.join('\n')}\n`;
  }
}

function emptyOverlay(): OverlayDocument {
  return {
    overlay: '1.0.0',
    info: { title: 'no proposal: traffic settled no open point', version: '0.0.0' },
    actions: [],
  };
}

/** The line of specs/README.md's "left open" list that the proposal would settle. */
function settles(lines: string[], proposal: Proposal): string {
  const start = lines.findIndex((line) => /^### What the source leaves open/.test(line));
  if (start < 0) return 'specs/README.md: -';
  const name =
    proposal.kind === 'body'
      ? (proposal.code ?? '')
      : proposal.at
          .slice(proposal.at.lastIndexOf('/') + 1)
          .replace(/~1/g, '/')
          .replace(/~0/g, '~');
  const service = new RegExp(`^- [^:]*\\b${proposal.service}\\b`, 'i');
  const words: Record<string, RegExp> = {
    enum: new RegExp(`\`${escapeRegExp(name)}\``),
    format: new RegExp(`\`${escapeRegExp(name)}\``),
    required: /required|always present/i,
    'not-null': new RegExp(`\`${escapeRegExp(name)}\`|nullab`, 'i'),
    body: new RegExp(`\\b${name}\\b[^:]*\\bbod(y|ies)`, 'i'),
  };
  for (let i = start + 1; i < lines.length && !/^#/.test(lines[i] ?? ''); i++) {
    const line = lines[i] ?? '';
    if (service.test(line) && words[proposal.kind]?.test(line)) return `settles specs/README.md:${i + 1}`;
  }
  return 'specs/README.md: no line names it';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
