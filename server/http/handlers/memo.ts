/**
 * A bounded memo for handlers whose answer depends only on their input and an
 * immutable catalog: the first call computes and freezes the body, later calls
 * return that same object (whose JSON text the app then memoises too).
 */
export function memoise<Key, Value extends object>(compute: (key: Key) => Value, keyOf: (key: Key) => string, maxEntries = 1000): (key: Key) => Readonly<Value> {
  const entries = new Map<string, Readonly<Value>>();
  return (input) => {
    const key = keyOf(input);
    let value = entries.get(key);
    if (value === undefined) {
      value = Object.freeze(compute(input));
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, value);
    }
    return value;
  };
}
