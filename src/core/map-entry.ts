/** What {@link entryOf} reads and writes: a `Map` or a `WeakMap`. */
interface Entries<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value of `key` in `map`, made with `make` and kept there the first time it is asked for. */
export function entryOf<K, V>(map: Entries<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
