/**
 * The matches kept for traffic that repeats its URLs (lists, polling, the same resource) and its webhooks,
 * per contract set (`loadContracts({ remember: { routes } })`). Kept for its figure
 * `contract-check-remembered.routes` in bench/RESULTS.md (see bench/notes.ts `kept`). Bounded: traffic
 * decides the keys, and memory must not grow with the size of the input.
 */

/**
 * A bounded memo of what is found for (scope, method, text): a service or none, a method as the traffic
 * spells it, a URL or a name. Nested maps rather than one joined key: a joined key is a new string to
 * hash on every lookup, each part here is a string the traffic already holds.
 */
export interface ScopedMemo<V> {
  known(scope: string | undefined, method: string, text: string): V | undefined;
  remember(scope: string | undefined, method: string, text: string, value: V): V;
}

/** Keeps up to `maxKeys` keys; 0 keeps none, each lookup is worked out again (`remember: { routes: false }`). */
export function scopedMemo<V>(maxKeys: number): ScopedMemo<V> {
  if (maxKeys === 0) return { known: () => undefined, remember: (_scope, _method, _text, value) => value };
  let byScope = new Map<string | undefined, Map<string, Map<string, V>>>();
  let size = 0;
  return {
    known: (scope, method, text) => byScope.get(scope)?.get(method)?.get(text),
    remember(scope, method, text, value) {
      const known = byScope.get(scope)?.get(method);
      if (known?.has(text)) {
        known.set(text, value);
        return value;
      }
      // A new key past the bound: everything goes, the maps of each scope and method with it (methods
      // come from traffic).
      if (size >= maxKeys) {
        byScope = new Map();
        size = 0;
      }
      let byMethod = byScope.get(scope);
      if (byMethod === undefined) {
        byMethod = new Map();
        byScope.set(scope, byMethod);
      }
      let byText = byMethod.get(method);
      if (byText === undefined) {
        byText = new Map();
        byMethod.set(method, byText);
      }
      byText.set(text, value);
      size++;
      return value;
    },
  };
}
