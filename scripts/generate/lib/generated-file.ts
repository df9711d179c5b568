import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

export interface GeneratedFile {
  /** Absolute path. */
  path: string;
  contents: string;
}

export interface SyncReport {
  /** Repository-relative paths whose contents differ from what the generator produces, or that are missing. */
  stale: string[];
  /** Repository-relative paths inside generated folders that the generator no longer produces. */
  orphaned: string[];
}

/**
 * Compares the generated files with the disk. `generatedDirs` are folders that hold only generated files,
 * so anything else found there is an orphan (a file of a removed operation or service).
 */
export function compareWithDisk(files: GeneratedFile[], generatedDirs: string[], root: string): SyncReport {
  const wanted = new Set(files.map((file) => file.path));
  const stale = files
    .filter((file) => !existsSync(file.path) || readFileSync(file.path, 'utf8') !== file.contents)
    .map((file) => relative(root, file.path));
  const orphaned = generatedDirs
    .flatMap((dir) => listFiles(dir))
    .filter((path) => !wanted.has(path))
    .map((path) => relative(root, path));
  return { stale: stale.sort(), orphaned: orphaned.sort() };
}

/** Writes what differs and deletes orphans; files that are already up to date are not touched. */
export function writeToDisk(files: GeneratedFile[], report: SyncReport, root: string): void {
  const stale = new Set(report.stale);
  for (const file of files) {
    if (!stale.has(relative(root, file.path))) continue;
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.contents);
  }
  for (const orphan of report.orphaned) rmSync(join(root, orphan));
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
