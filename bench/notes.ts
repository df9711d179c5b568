/**
 * Two lists that `pnpm bench` judges every run against:
 *
 * - `notes`: why a figure loses to its comparison, and what would close the gap. bench/RESULTS.md prints
 *   the note under every figure that loses in the run; `pnpm bench` fails when a figure loses and has no
 *   note here, so a regression cannot slip into the results unexplained. `figure` is a figure id or a
 *   pattern with `*` (any run of characters); `comparison` is a comparison key.
 * - `kept`: every optimisation that stays in the code instead of the plain version, with the figure of the
 *   run that shows its gain. The gain is read from the run's own results, never quoted: bench/RESULTS.md
 *   prints it for each, and a complete run in which one no longer wins fails, so that the optimisation
 *   goes (or its note says why it stays).
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
    why: 'the floor parses and validates one body per entry, the response (136 of the 167 JSON entries have one with a schema), and does nothing else; the checker must read both sides, and the floor over both bodies (214 bodies) alone takes about 1.9x this one, timed beside it. Beyond the bodies the checker matches the request to its operation, decodes and validates path, query and header parameters (the agents `filters` is JSON in a query parameter), checks the credentials and the `x-` rules (exclusive credentials, `x-requires`, roles), checks the status, the content type and the response headers, and builds a verdict. Each operation is planned once (security, parameters, media types, response keys, a pass/fail validator per schema with the full one kept for failures), so what is left per entry is reading it: in a CPU profile the two bodies (mostly `JSON.parse`) are about 40% of its time, and a dozen steps of 1 to 10% each the rest.',
    close:
      'no single step: the request body, its parameters and its credentials are work the floor does not do, and a check that skipped a step the contract states would be faster and wrong. See the floor of both bodies for the like-for-like figure.',
  },
  {
    figure: 'contract-check.*',
    comparison: 'ajv-floor-both-bodies',
    why: "this floor parses and validates both bodies, request and response, as the checker must; it still does none of the rest: matching the request to its operation, the path, query and header parameters (the agents `filters` is JSON in a query parameter), the credentials and the `x-` rules, the status, the content type and the response headers, and the verdict. Those are what the checker spends beyond this floor: in a profile of the JSON entries, the bodies are about 38% of its time (`JSON.parse` 23%, compiled validation 15%) and the rest is spread over steps of 3 to 11% each: the parameters 11% (the agents `filters` schema, a `oneOf` of 8 branches, about 3%), the credentials 8%, the `x-filters` and `x-echoes` comparisons 5%, the JSON limit scan about 1%, the request taken apart 3.5%, the route lookup 3%; the five usage-runs entries that send `filters` take about a seventh of a pass: the `filters` array is validated against its `oneOf` of eight branches element by element (9 to 11 µs for the seven-filter recording in Ajv alone, whatever its `allErrors` and `verbose` options), work this floor does not do and the floor of every JSON document, timed in the same slices, does. Timed beside the floor the ratio is steadier than across processes, not steady: it moves with the host's load from run to run (the rounds in the detail; earlier runs in bench/HISTORY.md). The body validators are not the gap: the floor run with the checker's compiled validators in place of its own Ajv's came out within 5% of its usual rate, timed the same way.",
    close:
      "no single step: each is under 11%. The request is now taken apart once for both sides (`x-filters` reads the query the request side decoded) and a JSON body without enough brackets to pass a limit is not scanned (about 8% fewer instructions per pass under valgrind, about 1.08x in CPU time A/B on a quiet host); the per-round ratio still moves from 3.0 to 3.4 with the host. Tried and not kept: a second, pass/fail validator without `allErrors` for the schemas with alternatives (the agents bodies' `oneOf` of a reference and `null`, the `filters` `oneOf`): only 25 of the 511 schema checks of a pass use one, and one at a time it measured 0.99 to 1.04x, no gain that this host can show, for a second Ajv and a second module in the set-up cache. A check that skips a step the contract states would be faster and wrong.",
  },
  {
    figure: 'contract-check.*',
    comparison: 'ajv-floor-json-documents',
    why: 'this floor parses and validates every JSON document an exchange carries: both bodies and each query parameter declared as `content: application/json` that the request sends (the agents `filters`, an array of objects checked against a `oneOf` of eight branches, which Ajv evaluates branch by branch for every element). It is the floor of both bodies plus the one JSON document that is not a body, and it still does none of the rest: the route, the other parameters, the credentials, the `x-` rules, the status, the content type, the response headers and the verdict.',
    close:
      'no single step, as against the floor of both bodies: what separates the two floors is Ajv evaluating the `filters` `oneOf`, work the contract states and the checker does too.',
  },
  {
    figure: 'contract-check.xml.*',
    comparison: 'prism-*',
    why: 'Prism validates no XML body (it takes the document for a string against an object schema), so its figure is the cost of checking nothing; ours parses and validates every document with libxml2 against its XSD, locating each issue.',
    close: 'nothing to close: the XSD check is the job.',
  },
  {
    figure: 'contract-check.all.1',
    comparison: 'prism-*',
    why: 'one entry at a time the XML entries weigh on the mixed set: each document is parsed and validated against its XSD by libxml2, with its issues located, where Prism validates no XML body at all (see the XML figure).',
    close:
      'nothing to close for the XML part: the XSD check is the job; see the note against the floor for the JSON part.',
  },
  {
    figure: 'contract-check.setup',
    comparison: 'prism-*',
    why: 'with the set-up cache empty (the first load on a machine, after a spec or an XSD changed, or with `cache: false`) the checker bundles the six specs with Redocly and compiles every schema before the first entry; Prism compiles its validators on first use. See the figure without the cache.',
    close:
      'nothing here: this figure is a load with the cache filled; see the note of the figure without the cache for why compiling on first use would not close it.',
  },
  {
    figure: 'contract-check.first-pass-cold',
    comparison: 'prism-*',
    why: 'from a new process, imports included, the checker without its set-up cache bundles the six specs, compiles every schema and XSD before the first entry (so that a schema that does not compile is named at load), then checks every entry; Prism imports its engine, builds its operations and compiles each validator as a request first needs it. The two do the same kinds of work here, in a different order; the checker does more of it (every XML body against its XSD, which Prism does not validate at all; the credentials and the `x-` rules).',
    close:
      "the set-up cache: every load after the first on a machine skips the bundling and the compiling (see the warm set-up figure); what is left of a cold start is the XML engine's start and Ajv's compiling.",
  },
  {
    figure: 'contract-check.setup-cold',
    comparison: 'prism-*',
    why: "this is not the figure of record for the cold set-up: `contract-check.setup-cold-from-import` is. What a user waits for from a cold start is the import and the set-up together, and this figure starts after the import of each tool's entry module, which leaves out all of Prism's import (prism-http and prism-core, the larger part of its cold start) while keeping what the checker imports inside its set-up (Ajv, Redocly's bundler and libxml2, loaded there so that a warm load never pays for them); it is also timed under the bench's TypeScript loader (tsx), which slows every module loaded inside the timer, so the checker's lazy imports, and none of Prism's. Kept beside the figure of record, unchanged, so that nothing is hidden. Without its set-up cache the checker bundles the six specs (Redocly's OpenAPI-only bundler, as Prism's set-up here does with the same bundler) and then, before the first entry, compiles every schema an operation uses with Ajv and every XSD the numbers spec names with libxml2 (on this thread), so that a schema or an XSD that does not compile is a problem of the spec named at load and each check is lookups and compiled validators. Prism then only builds its operations; it compiles its validators on first use and meets a broken schema only when a request does, after its timer. With the cache filled (every load after the first on a machine, and every thread of `--workers`) set-up reads the bundled specs and the Ajv standalone code instead: see the warm set-up figure.",
    close:
      "not by compiling on first use: it moves the cost, it does not remove it. Every user of the contracts reads the problems found at load (the mocks before serving, the CLI in its report and exit code), so every schema is compiled anyway, and with the set-up cache on (the default) a miss compiles every schema to fill the cache. Nor by overlapping the XSDs with Ajv on this thread: libxml2 compiles each XSD on the calling thread (the engine's worker only judges large documents), and asking for the XSDs first while Ajv gave way between schemas cost about 70 ms more CPU and more wall time on this 2-core host. Keeping the meta-schema's validator as standalone code instead of compiling it per process saved about 40 ms of CPU (paired, 12 pairs): too little for this figure to show, so the plain compile stays. What is left, on a quiet host: Ajv's compiling (about 180 ms of CPU, a third of it Ajv's code optimiser), the bundling (about 160 ms, and 75 ms to import the bundler) and the XML engine's start (about 40 ms); moving a share of Ajv's compiling to a second thread, as standalone code, is the next step.",
  },
  {
    figure: 'contract-check.setup-cold-from-import',
    comparison: 'prism-*',
    why: "the figure of record for the cold set-up (\"cold at most Prism's\"): from before each tool's import to its set-up done, each value a plain Node process of its own. The checker imports its entry module, then Ajv, Redocly's bundler and libxml2 inside `loadContracts({ cache: false })`, bundles the six specs and compiles every schema and XSD; Prism imports prism-http and prism-core (the larger part of its cold start), bundles with the same contract model and builds its operations, and compiles its validators on first use, after this figure. When the checker loses here, it is on what it compiles before the first entry and Prism does not: every schema (Ajv) and every XSD (libxml2).",
    close:
      "the set-up cache removes the bundling and the compiling from every load after the first on a machine (see the warm set-up figure); for the first, moving a share of Ajv's compiling to a second thread as standalone code.",
  },
  {
    figure: 'contract-check.peak-rss',
    comparison: 'prism-*',
    why: 'once the first XML document is checked the process holds libxml2 (compiled WebAssembly, its memory, and every XSD of the numbers documents compiled and resident): about 150 MB, measured by RSS before and after the first XML entry. Prism loads no XML engine. Checking the JSON entries alone stays near 130 MB.',
    close:
      'loading the XML engine only in the worker thread of the XML validator, so that a run without XML bodies never pays for it, or a libxml2 build with a smaller initial memory.',
  },
  {
    figure: 'contract-check-scale.rss.*',
    comparison: 'read-whole',
    why: 'the checker holds its compiled contracts, the six bundled specs and the XML engine (libxml2 with every numbers XSD compiled), about 90 to 130 MB whatever the input; reading a small file whole costs less than that. Its memory does not grow with the input: a file of a few MB is the only place this loses.',
    close:
      'nothing to close: from about 30 MB of input reading the file whole takes more, and from 512 MiB (the longest string V8 holds) it cannot be done at all.',
  },
  {
    figure: 'contract-check-scale.workers.*',
    comparison: 'one-thread',
    why: 'a second checking thread has a fixed cost of its own: measured from the CPU time of the threads (checking 10 to 200 MB of NDJSON on one thread, and the split in the detail), a thread spends about 0.9 s of its own CPU before it checks at full speed (0.35 s to start and load the cached contracts, under 0.1 s to start the XML engine, about 0.45 s running the checking code before V8 has optimized it) and V8 spends about 0.8 s more on background threads compiling it, and V8 shares none of this between threads. With one checking thread those background threads run on the second core for free; with two they compete with the checking threads. Past that, the two checking threads together take 5 to 15% more CPU than one for the same entries, as two separate processes do (the shard pair beside this one), which is the machine\'s (shared caches and memory) rather than the checker\'s. Two processes each given half of the entries beforehand, which share and coordinate nothing, do no better (the split pair beside this): what stands between two threads and 2x is what a second V8 costs on this machine, not the work of sharing the entries. On a machine shared with other work Linux gives the run about one core, so the second thread gains little (packages/contract-checker/README.md, "All cores").',
    close:
      'nothing in the checker: the fixed cost per thread is V8 starting a heap and optimizing the same code again, which no V8 flag tried (`--interrupt-budget`, `--no-lazy-feedback-allocation`, `--max-lazy`) reduced; a larger input spreads it thinner. On a machine shared with other work use `--workers 1`.',
  },
  {
    figure: 'contract-check-scale.workers.*',
    comparison: 'two-processes',
    why: 'the two processes and the two threads do the same checking, each with its own V8 heap, compiled contracts and warm-up; the threads read the file once where each process reads all of it to pick its half, and one Node starts instead of two. Where the threads lose, the pairs of runs in the detail show the spread of a machine shared with other work.',
    close: 'nothing specific to the threads: both ways pay the same fixed cost per thread.',
  },
  {
    figure: 'contract-check-scale.workers.*',
    comparison: 'split-halves',
    why: "the split pair is two cores' worth of the same checking with nothing shared: each process reads only its own file and writes its own report. The two threads of `--workers 2` also copy each entry into a block, hand the block over, send its rendered results back and write the report in input order, byte for byte that of one thread; in return a thread that the machine slows takes fewer blocks, where a process on half the entries holds up the end of the run. Which of the two weighs more changes with the load from other work on the machine: the pairs of runs in the detail show the spread.",
    close:
      'nothing to close: every thread of Node has a V8 heap and compiled code of its own, as each of these processes has, so the split pair is about the most two threads can reach; it also needs the input split by hand beforehand and two reports merged afterwards.',
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
    figure: 'mocks-hostile.p99',
    comparison: 'idle',
    why: "the target is at most 2x idle. While an order of about 260,000 invalid numbers is refused, libxml2 validates it on the XML worker thread for 0.5 to 1 s of CPU, which on a two-core machine competes with the mocks' thread and with the bench's own client in the same process; the serving thread itself spends 20 to 30 ms per order: it receives 10 MB, decodes them to text for the engine and reads the root element's name from that text (flattening a 10 MB string, about 6 ms in one block), and the collector pauses 25 to 30 times per phase against 4 idle. The p99 of a few hundred GETs is set by those pauses and by the other core being taken, so it moves with everything else the machine runs.",
    close:
      'handing the XML engine thread the received bytes as transferred chunks and decoding them there (a check that accepts bytes, as the JSON check thread does), so that the serving thread neither decodes nor flattens the document.',
  },
  {
    figure: 'mocks-hostile.json-p99',
    comparison: 'idle',
    why: "the target is at most 2x idle. A hostile JSON body (8 MB, an object of 700,000 properties) is streamed as it arrives to the JSON check thread, which decodes and scans it while the serving thread reads at most 512 KiB ahead; the thread finds it past the mocks' limit of 50,000 values after about 0.6 MB, the mock answers 400 at once, reads no further and closes the connection after the answer (half-closed, so that the client reads the 400 rather than a reset). The serving thread's CPU per body fell from 5-7 ms (reading all 8 MB, the floor of a server that reads it) to 2.5-3.3 ms in the same bench at the same load. Before the limits, parsing and validating each body held the thread for hundreds of ms (p99 1.4 s, 30 s at times). The p50 stays at idle's; what is left of the p99 on two shared cores is mostly the attacking thread, the check thread and the bench's own client taking turns with the serving thread.",
    close:
      "nothing of the mocks' own stands out: the serving thread reads about 0.6 MB of each hostile body and answers. On a quiet machine (load 1.9 before the run) the median p99 is within the 2x target, the three runs' own ratios spread from 1.3x to 2.8x: what is left is the other threads on two cores (the serving thread's CPU per GET stays at idle's, its wait for a core grows).",
  },
  {
    figure: 'mocks-hostile.json-checked-p99',
    comparison: 'idle',
    why: "the target is at most 2x idle. These 7.1 MB JSON bodies are within the limits and break the schema: each is streamed undecoded to the JSON check thread as it arrives (its chunks transferred in batches of 256 KiB), which decodes and scans it meanwhile, then parses and validates it (tens of ms of CPU per body, the thread 10 nice levels below the serving thread so that the GETs go first) on the second core while four clients keep sending; the serving thread itself spends a few ms per body (the per-body CPU beside the p99 in the detail), most of it receiving the bytes. On two cores the check thread, the attacking thread and the bench's own client take turns with the serving thread, so the GETs' p99 holds a slice of that; the p50 stays at idle's.",
    close:
      'a machine with more cores than busy threads; within the process, only refusing earlier (a schema that bounds the body size would let the mock answer 413 before reading it, which the source documents do not state).',
  },
  {
    figure: 'clients.call.numbers-create-order*',
    comparison: 'raw-fetch',
    why: "the raw fetch does the same XML job by hand with fast-xml-parser (`XMLBuilder` for the order, `XMLParser` for the answer, both made once), which on its own makes it about 1.3x a bare fetch of a prebuilt string read as text (shown as context in the detail). Our client writes the order straight from its descriptor (0.6 µs warm, against 2.5 µs for `XMLBuilder`), and reads the answer with the same parser after refusing a DOCTYPE and checking it is well-formed (a saxes pass, about 4 µs warm), then types booleans and integers by the schema; on top it pays what every JSON call pays (openapi-fetch building the call and reading the answer, the timeout signal, the retry loop). The call with the check adds libxml2 validating the order before it is sent: 8 µs a document in a loop, 75 to 90 µs inside a call (paired, bench/clients), because the WebAssembly engine's code and memory push out of the caches what the HTTP stack then misses: in CPU profiles the extra time is spread over the garbage collector, undici and the socket writes, not spent in the engine.",
    close:
      'no step of ours stands out: the well-formedness pass is the one step a bare parse skips, and skipping it would let a malformed answer through; `validateRequests: false` leaves the XSD check to the server where it validates anyway. The rest is the runtime the JSON calls pay too.',
  },
  {
    figure: 'clients.call.*',
    comparison: 'raw-fetch',
    why: "the client does what a bare `fetch` does not: it sets the credentials, serialises and checks the request, and runs each attempt under a retry loop with a timeout that covers reading the body. Most of the gap is openapi-fetch itself, which the clients are built on: called alone with the same request and nothing of ours it costs as much as our client or more (the comparison beside this one, timed in the same rounds), because it builds a `Headers` object and its request options per call, runs the middleware chain and reads the answer through its own steps; in CPU profiles of getAgent, the functions of openapi-fetch take 20 to 25 µs a call and the garbage collector 9 to 28 µs more than for a raw fetch, alone or under our client. Our part on top (credentials, the checks, the timeout signal undici follows, the retry loop) is what we pay less than openapi-fetch's own `Request` for (our clients hand it a lighter request object).",
    close:
      'only method calls built without openapi-fetch, a second way of building each request beside `raw`, which the design of these clients (typed openapi-fetch clients generated from the specs) rules out. Against a network round trip (tens of ms) the difference is below noise.',
  },
  {
    figure: 'clients.call.*',
    comparison: 'openapi-fetch',
    why: "timed in the same rounds, our client and openapi-fetch alone are within the noise of each other on this shared machine (a round moves either by 10 to 20%). Our client does more per call than openapi-fetch alone: it sets the credentials, refuses credentials the operation does not take, bounds the call with a timeout and runs it under the retry loop, and turns an error answer into a typed error; it saves openapi-fetch's WHATWG `Request` (its lighter request object), which pays for most of that.",
    close:
      'nothing planned in the client: its request checks (accepted credentials, `x-requires`) already run directly in front of an openapi-fetch client with no middleware, and the retry layer is built once per client; what is left is within the round-to-round spread of both (the detail shows ours ÷ openapi-fetch alone per round).',
  },
  {
    figure: 'clients.call.*',
    comparison: 'bandwidth-sdk',
    why: "bandwidth-sdk's axios writes to `node:http` directly and builds no WHATWG `Request` or `Response`; it neither retries nor times a call out by default. Our client pays openapi-fetch's request building and the timeout signal (see against raw fetch) for retries that can resend the body and a timeout that covers reading it.",
    close:
      'the same as against raw fetch. Both are small next to a network round trip; the bundle figures show the other side of the trade (26x smaller).',
  },
  {
    figure: 'xsd.*',
    comparison: '*',
    why: 'ours adds, before the engine, the guard that refuses a DOCTYPE and entities (XXE and billion laughs), and after it the mapping of each message to the element it is about, bounded to 50 issues.',
    close: 'nothing worth closing: the guard is part of the contract.',
  },
  {
    figure: 'wall.lint',
    comparison: 'stock-clis',
    why: 'both sides run the same build, Biome and tsc; only the spec-lint step differs, and on its own that step is even with the stock CLIs (see `pnpm lint:specs`) apart from the start of tsx, about 0.5 s (`node --import tsx -e 0` 0.58 s against `node -e 0` 0.10 s). The rest of the gap is within the spread of our runs on the shared cores: read it as noise around a 0.5 s difference.',
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

/** One value of a run: a figure's own (ours), or one of its comparisons. */
export interface FigureValue {
  figure: string;
  /** A comparison key of that figure; absent: the figure's own value. */
  comparison?: string;
}

export interface KeptOptimisation {
  /** What stays in the code. */
  name: string;
  /** The plain version it is measured against. */
  plain: string;
  /** The value with the optimisation, and the value of the plain version, in the same run and unit. */
  with: FigureValue;
  without: FigureValue;
}

// `--workers` beside `--shard` is not listed: it is not an optimisation over two shard processes (the two are
// level within the spread of the pairs in RESULTS.md's detail) but the one-command form of the same checking,
// one process and one report in input order, as Playwright has both; the figure's note (`two-processes`
// above) says what each way pays.
export const kept: KeptOptimisation[] = [
  {
    name: 'the streaming scanner of HAR and NDJSON (contract-check reads a recording entry by entry)',
    plain: 'reading the recording whole with `readFile` + `JSON.parse` (impossible from 512 MiB)',
    with: { figure: 'contract-check-scale.rss.har.500' },
    without: { figure: 'contract-check-scale.rss.har.500', comparison: 'read-whole' },
  },
  {
    name: "@svc-contracts/har's own scanner of `log.entries` (instead of a streaming JSON library)",
    plain:
      'the fastest streaming JSON library measured, `@streamparser/json` with a path to the entries (`stream-json` is slower still: see the figure)',
    with: { figure: 'contract-check-scale.scanner.har.100' },
    without: { figure: 'contract-check-scale.scanner.har.100', comparison: 'streamparser-json' },
  },
  {
    name: '`--workers` (checking threads in one process)',
    plain: 'one thread',
    with: { figure: 'contract-check-scale.workers.har.2000' },
    without: { figure: 'contract-check-scale.workers.har.2000', comparison: 'one-thread' },
  },
  {
    name: "the contract checker's set-up cache (bundled specs and Ajv standalone code on disk)",
    plain: 'set-up without the cache (`cache: false`: bundle with Redocly, compile with Ajv)',
    with: { figure: 'contract-check.setup' },
    without: { figure: 'contract-check.setup-cold' },
  },
  {
    name: "the checker's last two JSON parses remembered (an exchange's body read again by `x-echoes` or `x-filters` parses once)",
    plain: 'every read parses its text (`remember: { parses: false }`)',
    with: { figure: 'contract-check-remembered.parses' },
    without: { figure: 'contract-check-remembered.parses', comparison: 'without' },
  },
  {
    name: "the checker's route matches remembered per URL, path and webhook name (bounded)",
    plain: 'every request matched against the routes (`remember: { routes: false }`)',
    with: { figure: 'contract-check-remembered.routes' },
    without: { figure: 'contract-check-remembered.routes', comparison: 'without' },
  },
  {
    name: "the checker's last Basic credentials per scheme remembered",
    plain: 'every Basic value decoded (base64, UTF-8) and judged (`remember: { credentials: false }`)',
    with: { figure: 'contract-check-remembered.credentials' },
    without: { figure: 'contract-check-remembered.credentials', comparison: 'without' },
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
