/**
 * Why a figure loses to its comparison, and what would close the gap. bench/RESULTS.md prints the note
 * under every figure that loses in the run; `pnpm bench` fails when a figure loses and has no note here,
 * so a regression cannot slip into the results unexplained.
 *
 * `figure` is a figure id or a pattern with `*` (any run of characters); `comparison` is a comparison key.
 */
export interface Note {
  figure: string;
  comparison: string;
  why: string;
  close: string;
}

export const notes: Note[] = [
  {
    figure: 'contract-check.*',
    comparison: 'ajv-floor',
    why: 'the floor does one `JSON.parse` and one compiled validate per entry and nothing else. The checker also routes the request, decodes and validates path, query and header parameters, checks credentials and the `x-` rules, the request body, the status, the content type, the headers and the response body, builds a verdict, and awaits two promises per entry; its profile is flat (body check 4%, path decoding 3%, response-key lookup 2.5%, media-type parsing 2%, GC 4%).',
    close:
      'a synchronous path for operations without XML (no `Promise.all` per entry), and memoised media types, response keys and decoded paths per operation. Most of the distance is work the floor does not do.',
  },
  {
    figure: 'contract-check.xml.*',
    comparison: 'prism-*',
    why: 'Prism validates no XML body: it takes the document for a JSON string, so its figure is the cost of checking nothing (it also reports "body must be object" for every XML body against an object schema, valid or not). Ours runs each document through libxml2 (xmllint-wasm) on a worker; one document at a time that is a fixed cost of a few ms per run (a fresh xmllint instance parses the XSD again).',
    close:
      "keeping the parsed XSD resident between documents: xmllint's `main()` cannot, a libxml2 binding with its own validate call (native, or wasm built for it) can. With many entries in flight the engine already batches (see the 64-in-flight figures).",
  },
  {
    figure: 'contract-check.all.1',
    comparison: 'prism-*',
    why: 'one entry at a time, the 31 XML entries dominate the mixed set: each costs one xmllint-wasm run, and Prism checks none of them (see the XML figure).',
    close:
      'as for XML: a resident parsed XSD; checking many entries in flight (the default of `pnpm contract-check`) already batches.',
  },
  {
    figure: 'contract-check.setup',
    comparison: 'prism-*',
    why: 'the checker bundles the six specs and compiles every schema with Ajv and every XSD before the first entry, so that each check is lookups and compiled validators; Prism compiles its validators lazily, on first use, and loads no XSD.',
    close:
      'compiling per operation on first use (lazy), or caching the compiled validators on disk between runs. Neither is done: a run of a few hundred entries already pays the set-up back.',
  },
  {
    figure: 'mocks.startup',
    comparison: 'prism-mock',
    why: 'one process bundles all six specs and compiles every schema and XSD of the contract checker before it answers (the front that validates each request), where each Prism process only reads its spec; the six Prism processes start in parallel on the two cores.',
    close:
      'lazy compilation per operation in the contract checker, or starting each service as soon as its own contracts are ready instead of all at once.',
  },
  {
    figure: 'mocks.rps.*',
    comparison: 'prism-mock',
    why: "each request goes through the contract checker first (parameters, `filters` JSON, credentials, `x-` rules, body), then through Prism's engine to pick the example; a bare `prism mock` runs only its own, weaker validation. The difference is the price of refusing what Prism lets through (bearer and API key together, `x-requires`, XML against the XSD).",
    close:
      "answering straight from the checker's index for static examples without the Prism engine behind it (Prism would then only serve `--dynamic`).",
  },
  {
    figure: 'clients.call.numbers-create-order-xsd',
    comparison: 'raw-fetch',
    why: 'with `validateRequests` on (the default), the numbers client checks the order document against its XSD before sending it, so a broken document never leaves the process: that is one xmllint-wasm run on the validator worker, about 4.5 ms one document at a time (see the XSD section), next to the client overhead of the call without the check.',
    close:
      'a libxml2 engine that keeps the parsed XSD resident between documents (native binding, or wasm built with its own validate call); or `validateRequests: false` where the documents are built by code already checked in tests.',
  },
  {
    figure: 'clients.call.*',
    comparison: 'raw-fetch',
    why: 'the client does what a bare `fetch` does not: it builds the credential headers, serialises and checks the request (XML against the XSD where asked), and runs each attempt under a retry loop with a per-attempt timeout that also covers reading the body. Measured piece by piece on this machine: openapi-fetch building its `Request` and our runtime reading the body back once per call about 36 µs, sending with an `AbortSignal` and a timer about 47 µs, reading the answer into a buffer and handing openapi-fetch a fresh `Response` about 74 µs: about 160 µs, which is the overhead measured.',
    close:
      'handing openapi-fetch the undici `Response` as it is when no retry can follow (no timeout set, or retries off), and one timer per call instead of per attempt. Against a network round trip (tens of ms) the difference is below noise.',
  },
  {
    figure: 'clients.call.*',
    comparison: 'bandwidth-sdk',
    why: "bandwidth-sdk's axios writes to `node:http` directly and builds no WHATWG `Request` or `Response`, so it runs at about the speed of a raw `fetch`; it also neither retries nor times a call out by default. Our client pays the `Request`, signal and buffered-`Response` costs described against raw fetch (about 160 µs) for retries that can resend the body and a timeout that covers reading it.",
    close:
      'the same as against raw fetch: pass the response through untouched when no retry can follow, and one timer per call. Both are small next to a network round trip; the bundle figures show the other side of the trade (26× smaller).',
  },
  {
    figure: 'xsd.*',
    comparison: 'xmllint-wasm-raw',
    why: 'both run the same libxml2 build; ours adds parsing the document for DOCTYPE and entities before the engine (the XXE and billion-laughs guard) and mapping messages to element paths.',
    close: 'nothing worth closing: the guard is part of the contract.',
  },
  {
    figure: 'wall.lint',
    comparison: 'stock-clis',
    why: 'both sides run the same build, Biome and tsc; only the spec-lint step differs, and on its own that step is even with the stock CLIs (see `pnpm lint:specs`) apart from the start of tsx, about 0.5 s (`node --import tsx -e 0` 0.58 s against `node -e 0` 0.10 s). The rest of the gap is within the spread of our runs on the shared cores (one run took 6 s longer than the others): read it as noise around a 0.5 s difference.',
    close:
      'running the repository scripts compiled (built like the packages) instead of through tsx; more runs would narrow the noise.',
  },
  {
    figure: 'wall.*',
    comparison: 'stock-clis',
    why: 'ours runs from its TypeScript sources under tsx: loading the loader and transpiling the lint scripts costs about 0.5 s at every start on this machine (`node --import tsx -e 0` takes 0.58 s, `node -e 0` 0.10 s), which is about the whole difference; then it loads Redocly and Spectral into one process and lints each split spec with both, and prints one report with file:line for both linters.',
    close:
      'running the repository scripts compiled (built like the packages) instead of through tsx, or linting the six services concurrently inside the one process.',
  },
];

function matches(pattern: string, value: string): boolean {
  const regex = new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`);
  return regex.test(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

/** The first note for this figure and comparison, or undefined. */
export function noteFor(figureId: string, comparisonKey: string): Note | undefined {
  return notes.find((note) => matches(note.figure, figureId) && matches(note.comparison, comparisonKey));
}
