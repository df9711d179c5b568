/**
 * Memos for pure functions of the loaded contracts. The bundled documents never change after load, so a
 * result computed from a spec object and a small key (a status, a Content-Type, a pointer) can be kept
 * for as long as that object lives. Each memo is bounded: traffic decides the keys (a Content-Type header
 * is whatever the recording says), and a memo must not grow with the size of the input.
 */
const maxKeysPerObject = 256;

export interface ObjectMemo<K, V> {
  get(owner: object, key: K, compute: () => V): V;
}

/** `compute()` once per (owner object, key); the owner's entries go when the owner does. */
export function objectMemo<K, V>(): ObjectMemo<K, V> {
  const byOwner = new WeakMap<object, Map<K, V>>();
  return {
    get(owner, key, compute) {
      let entries = byOwner.get(owner);
      if (entries === undefined) {
        entries = new Map();
        byOwner.set(owner, entries);
      } else if (entries.has(key)) {
        return entries.get(key) as V;
      }
      const value = compute();
      if (entries.size >= maxKeysPerObject) entries.clear();
      entries.set(key, value);
      return value;
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
