import { parseArgs } from 'node:util';
import { describeChange } from './change.js';
import { checkChangesets } from './changesets.js';
import { readRepositoryChanges, repositoryRoot } from './repository.js';

export const usage = `Usage: spec-diff --base <git-ref>

Classifies every contract change (OpenAPI specs and XSDs under specs/) since <git-ref> and checks that the
pending changesets (.changeset/*.md) ask for at least the bump each change needs, and name every package
whose files changed. Run it inside the repository's git working tree.

Options:
  --base REF   the git ref to compare with (a release tag, origin/main, a commit)
  -h, --help   this text

Exit codes: 0 the pending changesets cover every change; 1 a changeset asks too little or is missing;
2 bad arguments, or the repository or the ref could not be read.
`;

/** Where the CLI writes and which directory it treats as inside the repository. */
export interface SpecDiffIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
}

const processIo: SpecDiffIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
};

const options = {
  base: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** Runs the gate in-process and resolves to its exit code (the bin calls this; tests call it directly). */
export async function main(argv: readonly string[], io: SpecDiffIo = processIo): Promise<number> {
  let values: { base?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({ args: [...argv], options, allowPositionals: false }));
  } catch (error) {
    io.stderr(`spec-diff: ${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.stdout(usage);
    return 0;
  }
  const base = values.base;
  if (!base) {
    io.stderr(`spec-diff: --base <git-ref> is required\n\n${usage}`);
    return 2;
  }

  let found: Awaited<ReturnType<typeof readRepositoryChanges>>;
  try {
    found = await readRepositoryChanges(repositoryRoot(io.cwd), base);
  } catch (error) {
    // git's own message (unknown revision, not a repository) is on the error's stderr.
    const detail = (error as { stderr?: Buffer | string }).stderr?.toString().trim();
    io.stderr(`spec-diff: ${detail || (error as Error).message}\n`);
    return 2;
  }

  for (const [name, list] of Object.entries(found.changes)) {
    io.stdout(`${name}:\n`);
    for (const change of list) io.stdout(`  ${change.level.padEnd(5)} ${describeChange(change)}\n`);
  }
  const failures = checkChangesets(found);
  for (const failure of failures) io.stderr(`spec-diff: ${failure.message}\n`);
  if (failures.length === 0) io.stdout(`spec-diff: pending changesets cover every change since ${base}\n`);
  return failures.length > 0 ? 1 : 0;
}
