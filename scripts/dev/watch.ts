import { type FSWatcher, watch } from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';

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

/**
 * The services a changed file belongs to: the one whose folder holds it, or every service for a file
 * outside all of them (`specs/common/` is shared). None for a file that is not a spec, example or XSD.
 */
export function servicesOf(file: string, services: readonly WatchedService[]): string[] {
  if (!watchedExtensions.has(extname(file).toLowerCase())) return [];
  const path = resolve(file);
  const owner = services.find((service) => path.startsWith(resolve(service.dir) + sep));
  return owner ? [owner.name] : services.map((service) => service.name);
}

export interface SpecWatcher {
  root: string;
  close(): void;
}

/**
 * Watches the specs' folder (recursive `fs.watch`: measured to follow new folders on Linux with Node
 * 20.20) and calls `onChange` once per burst of saves (`debounceMs` after the last event) with the
 * services touched and the files that changed (absolute paths).
 */
export function watchSpecs(
  services: readonly WatchedService[],
  onChange: (changed: { services: string[]; files: string[] }) => void,
  debounceMs = 60,
): SpecWatcher {
  const root = watchRoot(services);
  const pending = new Set<string>();
  const files = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(root, { recursive: true }, (_event, name) => {
    if (name === null) return;
    const file = join(root, name.toString());
    const touched = servicesOf(file, services);
    if (touched.length === 0) return;
    for (const service of touched) pending.add(service);
    files.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const changed = { services: [...pending], files: [...files] };
      pending.clear();
      files.clear();
      onChange(changed);
    }, debounceMs);
  });
  return {
    root,
    close: () => {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
