import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isObject } from '@svc-contracts/openapi-utils';
import { parse } from 'yaml';

/** One service as `redocly.yaml` lists it under `apis`, the one list every tool reads. */
export interface Service {
  name: string;
  /** Absolute path of the root OpenAPI document. */
  root: string;
  /** Absolute path of the folder of the root document; `x-xsd` paths are relative to it. */
  dir: string;
  /** The root document relative to the config's folder (the repository), `/`-separated, for messages. */
  relativeRoot: string;
}

/** What a caller may pass for a service: a name and a root (relative roots resolve against a base folder). */
export interface ServiceSource {
  name: string;
  root: string;
}

export function toPosix(path: string): string {
  return path.split(sep).join('/');
}

/** A service from a name and a root, resolved against `baseDir`. */
export function serviceOf(source: ServiceSource, baseDir: string): Service {
  const root = isAbsolute(source.root) ? source.root : resolve(baseDir, source.root);
  return { name: source.name, root, dir: dirname(root), relativeRoot: toPosix(relative(baseDir, root)) };
}

/** Finds `redocly.yaml` in `start` or its nearest ancestor. */
export function findConfigPath(start = process.cwd()): string | undefined {
  let dir = resolve(start);
  for (;;) {
    const candidate = resolve(dir, 'redocly.yaml');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The services listed in the config's `apis`, in order, roots resolved against the config's folder. */
export function listServices(configPath: string): Service[] {
  const config = parse(readFileSync(configPath, 'utf8')) as {
    apis?: Record<string, { root?: string }>;
  } | null;
  const baseDir = dirname(resolve(configPath));
  return Object.entries(config?.apis ?? {})
    .filter(([, api]) => typeof api?.root === 'string')
    .map(([name, api]) => serviceOf({ name, root: api.root as string }, baseDir));
}

/** A listed service whose root document exists: a service listed before its spec is written is skipped. */
export function isWritten(service: { root: string }): boolean {
  return existsSync(service.root);
}

/** The `hosts` entry of `contract-check.json` next to the config, if there is one. */
export async function configHosts(configPath: string | undefined): Promise<Record<string, unknown>> {
  if (configPath === undefined) return {};
  const text = await readFile(join(dirname(configPath), 'contract-check.json'), 'utf8').catch(
    () => undefined,
  );
  let hosts: unknown;
  try {
    hosts = text === undefined ? undefined : (JSON.parse(text) as { hosts?: unknown } | null)?.hosts;
  } catch (error) {
    throw new Error(`contract-check.json: not JSON (${(error as Error).message.slice(0, 120)})`);
  }
  if (hosts === undefined) return {};
  if (!isObject(hosts)) throw new Error('contract-check.json: "hosts" maps a service to its host names');
  return hosts;
}
