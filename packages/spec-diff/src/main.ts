import { readFileSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { colorEnabled, didYouMean, explainArgsError } from '@svc-contracts/cli-output';
import { type Change, requiredBump } from './change.js';
import { checkChangesets } from './changesets.js';
import { lineFinder } from './lines.js';
import { applyOverlay, loadSpecFile, readXsdFile, SpecReadError } from './load.js';
import { diffSpecs } from './openapi/index.js';
import { SpecDiffLimitError } from './openapi/walk.js';
import {
  coverageLine,
  coverageOf,
  githubAnnotation,
  githubError,
  jsonChange,
  type OutputFormat,
  summary,
  textLine,
} from './report.js';
import { readRepositoryChanges, repositoryRoot } from './repository.js';
import { diffXsd, type XsdRole } from './xsd.js';

export const usage = `Usage: spec-diff --base <git-ref> [--json | --format text|json|github]
       spec-diff OLD NEW [--json | --format text|json|github] [--role request|response]
       spec-diff --overlay OVERLAY SPEC [--json | --format text|json|github]

With --base: classifies every contract change (OpenAPI specs and XSDs under specs/) since <git-ref> and
checks that the changesets added since <git-ref> (.changeset/*.md, new or edited) ask for at least the bump
each change needs, and name every package whose files changed (pending ones already on <git-ref> do not count). Run it inside the repository's git working tree.

With two files: classifies every difference between two OpenAPI documents (3.0 or 3.1, YAML or JSON; $refs
to other files are followed), or two XSDs, anywhere; no git, no changesets. With --overlay: SPEC against
SPEC with an OpenAPI Overlay 1.0 document applied (what contract-check --propose proposes), and its bump.

Each change is judged by a check of the catalogue (packages/spec-diff/README.md): its id, its level
(breaking, possibly breaking, not breaking) and the bump it asks for, request or response, the operation
and the JSON pointer.

Options:
  --base REF         the git ref to compare with (a release tag, origin/main, a commit)
  --json             one JSON document on stdout (same as --format json)
  --format FORMAT    text (default), json, or github (workflow annotations: ::error for breaking changes,
                     ::warning for possibly breaking ones, ::notice for the rest)
  --overlay FILE     compare SPEC with SPEC + this overlay (every action must find its target)
  --role ROLE        two XSDs: who writes the documents, request (the client) or response; default: read
                     from the schema's documentation ("request of …"), else request
  -h, --help         this text

A spec is input: a $ref resolves only to a file inside the repository (--base) or the folder of the file
named (OLD NEW), never to a URL; a YAML file is held to budgets before its aliases are expanded, raised
with SPEC_MAX_YAML_NODES (5000000), SPEC_MAX_YAML_ALIASES (1000) and SPEC_MAX_FILE_BYTES (64 MiB).

Exit codes:
  with --base: 0 the changesets added cover every change; 1 a changeset asks too little, or is missing
  two files:   0 no change needs a major bump; 1 some change does (breaking, or possibly breaking and
               asking for major)
  both:        2 bad arguments, or a spec, the repository, the ref or a changeset could not be read, or a
               spec was refused (a $ref out of the root, a URL, a budget)
`;

/** Where the CLI writes and which directory it treats as inside the repository. */
export interface SpecDiffIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  /** Colour the text output's levels (the bin: stdout is a terminal and NO_COLOR is not set). */
  color?: boolean;
}

const processIo: SpecDiffIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  color: colorEnabled(process.stdout),
};

const options = {
  base: { type: 'string' },
  json: { type: 'boolean', default: false },
  format: { type: 'string' },
  role: { type: 'string' },
  overlay: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const formats: readonly OutputFormat[] = ['text', 'json', 'github'];

/** Runs the gate in-process and resolves to its exit code (the bin calls this; tests call it directly). */
export async function main(argv: readonly string[], io: SpecDiffIo = processIo): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{ args: string[]; options: typeof options; allowPositionals: true }>
  >;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true });
  } catch (error) {
    io.stderr(`spec-diff: ${explainArgsError(error, Object.keys(options))}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(usage);
    return 0;
  }
  const fail = (message: string) => {
    io.stderr(`spec-diff: ${message}\n\n${usage}`);
    return 2;
  };
  if (values.format !== undefined && !formats.includes(values.format as OutputFormat))
    return fail(
      `--format must be one of ${formats.join(', ')}, not "${values.format}"${didYouMean(values.format, formats)}`,
    );
  if (values.json && values.format !== undefined && values.format !== 'json')
    return fail(`--json and --format ${values.format} ask for two outputs; give one`);
  const format: OutputFormat = values.json ? 'json' : ((values.format as OutputFormat | undefined) ?? 'text');

  if (values.role !== undefined && values.role !== 'request' && values.role !== 'response')
    return fail(`--role must be request or response, not "${values.role}"`);
  const role = values.role as XsdRole | undefined;
  if (values.base !== undefined) {
    if (role !== undefined)
      return fail('--role applies to two XSD files; with --base each XSD says its role in its documentation');
    if (positionals.length > 0)
      return fail(
        `--base compares the repository with a ref and takes no positional arguments (got ${positionals.join(' ')}); to compare two files, give OLD NEW without --base`,
      );
    if (values.base === '') return fail('--base needs a git ref');
    return repositoryMode(values.base, format, io);
  }
  if (values.overlay !== undefined && (positionals.length !== 1 || role !== undefined))
    return fail('--overlay takes one OpenAPI document: spec-diff --overlay OVERLAY SPEC');
  if (values.overlay !== undefined)
    return filesMode(positionals[0] as string, positionals[0] as string, format, io, role, values.overlay);
  if (positionals.length === 2)
    return filesMode(positionals[0] as string, positionals[1] as string, format, io, role);
  if (positionals.length === 0) return fail('--base <git-ref> is required (or give two files: OLD NEW)');
  return fail(
    `expected two positional arguments (OLD NEW) or --base <git-ref>, got ${positionals.length} positional argument(s)`,
  );
}

const isXsd = (file: string) => /\.xsd$/i.test(file);

/** Two OpenAPI documents, or two XSDs (their role read from the schema's documentation unless given). */
async function compareFiles(
  oldFile: string,
  newFile: string,
  role: XsdRole | undefined,
  cwd: string,
  overlay?: string,
): Promise<Change[]> {
  if (isXsd(oldFile) !== isXsd(newFile))
    throw new SpecReadError(
      `${isXsd(oldFile) ? oldFile : newFile}: an XSD compares with an XSD, not with an OpenAPI document`,
    );
  if (isXsd(oldFile)) {
    const before = readXsdFile(oldFile, cwd);
    const after = readXsdFile(newFile, cwd);
    try {
      return diffXsd(before, after, { file: basename(newFile), ...(role ? { role } : {}) });
    } catch (error) {
      throw new SpecReadError((error as Error).message, { cause: error });
    }
  }
  if (role !== undefined)
    throw new SpecReadError(
      '--role applies to XSD files; an OpenAPI document says itself which side each schema is on',
    );
  const before = await loadSpecFile(oldFile, cwd);
  const after = overlay ? await applyOverlay(overlay, before, cwd) : await loadSpecFile(newFile, cwd);
  return diffSpecs(before, after);
}

async function filesMode(
  oldFile: string,
  spec: string,
  format: OutputFormat,
  io: SpecDiffIo,
  role?: XsdRole,
  overlay?: string,
): Promise<number> {
  let changes: Change[];
  const newFile = overlay ? `${spec} + ${overlay}` : spec;
  try {
    changes = await compareFiles(oldFile, spec, role, io.cwd, overlay);
  } catch (error) {
    if (!(error instanceof SpecReadError || error instanceof SpecDiffLimitError)) throw error;
    if (format === 'github') io.stdout(githubError(error.message));
    io.stderr(`spec-diff: ${error.message}\n`);
    return 2;
  }
  const bump = requiredBump(changes);
  const code = bump === 'major' ? 1 : 0;
  if (format === 'json') {
    io.stdout(
      `${JSON.stringify({ mode: 'files', old: oldFile, new: newFile, bump, exitCode: code, changes: changes.map(jsonChange) }, null, 2)}\n`,
    );
  } else if (format === 'github') {
    const lineOf = lineCache()(resolve(io.cwd, spec));
    for (const change of changes)
      io.stdout(githubAnnotation(change, spec, lineOf(change.after) ?? lineOf(change.pointer)));
    io.stdout(`spec-diff: ${oldFile} → ${newFile}: ${summary(changes)}\n`);
  } else {
    io.stdout(`${oldFile} → ${newFile}:\n`);
    for (const change of changes) io.stdout(textLine(change, io.color));
    io.stdout(`spec-diff: ${summary(changes)}\n`);
  }
  return code;
}

async function repositoryMode(base: string, format: OutputFormat, io: SpecDiffIo): Promise<number> {
  let found: Awaited<ReturnType<typeof readRepositoryChanges>>;
  let root: string;
  try {
    root = repositoryRoot(io.cwd);
    found = await readRepositoryChanges(root, base);
  } catch (error) {
    // git's own message (unknown revision, not a repository) is on the error's stderr.
    const detail = (error as { stderr?: Buffer | string }).stderr?.toString().trim();
    const message = detail || (error as Error).message;
    if (format === 'github') io.stdout(githubError(message));
    io.stderr(`spec-diff: ${message}\n`);
    return 2;
  }
  const failures = checkChangesets(found);
  const code = failures.length > 0 ? 1 : 0;
  const names = Object.keys(found.changes);
  const linesOf = lineCache();

  if (format === 'json') {
    const packages = names.map((name) => {
      const changes = found.changes[name] ?? [];
      const coverage = coverageOf(name, found.pendingChangesets);
      return {
        name,
        needed: requiredBump(changes),
        requested: coverage.requested,
        changesets: coverage.files,
        changes: changes.map((change) => ({
          ...jsonChange(change),
          file: change.file ? relative(root, change.file) : null,
        })),
      };
    });
    io.stdout(
      `${JSON.stringify({ mode: 'repository', base, exitCode: code, packages, failures: failures.map((f) => ({ package: f.packageName, needed: f.needed, requested: f.requested, message: f.message })) }, null, 2)}\n`,
    );
    return code;
  }

  for (const name of names) {
    const changes = found.changes[name] ?? [];
    if (format === 'github') {
      for (const change of changes) {
        const lineOf = change.file ? linesOf(change.file) : () => undefined;
        const file = change.file && relative(root, change.file);
        io.stdout(githubAnnotation(change, file, lineOf(change.after) ?? lineOf(change.pointer)));
      }
      continue;
    }
    io.stdout(`${name}:\n`);
    for (const change of changes) io.stdout(textLine(change, io.color));
    io.stdout(
      coverageLine(
        coverageOf(name, found.pendingChangesets),
        requiredBump(changes),
        found.pendingChangesets,
        name,
      ),
    );
  }
  for (const failure of failures) {
    if (format === 'github') io.stdout(githubError(failure.message));
    io.stderr(`spec-diff: ${failure.message}\n`);
  }
  if (failures.length === 0) io.stdout(`spec-diff: the changesets added since ${base} cover every change\n`);
  return code;
}

/** Line finders of the files a run annotates, each file read once; none for one that cannot be read. */
function lineCache(): (file: string) => ReturnType<typeof lineFinder> {
  const finders = new Map<string, ReturnType<typeof lineFinder>>();
  return (file) => {
    let finder = finders.get(file);
    if (!finder) {
      let text: string | undefined;
      try {
        text = file.endsWith('.xsd') ? undefined : readFileSync(file, 'utf8');
      } catch {
        text = undefined;
      }
      finder = text === undefined ? () => undefined : lineFinder(text);
      finders.set(file, finder);
    }
    return finder;
  };
}
