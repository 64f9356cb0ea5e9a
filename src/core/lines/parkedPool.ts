// The resources of the last lines shown, parked rather than destroyed: switching back to a line
// takes its resource again (say the line image's worker with its decoded tiles: nothing fetched nor decoded anew).
// Up to `keep` parked (a recent cache, ./recentCache), least recently parked destroyed first. Closing destroys the
// parked ones; a resource parked after the pool was closed is destroyed at once; taking reopens the pool (React
// StrictMode unmounts and remounts).
import { createRecentCache, type RecentCache } from './recentCache';

export interface Parkable { park(): void; dispose(): void }

export class ParkedPool<T extends Parkable> {
  private readonly parked: RecentCache<T>;
  private closed = false;

  constructor(private readonly keep: number) {
    this.parked = createRecentCache<T>(keep, Number.POSITIVE_INFINITY, (_key, r) => r.dispose());
  }

  /** The resource parked under `key` (no longer parked), else null. */
  take(key: string): T | null {
    this.closed = false;
    return this.parked.take(key) ?? null;
  }

  /** Parks `r` under `key`; destroys the least recently parked beyond `keep` (and any other under the same key). */
  park(key: string, r: T): void {
    if (this.closed || this.keep <= 0) { r.dispose(); return; }
    const same = this.parked.take(key);
    if (same && same !== r) same.dispose();
    r.park();
    this.parked.put(key, r, 0);
  }

  /** Keys parked, least recently parked first. */
  keys(): string[] {
    return this.parked.keys();
  }

  /** Destroys every parked resource; later parks destroy theirs until the next take. */
  close(): void {
    this.closed = true;
    for (const key of this.parked.keys()) this.parked.take(key)?.dispose();
  }
}
