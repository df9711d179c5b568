// How deep a spec goes once its `$ref`s are followed, measured before Redocly's recursive walker overflows.
import { resolvePointer } from '@svc-contracts/openapi-utils';
import { budgetVariables, SpecInputError } from './spec-input.js';

/** A document a `$ref` may name: its absolute path and its parsed value. */
export interface NestedDocument {
  file: string;
  parsed: unknown;
}

/** Finds the document a `$ref`'s file part names from a document (undefined: not loaded, or not parsed). */
export type DocumentOf = (from: string, file: string) => NestedDocument | undefined;

type Frame = { node: object; file: string; pointer: string; children: Child[]; depth: number };
type Child = [value: unknown, file: string, pointer: string];

const isNode = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** The file part of every `$ref` string under `value`, each once. */
export function refFiles(value: unknown): string[] {
  const files = new Set<string>();
  const stack = [value];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (!isNode(node)) continue;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && !ref.startsWith('#')) files.add(ref.split('#')[0] as string);
    stack.push(...Object.values(node));
  }
  return [...files];
}

/** Refuses a document nested deeper than `maxDepth` objects once `$ref`s are followed (a cycle is not depth); linear. */
export function checkNesting(
  root: NestedDocument,
  documentOf: DocumentOf,
  maxDepth: number,
  shown: (file: string) => string,
): void {
  const depths = new Map<object, number>();
  const open = new Set<object>();
  const frame = ([node, file, pointer]: [object, string, string]): Frame => {
    open.add(node);
    const children: Child[] = [];
    for (const [name, child] of Object.entries(node))
      if (name !== '$ref')
        children.push([child, file, `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') {
      const [path = '', target = ''] = ref.split('#');
      const document = documentOf(file, path);
      if (document) children.push([resolvePointer(document.parsed, target), document.file, target]);
    }
    return { node, file, pointer, children, depth: 0 };
  };
  if (!isNode(root.parsed)) return;
  const stack: Frame[] = [frame([root.parsed, root.file, ''])];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as Frame;
    const next = top.children.pop();
    if (next === undefined) {
      stack.pop();
      open.delete(top.node);
      const depth = top.depth + 1;
      if (depth > maxDepth) {
        const file = shown(top.file);
        throw new SpecInputError(
          'nesting-depth',
          file,
          `${file}#${top.pointer}: nested more than ${maxDepth} levels deep once its $refs are followed (raise the budget with ${budgetVariables.maxDepth})`,
        );
      }
      depths.set(top.node, depth);
      const parent = stack[stack.length - 1];
      if (parent) parent.depth = Math.max(parent.depth, depth);
      continue;
    }
    const [child, file, pointer] = next;
    if (!isNode(child) || open.has(child)) continue;
    const known = depths.get(child);
    if (known !== undefined) top.depth = Math.max(top.depth, known);
    else stack.push(frame([child, file, pointer]));
  }
}
