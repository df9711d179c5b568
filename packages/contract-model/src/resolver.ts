// Redocly's resolver with the reading replaced by the spec-input policy (its documented BaseResolver API,
// `externalRefResolver`): every file a bundle or a lint reads is checked and parsed by spec-input.ts.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { BaseResolver, Document, Source } from '@redocly/openapi-core';
import { checkSpecFile, isUrl, parseSpecText, type SpecBudgets, specBudgets } from './spec-input.js';

/** Where a spec may read: its root folder and its budgets. */
export interface SpecInputPolicy {
  root: string;
  budgets?: Partial<SpecBudgets>;
}

const parsedExtension = /\.(ya?ml|json)$/i;

/**
 * A Redocly `BaseResolver` that reads only what the policy allows. `SourceClass` is Redocly's `Source`
 * from whichever of its entries the caller loaded (the OpenAPI-only bundler does not export the resolver).
 */
export function guardedResolver(SourceClass: typeof Source, policy: SpecInputPolicy): BaseResolver {
  const budgets = specBudgets(process.env, policy.budgets);
  const root = resolve(policy.root);
  const read = new Set<string>();
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
      const real = checkSpecFile(absoluteRef, root, budgets);
      const body = readFileSync(real, 'utf8').replace(/\r\n/g, '\n');
      read.add(absoluteRef);
      return new SourceClass(absoluteRef, body);
    },
    parseDocument(source: Source, isRoot = false): Document {
      // As Redocly: files of other kinds (an `externalValue` example, GraphQL) stay text.
      if (!isRoot && !parsedExtension.test(source.absoluteRef)) return { source, parsed: source.body };
      const shown = source.absoluteRef.startsWith(root)
        ? source.absoluteRef.slice(root.length + 1)
        : source.absoluteRef;
      return { source, parsed: parseSpecText(source.body, shown, budgets) };
    },
    resolveDocument(base: string | null, ref: string, isRoot = false): Promise<Document> {
      const absoluteRef = resolver.resolveExternalRef(base, ref);
      const cached = resolver.cache.get(absoluteRef);
      if (cached) return cached;
      const document = resolver
        .loadExternalRef(absoluteRef)
        .then((source) => resolver.parseDocument(source, isRoot));
      resolver.cache.set(absoluteRef, document);
      return document;
    },
  };
  return resolver as unknown as BaseResolver;
}
