/**
 * Import cycles inside a package's sources. The graph has an edge for every static `import … from './…'`,
 * `import './…'` and `export … from './…'`, type-only ones included (a type cycle still ties the modules
 * together), with relative specifiers resolved `.js` → `.ts`. tests/architecture.test.ts runs it over every
 * package's src; it parses with the TypeScript compiler, so comments and strings never count.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import ts from 'typescript';

/** Module → the modules it imports, as paths relative to the graph's root folder (posix). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The relative specifiers a module imports or re-exports statically. */
export function staticImports(text: string, fileName = 'module.ts'): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier !== undefined &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text.startsWith('.')
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/** `specifier` imported from `from` (both posix, relative to one root), as a `.ts` module path. */
export function resolveSpecifier(from: string, specifier: string): string {
  const joined = posix.normalize(posix.join(posix.dirname(from), specifier));
  return joined.replace(/\.(?:js|ts)$/, '.ts').replace(/\.(?:mjs|mts)$/, '.mts');
}

/** The graph of `modules` (path → source text); edges to modules outside the set are dropped. */
export function importGraph(modules: ReadonlyMap<string, string>): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const [path, text] of modules) {
    const targets = staticImports(text, path)
      .map((specifier) => resolveSpecifier(path, specifier))
      .filter((target) => modules.has(target));
    graph.set(path, [...new Set(targets)]);
  }
  return graph;
}

/**
 * One cycle per strongly connected component that has one (Tarjan), each as the path that closes it:
 * `[a, b, c, a]`, starting at the component's first module in sorted order; sorted, so the output is stable.
 */
export function findCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const nodes = [...graph.keys()].sort();

  // Iterative, so a long chain of modules cannot overflow the call stack.
  for (const start of nodes) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++] as string;
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) {
        low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = component.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component);
      }
    }
  }
  return components.map((component) => cycleWithin(graph, new Set(component))).sort();
}

/** A shortest cycle through the first (sorted) module of a strongly connected component (breadth first). */
function cycleWithin(graph: ImportGraph, component: ReadonlySet<string>): string[] {
  const start = [...component].sort()[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const node = queue[at] as string;
    for (const target of [...(graph.get(node) ?? [])].sort()) {
      if (!component.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let step = node; step !== start; step = previous.get(step) as string) path.splice(1, 0, step);
        return [...path, start];
      }
      if (!previous.has(target) && target !== start) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

function listModules(dir: string, root: string, out: Map<string, string>): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') listModules(path, root, out);
    } else if (/\.m?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.set(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  }
}

/** The import cycles of every `packages/<name>/src` under `root`, as `packages/<name>/src: a.ts → b.ts → a.ts`. */
export function packageImportCycles(root: string): string[] {
  const packagesDir = join(root, 'packages');
  if (!existsSync(packagesDir)) return [];
  const cycles: string[] = [];
  for (const entry of readdirSync(packagesDir, { withFileTypes: true })) {
    const src = join(packagesDir, entry.name, 'src');
    if (!entry.isDirectory() || !existsSync(src)) continue;
    const modules = new Map<string, string>();
    listModules(src, src, modules);
    for (const cycle of findCycles(importGraph(modules))) {
      cycles.push(`packages/${entry.name}/src: ${cycle.join(' → ')}`);
    }
  }
  return cycles.sort();
}
