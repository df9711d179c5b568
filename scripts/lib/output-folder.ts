// A command that empties its output folder empties only a folder it made: an empty one, or one holding the
// marker it wrote there before. `--out .` or a typo must not wipe a tree (issue 52).
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The file a command writes into its output folder to know it again. */
export const outputMarker = '.svc-contracts-output';

/** The folder is not one the command may empty: the message says which and why. */
export class OutputFolderError extends Error {
  override readonly name = 'OutputFolderError';
}

/**
 * Makes `dir` an empty output folder of `command` (`pnpm run docs`): creates it if missing, empties it
 * if it holds `command`'s marker, uses it if empty; anything else throws {@link OutputFolderError}.
 * The marker is written again, so the next run knows the folder.
 */
export async function claimOutputFolder(dir: string, command: string): Promise<void> {
  const info = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (info !== undefined && !info.isDirectory())
    throw new OutputFolderError(`${dir} is not a folder; choose a new or empty folder for the output.`);
  const entries = info === undefined ? [] : await readdir(dir);
  if (entries.length > 0) {
    const marker = await readFile(join(dir, outputMarker), 'utf8').catch(() => undefined);
    if (marker?.split('\n')[0] !== command) {
      throw new OutputFolderError(
        `${dir} is not empty and is not an earlier output of ${command} (it has no ${outputMarker} of it): ` +
          'nothing was deleted. Choose a new or empty folder, or empty this one yourself.',
      );
    }
    // Each entry, not the folder: a folder reached through a link stays where it is.
    await Promise.all(entries.map((entry) => rm(join(dir, entry), { recursive: true, force: true })));
  }
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, outputMarker),
    `${command}\nThis folder is the output of the command above, which empties it on its next run.\n`,
  );
}
