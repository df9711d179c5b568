/** A bounded memo of what is found for (scope, method, text): a service or none, a method as the traffic
 * spells it, a URL or a name. */
export interface ScopedMemo<V> {
  known(scope: string | undefined, method: string, text: string): V | undefined;
  remember(scope: string | undefined, method: string, text: string, value: V): V;
}

/** Keeps up to `maxKeys` keys (traffic decides them: memory stays bounded). */
export function scopedMemo<V>(maxKeys: number): ScopedMemo<V> {
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
      // A new key past the bound: everything goes, the maps of each scope and method with it (methods come
      // from traffic).
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
