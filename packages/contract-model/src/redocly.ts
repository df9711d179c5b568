import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BaseResolver, Source } from '@redocly/openapi-core';
import type { bundleOas } from '@redocly/openapi-core/lib/bundle-oas';
import { parse } from 'yaml';
import { guardedResolver, type SpecInputPolicy } from './resolver.js';
import { SpecInputError } from './spec-input.js';

/** What bundling one root document gives (Redocly's bundle result, as this package reads it). */
export type RedoclyBundle = Awaited<ReturnType<typeof bundleOas>>;

/**
 * Bundles one root document with the rules of one Redocly config, reading only what the spec-input policy
 * allows (default root: the config's folder, else the document's).
 */
export type RootBundler = (root: string, policy?: SpecInputPolicy) => Promise<RedoclyBundle>;

/** Redocly's built-in rule sets: rules only, no decorator or preprocessor (nothing that changes a bundle). */
const builtInRuleSets = new Set(['recommended', 'recommended-strict', 'minimal', 'all', 'spec']);

/**
 * Whether bundling under this config is bundling under an empty config: the config sets only what lint
 * reads (`rules`, per-version `…Rules`, `extends` of built-in rule sets), the service list (`apis`: its
 * per-service settings apply to Redocly's own commands, not to a bundle made with the root config, as
 * here) and `telemetry`. Decorators, preprocessors, plugins (which may add either, or types), `resolve`
 * (HTTP headers, examples left unresolved) and an `extends` of a file or URL change what a bundle is, and
 * so does anything this list does not know: any of them, or a config that does not parse, takes the
 * whole of Redocly.
 */
export function configChangesNoBundle(configPath: string | undefined): boolean {
  if (configPath === undefined) return true;
  let config: unknown;
  try {
    config = parse(readFileSync(configPath, 'utf8'));
  } catch {
    return false;
  }
  if (config === null || config === undefined) return true;
  if (typeof config !== 'object' || Array.isArray(config)) return false;
  return Object.entries(config).every(([key, value]) => {
    if (key === 'apis' || key === 'telemetry' || key === 'rules' || /^[a-z][a-z0-9_]*Rules$/.test(key))
      return true;
    if (key === 'extends')
      return (
        Array.isArray(value) && value.every((name) => typeof name === 'string' && builtInRuleSets.has(name))
      );
    return false;
  });
}

/**
 * A bundler of root documents under the config at `configPath` (none: Redocly's default config).
 *
 * Redocly's package entry loads every linter rule, the config loader and its schemas (370-450 ms of CPU
 * to import); its public `@redocly/openapi-core/lib/bundle-oas` export bundles OpenAPI documents alone
 * (about 220 ms). That one is used when the config changes nothing a bundle depends on
 * ({@link configChangesNoBundle}), with an empty config: the same bundle. Otherwise, and for a root that
 * the OpenAPI-only bundler refuses (another kind of document) or cannot bundle, the whole package bundles
 * it with the config loaded, as before: its answer, or its error, is the one given.
 */
export function openBundler(configPath: string | undefined, opts: { whole?: boolean } = {}): RootBundler {
  let whole: Promise<RootBundler> | undefined;
  const wholeBundler = (): Promise<RootBundler> => {
    whole ??= (async () => {
      const { bundle, createConfig, loadConfig, Source } = await import('@redocly/openapi-core');
      // `createConfig()`, not `createConfig({})`: the same config, but relating `{}` to Redocly's config
      // type (thousands of lines of schema types) slows the type check by seconds.
      const config = await (configPath === undefined ? createConfig() : loadConfig({ configPath }));
      return (root, policy) =>
        guarded(Source, root, policy, (externalRefResolver) =>
          bundle({ ref: root, config, externalRefResolver }),
        );
    })();
    return whole;
  };
  if (opts.whole === true || !configChangesNoBundle(configPath)) {
    return async (root, policy) => (await wholeBundler())(root, policy);
  }
  let light: Promise<RootBundler> | undefined;
  const lightBundler = (): Promise<RootBundler> => {
    light ??= (async () => {
      const { bundleOas, createEmptyRedoclyConfig, Source } = await import(
        '@redocly/openapi-core/lib/bundle-oas'
      );
      const config = createEmptyRedoclyConfig(configPath === undefined ? {} : { configPath });
      return (root, policy) =>
        guarded(Source, root, policy, (externalRefResolver) =>
          bundleOas({ ref: root, config, externalRefResolver }),
        );
    })();
    return light;
  };
  return async (root, policy) => {
    try {
      return await (await lightBundler())(root, policy);
    } catch (error) {
      // A refused file is refused by either bundler: the first refusal is the answer.
      if (error instanceof SpecInputError) throw error;
      return (await wholeBundler())(root, policy);
    }
  };

  /** One bundle through a guarded resolver of its own; the root document's `$ref`s as written after. */
  async function guarded(
    SourceClass: typeof Source,
    root: string,
    policy: SpecInputPolicy | undefined,
    run: (resolver: BaseResolver) => Promise<RedoclyBundle>,
  ): Promise<RedoclyBundle> {
    const { resolver, restore } = guardedResolver(
      SourceClass,
      policy ?? { root: dirname(configPath ?? root) },
    );
    try {
      return await run(resolver);
    } finally {
      restore();
    }
  }
}
