// A record with one value for each of a set of keys (a tuple such as shared/stored-statuses.ts storedStatuses), typed
// by those keys: the one place that tells TypeScript what Object.fromEntries cannot.
export const recordOf = <K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> =>
  Object.fromEntries(keys.map((key) => [key, value(key)])) as Record<K, V>
