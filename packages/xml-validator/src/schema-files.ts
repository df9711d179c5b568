import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkSpecFile, SpecInputError, specBudgets, specRootOfFile } from '@svc-contracts/contract-model';
import { findForbiddenDeclaration } from './doctype-guard.js';
import { XsdLoadError } from './errors.js';

/** A file placed in the engine's in-memory file system. */
export interface VirtualFile {
  fileName: string;
  contents: string;
}

/** An XSD and every schema it includes or imports, laid out for the engine's in-memory file system. */
export interface SchemaBundle {
  /** Virtual file name of the entry schema (pass to `--schema`). */
  entryFileName: string;
  files: VirtualFile[];
  /** Maps a virtual file name back to the path the caller would recognise. */
  displayPathOf(virtualFileName: string): string;
}

/** Folder of the in-memory file system that holds the schemas. */
const SCHEMA_ROOT = 'schema';

// Comments are removed first so that a commented-out include does not count.
const XML_COMMENT = /<!--[\s\S]*?-->/g;
const SCHEMA_REFERENCE =
  /<(?:[A-Za-z_][\w.-]*:)?(?:include|import|redefine|override)\b[^>]*?\bschemaLocation\s*=\s*(["'])(.*?)\1/g;
const HAS_URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** Reads an XSD and, transitively, the schemas it names in `xs:include`, `xs:import`, `xs:redefine` and
 * `xs:override`, each under contract-model's spec-input policy within `root` (default: the repository
 * holding the XSD). */
export async function loadSchemaBundle(
  xsdPath: string,
  options: { root?: string } = {},
): Promise<SchemaBundle> {
  const entryPath = path.resolve(xsdPath);
  const root = options.root ?? specRootOfFile(entryPath);
  const contentsByPath = new Map<string, string>();
  const pending: Array<{ absolutePath: string; referencedAs: string; referencedFrom?: string }> = [
    { absolutePath: entryPath, referencedAs: xsdPath },
  ];

  while (pending.length > 0) {
    const next = pending.shift();
    if (next === undefined || contentsByPath.has(next.absolutePath)) continue;
    const contents = await readSchema(next, root);
    contentsByPath.set(next.absolutePath, contents);
    for (const location of referencedLocations(contents)) {
      const referencedFrom = displayPath(next.absolutePath);
      if (HAS_URL_SCHEME.test(location)) {
        throw new XsdLoadError(
          `${referencedFrom} references the remote schema '${location}': only local files next to the XSD are supported (the engine has no network access).`,
          referencedFrom,
        );
      }
      pending.push({
        absolutePath: path.resolve(path.dirname(next.absolutePath), location),
        referencedAs: location,
        referencedFrom,
      });
    }
  }

  // Keep the relative layout of the files (includes may climb with ../), rooted at their common folder.
  const commonFolder = commonAncestor([...contentsByPath.keys()].map((file) => path.dirname(file)));
  const toVirtual = (absolutePath: string): string =>
    `${SCHEMA_ROOT}/${path.relative(commonFolder, absolutePath).split(path.sep).join('/')}`;
  const displayByVirtual = new Map<string, string>();
  const files: VirtualFile[] = [];
  for (const [absolutePath, contents] of contentsByPath) {
    const fileName = toVirtual(absolutePath);
    displayByVirtual.set(fileName, absolutePath === entryPath ? xsdPath : displayPath(absolutePath));
    files.push({ fileName, contents });
  }
  return {
    entryFileName: toVirtual(entryPath),
    files,
    displayPathOf: (virtualFileName) => displayByVirtual.get(virtualFileName) ?? virtualFileName,
  };
}

async function readSchema(
  {
    absolutePath,
    referencedAs,
    referencedFrom,
  }: { absolutePath: string; referencedAs: string; referencedFrom?: string },
  root: string,
): Promise<string> {
  let contents: string;
  try {
    if (!existsSync(absolutePath)) throw new Error('not found');
    contents = await readFile(checkSpecFile(absolutePath, root, specBudgets()), 'utf8');
  } catch (error) {
    // A refusal's message starts with the file as the policy names it: the file is named here once.
    const reason =
      error instanceof SpecInputError ? error.message.slice(error.file.length + 2) : (error as Error).message;
    const shownPath = referencedFrom === undefined ? referencedAs : displayPath(absolutePath);
    const origin =
      referencedFrom === undefined ? '' : ` (referenced as '${referencedAs}' by ${referencedFrom})`;
    throw new XsdLoadError(`XSD file ${shownPath}${origin}: ${reason}`, shownPath);
  }
  const doctype = findForbiddenDeclaration(contents);
  if (doctype !== undefined) {
    const shownPath = displayPath(absolutePath);
    throw new XsdLoadError(
      `XSD file ${shownPath}, line ${doctype.line}: a DOCTYPE is not allowed in schemas either.`,
      shownPath,
    );
  }
  return contents;
}

function referencedLocations(schemaText: string): string[] {
  const withoutComments = schemaText.replace(XML_COMMENT, '');
  return [...withoutComments.matchAll(SCHEMA_REFERENCE)]
    .map((match) => match[2] ?? '')
    .filter((location) => location !== '');
}

/** Path relative to the working directory when inside it: shorter in messages, and no machine paths. */
function displayPath(absolutePath: string): string {
  return isInside(process.cwd(), absolutePath) ? path.relative(process.cwd(), absolutePath) : absolutePath;
}

function isInside(folder: string, candidate: string): boolean {
  const relative = path.relative(folder, candidate);
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

function commonAncestor(folders: string[]): string {
  const [first, ...rest] = folders;
  if (first === undefined) return path.parse(process.cwd()).root;
  let ancestor = first;
  for (const folder of rest) {
    // The second test stops at the file system root (files on different Windows drives share no folder).
    while (!isInside(ancestor, folder) && path.dirname(ancestor) !== ancestor)
      ancestor = path.dirname(ancestor);
  }
  return ancestor;
}
