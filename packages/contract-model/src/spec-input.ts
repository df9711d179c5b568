// A spec is input: the one policy for reading a spec's files, whichever tool bundles it. A `$ref` may name
// only a regular file inside the root the tool was given (by its path and by its real path), never a URL,
// and a file is parsed under budgets checked before any alias is expanded.
import { realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import {
  type Document,
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  type Node,
  parseDocument,
} from 'yaml';

/** The budgets of one spec file; each can be raised with its environment variable. */
export interface SpecBudgets {
  /** Bytes of one file (`SPEC_MAX_FILE_BYTES`). */
  maxFileBytes: number;
  /** YAML aliases in one file (`SPEC_MAX_YAML_ALIASES`; the `yaml` package's `maxAliasCount` too). */
  maxAliases: number;
  /** Nodes of one file once its aliases are expanded, counted before expanding them (`SPEC_MAX_YAML_NODES`). */
  maxNodes: number;
}

export const defaultSpecBudgets: Readonly<SpecBudgets> = {
  maxFileBytes: 64 * 1024 * 1024,
  maxAliases: 1000,
  maxNodes: 5_000_000,
};

/** Which environment variable raises which budget (named in every refusal). */
export const budgetVariables: Readonly<Record<keyof SpecBudgets, string>> = {
  maxFileBytes: 'SPEC_MAX_FILE_BYTES',
  maxAliases: 'SPEC_MAX_YAML_ALIASES',
  maxNodes: 'SPEC_MAX_YAML_NODES',
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
export type SpecInputRule =
  | 'remote-ref'
  | 'outside-root'
  | 'symlink-outside-root'
  | 'not-a-file'
  | 'file-bytes'
  | 'yaml-aliases'
  | 'yaml-alias-cycle'
  | 'yaml-duplicate-key'
  | 'yaml-nodes';

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

function inside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * The real path of a file a spec may read, or a SpecInputError: a URL (`remote-ref`), a path outside
 * `root` (`outside-root`), one whose real path is outside it (`symlink-outside-root`), anything but a
 * regular file (`not-a-file`: a FIFO would block, a device never end) or a file over the byte budget.
 * `shown` is how messages name the file (relative to the root).
 */
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
  if (!inside(path, resolve(root)))
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
  if (!inside(real, realpathSync(root)))
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

/**
 * Parses a spec file's text (YAML or JSON) under the budgets: aliases counted and the nodes they would
 * expand to summed on the syntax tree before anything is expanded; an alias inside its own anchor refused.
 * YAML errors are thrown as the parser gives them (they quote the file's own text: a file inside the root).
 */
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
  // The library's duplicate-key check compares each key with every earlier one (quadratic in a mapping's
  // size): keys are checked in linear time by expandedSize instead.
  const doc = parseDocument(text, { schema: 'core', merge: true, prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length > 0) throw doc.errors[0];
  if (doc.contents !== null) {
    const { aliases, nodes } = expandedSize(doc.contents, doc, shown, budgets);
    if (aliases > budgets.maxAliases)
      throw new SpecInputError(
        'yaml-aliases',
        shown,
        `${shown}: ${aliases} YAML aliases, over the budget of ${budgets.maxAliases} (raise it with ${budgetVariables.maxAliases})`,
      );
    if (nodes > budgets.maxNodes)
      throw new SpecInputError(
        'yaml-nodes',
        shown,
        `${shown}: more than ${budgets.maxNodes} YAML nodes once its aliases are expanded (raise the budget with ${budgetVariables.maxNodes})`,
      );
  }
  // The library's own limit stays on as a second guard: its count (uses × aliases inside) is at most the
  // expanded nodes counted above.
  try {
    return doc.toJS({ maxAliasCount: budgets.maxNodes });
  } catch (error) {
    if (error instanceof ReferenceError)
      throw new SpecInputError(
        'yaml-nodes',
        shown,
        `${shown}: ${error.message} (raise the budget with ${budgetVariables.maxNodes})`,
      );
    throw error;
  }
}

/** Aliases of a YAML tree and its node count once expanded, in one pass (each anchor's size counted once). */
function expandedSize(
  top: Node,
  doc: Document,
  shown: string,
  budgets: SpecBudgets,
): { aliases: number; nodes: number } {
  const sizes = new Map<Node, number>();
  const open = new Set<Node>();
  let aliases = 0;
  // Iterative post-order: a frame's children are pushed, then the frame sums them once they are sized.
  const stack: Array<{ node: Node; children?: Node[] }> = [{ node: top }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as { node: Node; children?: Node[] };
    const { node } = frame;
    if (frame.children === undefined) {
      if (sizes.has(node)) {
        stack.pop();
        continue;
      }
      if (isAlias(node)) {
        aliases += 1;
        if (aliases > budgets.maxAliases) return { aliases, nodes: 0 };
        const target = node.resolve(doc);
        if (target === undefined || open.has(target))
          throw new SpecInputError(
            'yaml-alias-cycle',
            shown,
            `${shown}: the YAML alias *${node.source} is inside its own anchor, or has none`,
          );
        frame.children = [target];
        stack.push({ node: target });
        continue;
      }
      const children: Node[] = [];
      const keys = isMap(node) ? new Set<unknown>() : undefined;
      if (isCollection(node))
        for (const item of node.items as unknown[]) {
          if (isPair(item)) {
            const key = isScalar(item.key) ? item.key.value : undefined;
            if (keys && key !== undefined && key !== '<<') {
              if (keys.has(key))
                throw new SpecInputError(
                  'yaml-duplicate-key',
                  shown,
                  `${shown}: the key ${JSON.stringify(String(key))} appears twice in one mapping`,
                );
              keys.add(key);
            }
            if (item.key && typeof item.key === 'object') children.push(item.key as Node);
            if (item.value && typeof item.value === 'object') children.push(item.value as Node);
          } else if (item && typeof item === 'object') children.push(item as Node);
        }
      frame.children = children;
      open.add(node);
      for (const child of children) if (!sizes.has(child)) stack.push({ node: child });
      continue;
    }
    stack.pop();
    open.delete(node);
    let size = isAlias(node) ? 0 : 1;
    for (const child of frame.children) size += sizes.get(child) ?? 0;
    sizes.set(node, Math.min(size, budgets.maxNodes + 1));
  }
  return { aliases, nodes: sizes.get(top) ?? 0 };
}
