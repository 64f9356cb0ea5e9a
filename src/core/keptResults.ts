// The last few results computed for one owner object (a point index, a newest-first order), each kept with the key
// it was made from, so going back to a recent key costs nothing. Weakly keyed by the owner: an owner let go takes
// its results along. `current` drops results of an older generation of the owner (an index changed in place keeps
// its object but not its data), so they are never returned and their memory goes at the next call.
export interface KeptResultsOptions<K> {
  /** Results kept per owner, the most recently used last (at least 1). */
  size: number;
  /** Whether a kept key still belongs to the owner's current generation, given the key asked for. */
  current: (kept: K, asked: K) => boolean;
  /** Whether a kept key (of the current generation) gives the result asked for. */
  same: (kept: K, asked: K) => boolean;
}

export interface KeptResults<O extends object, K, V> {
  /** The result kept for `key`, or `make()`'s, kept in place of the least recently used. */
  get(owner: O, key: K, make: () => V): V;
}

export function keptResults<O extends object, K, V>({ size, current, same }: KeptResultsOptions<K>): KeptResults<O, K, V> {
  const store = new WeakMap<O, { key: K; value: V }[]>();
  return {
    get(owner, key, make) {
      const kept = (store.get(owner) ?? []).filter((e) => current(e.key, key));
      const entry = kept.find((e) => same(e.key, key)) ?? { key, value: make() };
      store.set(owner, [...kept.filter((e) => e !== entry), entry].slice(-Math.max(1, size)));
      return entry.value;
    },
  };
}
