// A spec is input: one policy for reading a spec's files, whichever tool reads them (docs/architecture.md).
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { binaryTag, CORE_SCHEMA, loadAll, mergeTag, omapTag, pairsTag, setTag } from 'js-yaml';

/** The budgets of one spec file; each can be raised with its environment variable. */
export interface SpecBudgets {
  /** Bytes of one file (`SPEC_MAX_FILE_BYTES`). */
  maxFileBytes: number;
  /** YAML aliases in one file (`SPEC_MAX_YAML_ALIASES`). */
  maxAliases: number;
  /** Nodes of one file once its aliases are expanded, counted before expanding them (`SPEC_MAX_YAML_NODES`). */
  maxNodes: number;
  /** Levels of nesting once the `$ref`s are followed, checked before a walker recurses (`SPEC_MAX_NESTING_DEPTH`). */
  maxDepth: number;
}

export const defaultSpecBudgets: Readonly<SpecBudgets> = {
  maxFileBytes: 64 * 1024 * 1024,
  maxAliases: 1000,
  maxNodes: 5_000_000,
  maxDepth: 1000,
};

/** Which environment variable raises which budget (named in every refusal). */
export const budgetVariables: Readonly<Record<keyof SpecBudgets, string>> = {
  maxFileBytes: 'SPEC_MAX_FILE_BYTES',
  maxAliases: 'SPEC_MAX_YAML_ALIASES',
  maxNodes: 'SPEC_MAX_YAML_NODES',
  maxDepth: 'SPEC_MAX_NESTING_DEPTH',
};

/** The budgets, each from its environment variable when that is a positive integer, else the default. */
export function specBudgets(
  env: NodeJS.ProcessEnv = process.env,
  given: Partial<SpecBudgets> = {},
): SpecBudgets {
  const budgets = { ...defaultSpecBudgets };
  for (const key of Object.keys(budgetVariables) as Array<keyof SpecBudgets>) {
    const text = env[budgetVariables[key]];
    if (text !== undefined && /^\d+$/.test(text) && Number(text) > 0) budgets[key] = Number(text);
    if (given[key] !== undefined) budgets[key] = given[key];
  }
  return budgets;
}

/** The rules a spec's file can break. */
export const specInputRules = [
  'remote-ref',
  'outside-root',
  'symlink-outside-root',
  'not-a-file',
  'file-bytes',
  'yaml-aliases',
  'yaml-alias-cycle',
  'yaml-nodes',
  'nesting-depth',
] as const;
export type SpecInputRule = (typeof specInputRules)[number];

/** A refused file: the message names the file and the rule, never any of the file's content. */
export class SpecInputError extends Error {
  override readonly name = 'SpecInputError';
  constructor(
    readonly rule: SpecInputRule,
    readonly file: string,
    message: string,
  ) {
    super(`${message} [${rule}]`);
  }
}

const urlPattern = /^[a-z][a-z\d+.-]*:/i;

/** Whether a `$ref` (or root) names a URL rather than a path: never fetched, never read. */
export function isUrl(ref: string): boolean {
  return urlPattern.test(ref) && !/^[a-z]:[\\/]/i.test(ref);
}

/** Whether `path` is `root` or lies under it (by the path's text: {@link checkSpecFile} also checks the real path). */
export function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The real path of a file a spec may read (inside `root` by path and real path, a regular file within the byte budget), else a SpecInputError. */
export function checkSpecFile(
  file: string,
  root: string,
  budgets: Pick<SpecBudgets, 'maxFileBytes'> = defaultSpecBudgets,
): string {
  if (isUrl(file))
    throw new SpecInputError(
      'remote-ref',
      file,
      `${file}: a URL; a spec reads only files inside its root, never the network`,
    );
  const path = resolve(root, file);
  const shown = relative(root, path).split(sep).join('/') || file;
  if (!isInside(path, resolve(root)))
    throw new SpecInputError('outside-root', shown, `${shown}: outside the root the spec was given`);
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    throw new SpecInputError(
      'not-a-file',
      shown,
      `${shown}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  if (!isInside(real, realpathSync(root)))
    throw new SpecInputError('symlink-outside-root', shown, `${shown}: a symbolic link out of the root`);
  const stat = statSync(real);
  if (!stat.isFile()) throw new SpecInputError('not-a-file', shown, `${shown}: not a regular file`);
  if (stat.size > budgets.maxFileBytes)
    throw new SpecInputError(
      'file-bytes',
      shown,
      `${shown}: ${stat.size} bytes, over the budget of ${budgets.maxFileBytes} (raise it with ${budgetVariables.maxFileBytes})`,
    );
  return real;
}

export const parsedExtension = /\.(ya?ml|json)$/i;

/** The text of a file a spec may read; YAML or JSON is parsed under the budgets too (for Spectral, which parses it itself). */
export function readSpecFile(file: string, root: string, budgets: SpecBudgets = defaultSpecBudgets): string {
  const text = readFileSync(checkSpecFile(file, root, budgets), 'utf8').replace(/\r\n/g, '\n');
  if (parsedExtension.test(file)) parseSpecText(text, relative(root, resolve(root, file)), budgets);
  return text;
}

/** Parses a spec file's text as Redocly's bundler does (js-yaml core schema, merge keys, no timestamps),
 * under the budgets: js-yaml expands no alias, so the nodes aliases stand for are summed before any walker
 * expands them. */
export function parseSpecText(
  text: string,
  shown: string,
  budgets: SpecBudgets = defaultSpecBudgets,
): unknown {
  if (/^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      // not JSON after all: YAML (a flow mapping) reads it below
    }
  }
  const documents = loadAll(text, { schema, filename: shown });
  if (documents.length > 1)
    throw new Error(`${shown}: expected a single document in the stream, but found more`);
  const parsed = documents.length === 0 ? (text.trim() === '' ? undefined : null) : documents[0];
  if (!text.includes('*')) return parsed;
  const { aliases, nodes } = expandedSize(parsed, shown, budgets);
  if (aliases > budgets.maxAliases)
    throw new SpecInputError(
      'yaml-aliases',
      shown,
      `${shown}: more than ${budgets.maxAliases} YAML aliases (raise the budget with ${budgetVariables.maxAliases})`,
    );
  if (nodes > budgets.maxNodes)
    throw new SpecInputError(
      'yaml-nodes',
      shown,
      `${shown}: more than ${budgets.maxNodes} YAML nodes once its aliases are expanded (raise the budget with ${budgetVariables.maxNodes})`,
    );
  return parsed;
}

const schema = CORE_SCHEMA.withTags(mergeTag, binaryTag, omapTag, pairsTag, setTag);

/** The aliases of a parsed value and its node count once expanded, each distinct object sized once. */
function expandedSize(top: unknown, shown: string, budgets: SpecBudgets): { aliases: number; nodes: number } {
  const sizes = new Map<object, number>();
  const open = new Set<object>();
  const seen = new Set<object>();
  let aliases = 0;
  const isNode = (value: unknown): value is object => typeof value === 'object' && value !== null;
  if (!isNode(top)) return { aliases, nodes: 1 };
  const stack: Array<{ node: object; children?: unknown[] }> = [{ node: top }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as { node: object; children?: unknown[] };
    const { node } = frame;
    if (frame.children === undefined) {
      if (sizes.has(node)) {
        stack.pop();
        continue;
      }
      if (open.has(node))
        throw new SpecInputError('yaml-alias-cycle', shown, `${shown}: a YAML alias inside its own anchor`);
      open.add(node);
      frame.children = Object.values(node);
      for (const child of frame.children)
        if (isNode(child)) {
          if (open.has(child))
            throw new SpecInputError(
              'yaml-alias-cycle',
              shown,
              `${shown}: a YAML alias inside its own anchor`,
            );
          if (seen.has(child)) aliases += 1;
          else seen.add(child);
          if (!sizes.has(child)) stack.push({ node: child });
        }
      if (aliases > budgets.maxAliases) return { aliases, nodes: 0 };
      continue;
    }
    stack.pop();
    open.delete(node);
    let size = 1;
    for (const child of frame.children) size += isNode(child) ? (sizes.get(child) ?? 0) : 1;
    sizes.set(node, Math.min(size, budgets.maxNodes + 1));
  }
  return { aliases, nodes: sizes.get(top) ?? 0 };
}
