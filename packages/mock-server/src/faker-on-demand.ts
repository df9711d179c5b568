/**
 * Prism's schema-based generator requires `@faker-js/faker` when it is loaded, and the root module of
 * faker 6 loads all of its 60 locales: about 1.3 s of CPU, half of a mock server's start-up, although the
 * mocks answer from the specs' examples and faker is only called for a dynamic answer. Imported before
 * Prism, this module puts a stand-in for that exact file in Node's CommonJS module cache (where Prism's
 * `require` looks first): its `default` export forwards every access to the real faker, loaded on first
 * use. What Prism generates is unchanged; only the moment faker loads moves.
 */
import { createRequire, Module } from 'node:module';

/** Loads the real faker (set once the stand-in is in place). */
let realFaker: (() => object) | undefined;

/** Whether the stand-in is in place (false when Prism's faker could not be resolved: nothing is changed). */
export const fakerDeferred: boolean = deferFaker();

/**
 * Loads the real faker now, if the stand-in deferred it (for a server in dynamic mode, so that its first
 * answer does not wait for it).
 */
export function loadFakerNow(): void {
  realFaker?.();
}

function deferFaker(): boolean {
  const fromHere = createRequire(import.meta.url);
  let fakerPath: string;
  try {
    // Resolved from Prism's package, as Prism's own `require('@faker-js/faker')` resolves it.
    fakerPath = createRequire(fromHere.resolve('@stoplight/prism-http')).resolve('@faker-js/faker');
  } catch {
    return false;
  }
  const cache = fromHere.cache;
  if (cache[fakerPath] !== undefined) return false;
  let loaded: Record<string | symbol, unknown> | undefined;
  const loadModule = (): Record<string | symbol, unknown> => {
    if (loaded === undefined) {
      const standIn = cache[fakerPath];
      // The real module is required past the stand-in, then the stand-in goes back: Prism keeps the
      // object it was handed at load time, and that object now forwards to this one.
      delete cache[fakerPath];
      try {
        loaded = fromHere(fakerPath) as Record<string | symbol, unknown>;
      } finally {
        if (standIn !== undefined) cache[fakerPath] = standIn;
      }
    }
    return loaded;
  };
  const fakerOf = (): object => {
    const module = loadModule();
    return (module.default ?? module.faker) as object;
  };
  realFaker = fakerOf;
  const forwarding = forwardingTo(fakerOf);
  // `default` and `faker` (the instance Prism reads when it loads) are handed out without loading faker;
  // anything else of the module (its classes, its types' helpers) loads it.
  const standInExports = new Proxy(
    {},
    {
      get: (_, key) =>
        key === 'default' || key === 'faker'
          ? forwarding
          : key === '__esModule'
            ? true
            : Reflect.get(loadModule(), key),
      has: (_, key) => key === 'default' || key === 'faker' || Reflect.has(loadModule(), key),
    },
  );
  const standIn = new Module(fakerPath);
  standIn.filename = fakerPath;
  standIn.loaded = true;
  standIn.exports = standInExports;
  cache[fakerPath] = standIn;
  return true;
}

/** An object that forwards every read to what `target` returns, calling it on first use. */
function forwardingTo(target: () => object): object {
  return new Proxy(
    {},
    {
      get: (_, key) => Reflect.get(target(), key),
      has: (_, key) => Reflect.has(target(), key),
      ownKeys: () => Reflect.ownKeys(target()),
      getOwnPropertyDescriptor: (_, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
        // A proxy may not report a property its (empty) target lacks as non-configurable.
        return descriptor === undefined ? undefined : { ...descriptor, configurable: true };
      },
    },
  );
}
