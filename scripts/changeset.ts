// `pnpm changeset`: the changesets CLI as it is, except where it would prompt without a terminal (it showed
// its first question, exited 0 and wrote nothing): there it says how to write a changeset without prompts.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './lib/paths.ts';

export const noTerminalHint = `pnpm changeset: no terminal to ask in. Write the changeset yourself, for example:

  printf -- '---\\n"@svc-contracts/voice-client": minor\\n---\\n\\nvoice: what changed.\\n' > .changeset/voice-change.md

(one line per package in the front matter: major, minor or patch), or run \`pnpm changeset add --empty\` and
fill in the file it writes. CONTRIBUTING.md ("Release") has the format.`;

/** Whether these arguments make the changesets CLI ask questions (`add`, its default, without --empty). */
export function wouldPrompt(args: readonly string[]): boolean {
  const command = args.find((arg) => !arg.startsWith('-'));
  const asksHelp = args.some(
    (arg) => arg === '--help' || arg === '-h' || arg === '--version' || arg === '-v',
  );
  return (command === undefined || command === 'add') && !args.includes('--empty') && !asksHelp;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  if (wouldPrompt(args) && !process.stdin.isTTY) {
    console.error(noTerminalHint);
    process.exit(2);
  }
  const manifest = createRequire(join(repoRoot, 'package.json')).resolve('@changesets/cli/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: string | Record<string, string> };
  const file = typeof bin === 'string' ? bin : (bin.changeset ?? '');
  const ran = spawnSync(process.execPath, [join(dirname(manifest), file), ...args], { stdio: 'inherit' });
  process.exitCode = ran.status ?? 1;
}
