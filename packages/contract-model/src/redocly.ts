import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { BaseResolver, Source } from '@redocly/openapi-core';
import type { bundleOas } from '@redocly/openapi-core/lib/bundle-oas';
import { parse } from 'yaml';
import { guardedResolver, type SpecInputPolicy } from './resolver.js';
import { SpecInputError } from './spec-input.js';

/** What bundling one root document gives (Redocly's bundle result, as this package reads it). */
export type RedoclyBundle = Awaited<ReturnType<typeof bundleOas>>;

/** Bundles one root document under one Redocly config, reading only what the spec-input policy allows. */
export type RootBundler = (root: string, policy?: SpecInputPolicy) => Promise<RedoclyBundle>;

/** Redocly's built-in rule sets: rules only, no decorator or preprocessor (nothing that changes a bundle). */
const builtInRuleSets = new Set(['recommended', 'recommended-strict', 'minimal', 'all', 'spec']);

/** Whether the config sets only what lint reads (`rules`, `…Rules`, built-in `extends`, `apis`, `telemetry`):
 * then an empty config gives the same bundle. Anything else, or a config that does not parse, needs all of
 * Redocly. */
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

/** A bundler of root documents under the config at `configPath`. Redocly's OpenAPI-only bundler (a much
 * lighter import) when {@link configChangesNoBundle}; otherwise, or when it cannot bundle the root, the
 * whole package. */
export function openBundler(configPath: string | undefined, opts: { whole?: boolean } = {}): RootBundler {
  let whole: Promise<RootBundler> | undefined;
  const wholeBundler = (): Promise<RootBundler> => {
    whole ??= (async () => {
      const { bundle, createConfig, loadConfig, Source } = await import('@redocly/openapi-core');
      // `createConfig()`, not `createConfig({})`: relating `{}` to Redocly's config type slows the type check.
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
