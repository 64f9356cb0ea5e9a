// The few lines shown last, kept in memory so that switching back to one is instant: a least-recently-used cache
// bounded by a number of entries and a total weight (points held), so a network of small lines keeps 2-3 of them and
// a line of a million points is never kept beside the one shown. `onEvict` is told of each value the bounds push out
// (a value too heavy to keep included); a value taken back or cleared is not evicted.

export interface RecentCache<V> {
  /** Removes and returns the entry of `key` (it becomes the one shown: no longer parked). */
  take(key: string): V | undefined;
  /** Parks `value` as the most recent; evicts the least recent beyond the bounds. A value heavier than the weight
   * bound is not kept. Returns the evicted keys (the value's own key when it was not kept). */
  put(key: string, value: V, weight: number): string[];
  has(key: string): boolean;
  /** Keys, least recent first. */
  keys(): string[];
  /** Values, least recent first. */
  values(): V[];
  /** Total weight held. */
  weight(): number;
  clear(): void;
}

export function createRecentCache<V>(maxEntries: number, maxWeight: number, onEvict?: (key: string, value: V) => void): RecentCache<V> {
  const entries = new Map<string, { value: V; weight: number }>(); // insertion order = least recent first
  let total = 0;
  const remove = (key: string) => {
    const e = entries.get(key);
    if (!e) return undefined;
    entries.delete(key);
    total -= e.weight;
    return e;
  };
  return {
    take: (key) => remove(key)?.value,
    put(key, value, weight) {
      remove(key);
      if (maxEntries <= 0 || !(weight >= 0) || weight > maxWeight) { onEvict?.(key, value); return [key]; }
      entries.set(key, { value, weight });
      total += weight;
      const evicted: string[] = [];
      for (const k of entries.keys()) {
        if (entries.size <= maxEntries && total <= maxWeight) break;
        const e = remove(k);
        evicted.push(k);
        if (e) onEvict?.(k, e.value);
      }
      return evicted;
    },
    has: (key) => entries.has(key),
    keys: () => [...entries.keys()],
    values: () => [...entries.values()].map((e) => e.value),
    weight: () => total,
    clear() { entries.clear(); total = 0; },
  };
}
