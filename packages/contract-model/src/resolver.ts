// Redocly's resolver (its documented BaseResolver, `externalRefResolver`) reading through the spec-input policy.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { BaseResolver, Document, Source } from '@redocly/openapi-core';
import { collapseAliasChains } from './aliases.js';
import { checkNesting, refFiles } from './nesting.js';
import {
  checkSpecFile,
  isInside,
  isUrl,
  parsedExtension,
  parseSpecText,
  type SpecBudgets,
  specBudgets,
} from './spec-input.js';

/** Where a spec may read: its root folder and its budgets. */
export interface SpecInputPolicy {
  root: string;
  budgets?: Partial<SpecBudgets>;
  /** `as-written` (default): the root's `$ref`s to alias chains are put back after bundling; `ended`: they keep the chain's end. */
  aliasChains?: 'as-written' | 'ended';
}

/** A guarded resolver, and what puts the root document's collapsed `$ref`s back once a bundle is made. */
export interface GuardedResolver {
  resolver: BaseResolver;
  restore(): void;
}

/** A Redocly `BaseResolver` that reads only what the policy allows (`SourceClass`: Redocly's `Source` from the entry the caller loaded). */
export function guardedResolver(SourceClass: typeof Source, policy: SpecInputPolicy): GuardedResolver {
  const budgets = specBudgets(process.env, policy.budgets);
  const root = resolve(policy.root);
  const read = new Set<string>();
  const shown = (file: string) => (file.startsWith(root) ? file.slice(root.length + 1) : file);
  let restore = () => {};
  const resolver = {
    config: { http: { headers: [] } },
    cache: new Map<string, Promise<Document>>(),
    /** The files read: a refused one is not one of a bundle's files. */
    getFiles: () => new Set(read),
    resolveExternalRef(base: string | null, ref: string): string {
      if (isUrl(ref)) return ref;
      return resolve(base && !isUrl(base) ? dirname(base) : root, ref);
    },
    async loadExternalRef(absoluteRef: string): Promise<Source> {
      // A missing file inside the root is a bundle file (a cache must see it appear); a refused one is never read.
      if (!isUrl(absoluteRef) && isInside(absoluteRef, root) && !existsSync(absoluteRef))
        read.add(absoluteRef);
      const real = checkSpecFile(absoluteRef, root, budgets);
      const body = readFileSync(real, 'utf8').replace(/\r\n/g, '\n');
      read.add(absoluteRef);
      return new SourceClass(absoluteRef, body);
    },
    parseDocument(source: Source, isRoot = false): Document {
      // As Redocly: files of other kinds (an `externalValue` example, GraphQL) stay text.
      if (!isRoot && !parsedExtension.test(source.absoluteRef)) return { source, parsed: source.body };
      const parsed = parseSpecText(source.body, shown(source.absoluteRef), budgets);
      const put = collapseAliasChains(parsed);
      if (isRoot && policy.aliasChains !== 'ended') restore = put;
      return { source, parsed };
    },
    resolveDocument(base: string | null, ref: string, isRoot = false): Promise<Document> {
      const absoluteRef = resolver.resolveExternalRef(base, ref);
      const cached = resolver.cache.get(absoluteRef);
      if (cached) return cached;
      const parsed = resolver
        .loadExternalRef(absoluteRef)
        .then((source) => resolver.parseDocument(source, isRoot));
      const document = isRoot ? parsed.then(nestingChecked) : parsed;
      resolver.cache.set(absoluteRef, document);
      return document;
    },
  };

  /** The root document once its nesting is within the budget, the files it names loaded (and cached). */
  async function nestingChecked(document: Document): Promise<Document> {
    const loaded = new Map<string, Document>([[document.source.absoluteRef, document]]);
    const pending = [document];
    for (let at = pending.pop(); at !== undefined; at = pending.pop()) {
      const base = at.source.absoluteRef;
      for (const file of typeof at.parsed === 'string' ? [] : refFiles(at.parsed)) {
        const absoluteRef = resolver.resolveExternalRef(base, file);
        if (isUrl(file) || loaded.has(absoluteRef)) continue;
        const named = await resolver.resolveDocument(base, file).catch(() => undefined);
        if (named === undefined) continue;
        loaded.set(absoluteRef, named);
        pending.push(named);
      }
    }
    const documentOf = (from: string, file: string) => {
      const named = loaded.get(file === '' ? from : resolver.resolveExternalRef(from, file));
      return named && typeof named.parsed !== 'string'
        ? { file: named.source.absoluteRef, parsed: named.parsed }
        : undefined;
    };
    checkNesting(
      { file: document.source.absoluteRef, parsed: document.parsed },
      documentOf,
      budgets.maxDepth,
      shown,
    );
    return document;
  }
  return { resolver: resolver as unknown as BaseResolver, restore: () => restore() };
}
