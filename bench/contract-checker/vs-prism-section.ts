/**
 * The `contract-check` section of bench/RESULTS.md from the pooled results of
 * bench/contract-checker/vs-prism.ts: the checker against Prism and against the floors, its set-up and
 * its memory.
 */
import { type Figure, measured, median, type Section } from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';
import { subsetOf } from './vs-prism-entries.ts';
import { format, type RunView, subsetName } from './vs-prism-results.ts';
import type { PairedTool, Tool, WorkerResult } from './vs-prism-runner.ts';

/** How the run was made, for the method paragraph and the command. */
export interface RunSettings {
  processes: number;
  rounds: number;
  passes: number;
  minMs: number;
  warmMs: number;
  /** Every entry (1) or every n-th. */
  sample: number;
}

export function contractCheckSection(view: RunView, settings: RunSettings, agreementRows: string[]): Section {
  const { entries, results, runsByTool, pairedRatesOf, measurementOf, foundText } = view;
  const { processes, rounds, passes, minMs, warmMs, sample } = settings;
  const pairedOurs = pairedRatesOf('ours');
  const comparedTools: Array<{ tool: Tool; key: string; name: string }> = [
    { tool: 'prism-proxy', key: 'prism-proxy', name: 'Prism 5.12 validating proxy (loopback upstream)' },
    { tool: 'prism-replay', key: 'prism-engine', name: 'Prism 5.12 proxy engine, no HTTP' },
  ];

  /**
   * A floor's rate over the checker's, round by round (each round's rates come from the same slices):
   * the median and the range, which shows how far the host moved the ratio within the run.
   */
  function perRoundRatio(tool: PairedTool): string {
    const floor = pairedRatesOf(tool);
    const ratios = pairedOurs.map((ours, round) => (floor[round] as number) / ours);
    const times = (ratio: number) => `${ratio.toFixed(2)}×`;
    return `${times(median(ratios))} (${times(Math.min(...ratios))}–${times(Math.max(...ratios))})`;
  }

  /** The checker against the floors, timed side by side in the `paired` processes. */
  function floorFigure(): Figure[] {
    if (pairedOurs.length === 0) return [];
    return [
      {
        id: 'contract-check.json.1.floor',
        label: `JSON entries (${subsetOf(entries, 'json').length}), 1 in flight, timed beside the floor in one process`,
        unit: 'entries/s',
        better: 'higher',
        ours: measured('ours', 'contract checker', pairedOurs),
        comparisons: [
          measured('ajv-floor', 'floor: JSON.parse + precompiled Ajv', pairedRatesOf('floor')),
          measured(
            'ajv-floor-both-bodies',
            'floor, both bodies: JSON.parse + precompiled Ajv of request and response',
            pairedRatesOf('floor-both'),
          ),
          measured(
            'ajv-floor-json-documents',
            'floor, every JSON document: both bodies and the JSON query parameters (JSON.parse + precompiled Ajv)',
            pairedRatesOf('floor-json'),
          ),
        ],
        detail: `in alternating slices of about 25 ms, the order of the four rotating; the floor validates ${results.get('floor')?.validatedBodies ?? 0} response bodies, the floor of both bodies ${results.get('floor-both')?.validatedBodies ?? 0} bodies, the floor of every JSON document ${results.get('floor-json')?.validatedBodies ?? 0} documents; the floor's rate over the checker's, round by round (median, range): ${perRoundRatio('floor')} for the response floor, ${perRoundRatio('floor-both')} for both bodies, ${perRoundRatio('floor-json')} for every JSON document`,
      },
    ];
  }

  function throughputFigures(): Figure[] {
    const figures: Figure[] = [];
    for (const measurement of results.get('ours')?.measurements ?? []) {
      const { subset, inFlight } = measurement;
      const comparisons = comparedTools.flatMap(({ tool, key, name }) => {
        const other = measurementOf(tool, subset, inFlight);
        return other ? [measured(key, name, other.rates)] : [];
      });
      figures.push({
        id: `contract-check.${subset}.${inFlight}`,
        label: `${subsetName[subset]} entries (${measurement.entries}), ${inFlight} in flight`,
        unit: 'entries/s',
        better: 'higher',
        ours: measured('ours', 'contract checker', measurement.rates),
        comparisons,
        detail: `contract checker: ${foundText('ours', subset)}; Prism: ${foundText('prism-proxy', subset)}`,
      });
    }
    return figures;
  }

  function resourceFigure(
    id: string,
    label: string,
    unit: 'ms' | 'MB',
    pick: (result: WorkerResult) => number,
    oursTool: Tool = 'ours',
  ): Figure {
    const runsOf = (tool: Tool) => (runsByTool.get(tool) ?? []).map(pick);
    return {
      id,
      label,
      unit,
      better: 'lower',
      ours: measured('ours', 'contract checker', runsOf(oursTool)),
      comparisons: [
        measured('prism-proxy', 'Prism 5.12 validating proxy (loopback upstream)', runsOf('prism-proxy')),
      ],
    };
  }

  /**
   * From a new process to the end of its first pass over every entry, the checker without its set-up
   * cache: what a user waits for the first report on a new machine, imports and first-use compiling
   * included on both sides (Prism compiles its validators on first use, so its set-up figure leaves
   * that out, as it leaves out its imports, which come before its set-up starts).
   */
  function firstPassFigure(): Figure {
    const runsOf = (tool: Tool) =>
      (runsByTool.get(tool) ?? []).map((result) => result.firstPassMs ?? Number.NaN);
    return {
      id: 'contract-check.first-pass-cold',
      label:
        'from a new process to every entry checked once, without the set-up cache (imports, set-up, first checks)',
      unit: 'ms',
      better: 'lower',
      ours: measured('ours', 'contract checker, `cache: false`', runsOf('ours-cold')),
      comparisons: comparedTools.map(({ tool, key, name }) => measured(key, name, runsOf(tool))),
      detail: `${entries.length} entries; each value is one process, timed by the process itself from its start (Node's \`performance.now()\`), its TypeScript loader (tsx) included alike`,
    };
  }

  /**
   * Each tool's cold set-up timed from before its import (vs-prism-cold-start.mjs, plain Node, a process
   * per value): what a user waits for from a cold start before the first entry can be checked. The
   * figure of record for the cold set-up: the after-import figure leaves out Prism's import but not the
   * modules the checker imports inside its set-up.
   */
  function fromImportFigure(): Figure {
    const runsOf = (tool: Tool) =>
      (runsByTool.get(tool) ?? []).map((result) => result.fromImportMs ?? Number.NaN);
    const afterImport = (tool: Tool) =>
      format(median((runsByTool.get(tool) ?? []).map((result) => result.loadMs)));
    return {
      id: 'contract-check.setup-cold-from-import',
      label:
        "cold set-up timed from before the tool's import: imports, then bundle and compile (checker, `cache: false`) or bundle and build the operations (Prism)",
      unit: 'ms',
      better: 'lower',
      ours: measured('ours', 'contract checker, `cache: false`', runsOf('ours-from-import')),
      comparisons: [
        measured(
          'prism-proxy',
          'Prism 5.12 validating proxy (prism-http, prism-core, bundling, operations)',
          runsOf('prism-from-import'),
        ),
      ],
      detail: `each value is one plain Node process (no TypeScript loader), timed from before its first \`await import\` of the tool to its set-up done; the part after the imports (median): contract checker ${afterImport('ours-from-import')} ms, Prism ${afterImport('prism-from-import')} ms`,
    };
  }

  const section: Section = {
    id: 'contract-check',
    title: 'Contract check: recorded traffic against the specs',
    command: `pnpm exec tsx bench/contract-checker/vs-prism.ts --processes ${processes} --rounds ${rounds}`,
    method: `The same ${entries.length} entries for every tool: ${sample === 1 ? 'every entry' : `every ${sample}th entry`} of contract-tests/recordings (${subsetOf(entries, 'json').length} JSON or bodiless, ${subsetOf(entries, 'xml').length} with an XML body), read once with the checker's HAR reader. Each tool runs in its own process, one tool after the other, ${processes} process(es) per tool: one untimed pass recording what it finds, ${warmMs} ms of untimed warm-up, then ${rounds} round(s) of at least ${passes} pass(es) and ${minMs} ms. A figure is the median over every round of every process. Contract checker: \`loadContracts\` once, then \`checkExchangeNow\` per entry (1 in flight, or 64 as \`checkHarFiles\` does by default): a JSON entry's verdict is returned at once, an XML entry's is awaited. The harness awaits only what returns a promise, for every tool; the floor answers at once. Prism proxy: prism-http's \`createInstance\` in proxy mode (request and response validation, security checks, \`errors: false\` so every request is forwarded) on the bundled specs, forwarding to a loopback server that replays the recorded response; Prism engine, no HTTP: the same with the forward step replaced by an in-memory replay. Floor: \`JSON.parse\` of the response body and a precompiled Ajv 2020 validate of its schema, nothing else (${results.get('floor')?.validatedBodies ?? 0} of the JSON entries have such a body); floor, both bodies: the same for the request body as well (${results.get('floor-both')?.validatedBodies ?? 0} JSON bodies with a schema in all), since the checker reads both sides; floor, every JSON document: both bodies and each query parameter the contract declares as \`content: application/json\` that the request sends (the agents \`filters\`), read with \`URLSearchParams\`, parsed and validated the same way (${results.get('floor-json')?.validatedBodies ?? 0} documents). The floors are timed in $processesprocess(es) of their own together with the checker, in alternating slices of about 25 ms (the order of the four rotating from slice to slice; each at least $minMsms per round after $warmMsms of warm-up each), so that the ratio compares work done under the same load: timed in separate processes minutes apart, on a shared machine, the same code's ratio moved by 2x. Set-up and peak RSS: one value per process; the checker's set-up is measured with its set-up cache filled beforehand (every load after the first on a machine), and, in a process of its own, with \`cache: false\` (bundle with Redocly, compile with Ajv); Prism's set-up is timed after its modules are imported and compiles its validators on first use, so two figures are given beside it: the cold set-up timed from before each tool's import (\`await import\` of the tool, then its set-up: for the checker \`loadContracts\` with \`cache: false\`, for Prism the bundling and its operations), in a plain Node process of its own per value (${processes} per tool, the two alternating), and the time from a new process to every entry checked once (imports, set-up and first checks, each tool's own process): for the checker in the \`cache: false\` process, which then checks every entry once and stops.`,
    figures: [
      ...throughputFigures(),
      ...floorFigure(),
      resourceFigure(
        'contract-check.setup',
        'set-up: load and compile the six specs (warm set-up cache)',
        'ms',
        (r) => r.loadMs,
      ),
      resourceFigure(
        'contract-check.setup-cold',
        'set-up without the set-up cache (`cache: false`: bundle and compile)',
        'ms',
        (r) => r.loadMs,
        'ours-cold',
      ),
      fromImportFigure(),
      firstPassFigure(),
      resourceFigure('contract-check.peak-rss', 'peak RSS of the checking process', 'MB', (r) => r.peakRssMb),
    ],
    versions: {
      '@svc-contracts/contract-checker': packageVersion('packages/contract-checker/package.json'),
      '@stoplight/prism-http': packageVersion(
        'packages/mock-server/node_modules/@stoplight/prism-http/package.json',
      ),
      ajv: packageVersion('node_modules/ajv/package.json'),
    },
    findings: [
      'Who found what (the contract checker fails no entry: each conforms or is a bad request refused as documented):',
      agreementRows.join('\n'),
    ],
  };
  return section;
}
