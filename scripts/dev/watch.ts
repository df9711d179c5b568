import { lstatSync, realpathSync } from 'node:fs';
import { dirname, extname, relative, resolve, sep } from 'node:path';
import { watch } from 'chokidar';

/** What a watched service needs: its name and the folder of its root document. */
export interface WatchedService {
  name: string;
  dir: string;
}

/** The files `pnpm dev` reacts to: the split specs, their examples and the XSDs. Editors' temp files are not. */
const watchedExtensions = new Set(['.yaml', '.yml', '.json', '.xsd']);

/** The deepest folder holding every service's folder (`specs/` in this repository). */
export function watchRoot(services: readonly WatchedService[]): string {
  const [first, ...rest] = services.map((service) => resolve(service.dir));
  if (first === undefined) throw new Error('no service to watch');
  let root = first;
  for (const dir of rest) {
    while (dir !== root && !dir.startsWith(root.endsWith(sep) ? root : root + sep)) root = dirname(root);
  }
  return root;
}

/** The service whose folder holds `path`, or every service for a path outside all of them. */
function ownersOf(path: string, services: readonly WatchedService[]): string[] {
  const absolute = resolve(path);
  const owner = services.find((service) => absolute.startsWith(resolve(service.dir) + sep));
  return owner ? [owner.name] : services.map((service) => service.name);
}

/**
 * The services a changed file belongs to: the one whose folder holds it, or every service for a file
 * outside all of them (`specs/common/` is shared). None for a file that is not a spec, example or XSD.
 */
export function servicesOf(file: string, services: readonly WatchedService[]): string[] {
  if (!watchedExtensions.has(extname(file).toLowerCase())) return [];
  return ownersOf(file, services);
}

/**
 * Why a symbolic link is a loop (it cannot be resolved, or it points at a folder that holds it), or
 * `undefined` for any other path. Links are never followed by the watcher; a loop is only reported.
 */
export function symlinkLoop(path: string): string | undefined {
  try {
    if (!lstatSync(path).isSymbolicLink()) return undefined;
  } catch {
    return undefined;
  }
  let target: string;
  try {
    target = realpathSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ELOOP' ? 'a symbolic link loop' : undefined;
  }
  const folder = realpathSync(dirname(path));
  return folder === target || folder.startsWith(target + sep)
    ? 'a symbolic link to a folder that holds it'
    : undefined;
}

/** What the watcher says of an error it met (a folder it cannot read, a loop): the path and the reason. */
export function watchProblem(error: unknown, root: string): string {
  const { code, path } = error as NodeJS.ErrnoException;
  const where = path === undefined ? '' : `${relative(root, path) || '.'}: `;
  const why =
    code === 'ELOOP'
      ? 'a symbolic link loop'
      : code === 'EACCES' || code === 'EPERM'
        ? 'not readable'
        : String((error as Error).message ?? error);
  return `${where}${why}; watching goes on`;
}

export interface SpecWatcher {
  root: string;
  /** Resolves once the first scan is done: saves from then on are reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface WatchOptions {
  /** Quiet time after the last event of a burst before `onChange` is called. */
  debounceMs?: number;
  /** A path the watcher cannot read or a symbolic link loop: reported, and watching goes on. */
  onProblem?: (message: string) => void;
}

/**
 * Watches the specs' folder with chokidar, which keeps following a file that a save replaces (a rename
 * over it, `git checkout`, a folder swapped), and calls `onChange` once per burst of saves with the
 * services touched and the files that changed (absolute paths). Symbolic links are not followed, so a
 * loop costs nothing; it is reported once. No watcher error stops the watching.
 */
export function watchSpecs(
  services: readonly WatchedService[],
  onChange: (changed: { services: string[]; files: string[] }) => void,
  { debounceMs = 60, onProblem = () => undefined }: WatchOptions = {},
): SpecWatcher {
  const root = watchRoot(services);
  const pending = new Set<string>();
  const files = new Set<string>();
  const reported = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const shown = (path: string): string => relative(root, path) || '.';
  const reportLoop = (path: string): void => {
    if (reported.has(path)) return;
    const why = symlinkLoop(path);
    if (why === undefined) return;
    reported.add(path);
    onProblem(`${shown(path)}: ${why}; not followed, watching goes on`);
  };

  const watcher = watch(root, {
    ignoreInitial: true,
    followSymlinks: false,
    // A file that is neither spec, example nor XSD (an editor's swap file) is never watched.
    ignored: (path, stats) => {
      if (stats?.isSymbolicLink()) reportLoop(path);
      return stats?.isFile() === true && !watchedExtensions.has(extname(path).toLowerCase());
    },
  });
  watcher.on('all', (event, path) => {
    if (event === 'add' || event === 'addDir') reportLoop(path);
    const touched =
      event === 'addDir' || event === 'unlinkDir' ? ownersOf(path, services) : servicesOf(path, services);
    if (touched.length === 0 || path === root) return;
    for (const service of touched) pending.add(service);
    files.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changed = { services: [...pending], files: [...files] };
      pending.clear();
      files.clear();
      onChange(changed);
    }, debounceMs);
  });
  watcher.on('error', (error) => onProblem(watchProblem(error, root)));
  const ready = new Promise<void>((resolveReady) => watcher.once('ready', () => resolveReady()));
  return {
    root,
    ready,
    close: async () => {
      clearTimeout(timer);
      await watcher.close();
    },
  };
}
