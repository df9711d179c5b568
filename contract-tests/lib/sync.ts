import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { generatorName } from './build.ts';

async function harFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.har'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Generated files on disk that the generator no longer produces (recognised by `log.creator.name`).
 * Files recorded with contract-record or written by hand are not the generator's and are left alone.
 */
export async function staleGeneratedFiles(root: string, files: Map<string, string>): Promise<string[]> {
  const stale: string[] = [];
  for (const full of [
    ...(await harFiles(join(root, 'recordings'))),
    ...(await harFiles(join(root, 'negative'))),
  ]) {
    const path = relative(root, full).split('\\').join('/');
    if (files.has(path)) continue;
    try {
      const har = JSON.parse(await readFile(full, 'utf8'));
      if (har?.log?.creator?.name === generatorName) stale.push(path);
    } catch {
      // not JSON: not ours
    }
  }
  return stale.sort();
}

/** Every way the committed files differ from the generator's output, one line each. */
export async function generatedFileProblems(root: string, files: Map<string, string>): Promise<string[]> {
  const problems: string[] = [];
  for (const [path, text] of files) {
    const current = await readFile(join(root, path), 'utf8').catch(() => undefined);
    if (current === undefined) problems.push(`${path}: missing`);
    else if (current !== text) problems.push(`${path}: differs from the generator's output`);
  }
  for (const path of await staleGeneratedFiles(root, files))
    problems.push(`${path}: stale (no longer generated)`);
  return problems;
}
