/**
 * Memos for pure functions of the loaded contracts. The bundled documents never change after load, so a
 * result computed from a spec object and a small key (a status, a Content-Type, a pointer) can be kept
 * for as long as that object lives. Each memo is bounded: traffic decides the keys (a Content-Type header
 * is whatever the recording says), and a memo must not grow with the size of the input.
 */
const maxKeysPerObject = 256;

export interface KeyMemo<K, V> {
  get(key: K, compute: (key: K) => V): V;
}

/**
 * `compute(key)` once per key, for a memo that belongs to one object (an operation's plan, a declared
 * body). `compute` takes the key so that a caller can pass one function made once, not a closure per call.
 */
export function keyMemo<K, V>(): KeyMemo<K, V> {
  const entries = new Map<K, V>();
  return {
    get(key, compute) {
      const known = entries.get(key);
      if (known !== undefined || entries.has(key)) return known as V;
      const value = compute(key);
      if (entries.size >= maxKeysPerObject) entries.clear();
      entries.set(key, value);
      return value;
    },
  };
}

/**
 * A bounded memo of what is found for (scope, method, text): a service or none, a method as the traffic
 * spells it, a URL or a name. Nested maps rather than one joined key: a joined key is a new string to
 * hash on every lookup, each part here is a string the traffic already holds.
 */
export interface ScopedMemo<V> {
  known(scope: string | undefined, method: string, text: string): V | undefined;
  remember(scope: string | undefined, method: string, text: string, value: V): V;
}

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

export interface ObjectMemo<K, V> {
  get(owner: object, key: K, compute: () => V): V;
}

/** `compute()` once per (owner object, key); the owner's entries go when the owner does. */
export function objectMemo<K, V>(): ObjectMemo<K, V> {
  const byOwner = new WeakMap<object, KeyMemo<K, V>>();
  return {
    get(owner, key, compute) {
      let entries = byOwner.get(owner);
      if (entries === undefined) {
        entries = keyMemo();
        byOwner.set(owner, entries);
      }
      return entries.get(key, compute);
    },
  };
}

/** `compute(owner)` once per owner object. */
export function onceFor<O extends object, V>(compute: (owner: O) => V): (owner: O) => V {
  const values = new WeakMap<O, V>();
  return (owner) => {
    if (values.has(owner)) return values.get(owner) as V;
    const value = compute(owner);
    values.set(owner, value);
    return value;
  };
}

/** `compute()` on first call, then that value: for what is worked out only when needed (spec locations). */
export function lazily<V>(compute: () => V): () => V {
  let known = false;
  let value: V | undefined;
  return () => {
    if (!known) {
      value = compute();
      known = true;
    }
    return value as V;
  };
}
