// The resources of the last lines shown, parked rather than destroyed: switching back to a line
// takes its resource again (say the line image's worker with its decoded tiles: nothing fetched nor decoded anew).
// Up to `keep` parked, least recently parked destroyed first. Closing destroys the parked ones; a resource parked
// after the pool was closed is destroyed at once; taking reopens the pool (React StrictMode unmounts and remounts).

export interface Parkable { park(): void; dispose(): void }

export class ParkedPool<T extends Parkable> {
  private parked = new Map<string, T>(); // insertion order = least recently parked first
  private closed = false;

  constructor(private readonly keep: number) {}

  /** The resource parked under `key` (no longer parked), else null. */
  take(key: string): T | null {
    this.closed = false;
    const r = this.parked.get(key) ?? null;
    this.parked.delete(key);
    return r;
  }

  /** Parks `r` under `key`; destroys the least recently parked beyond `keep` (and any other under the same key). */
  park(key: string, r: T): void {
    if (this.closed || this.keep <= 0) { r.dispose(); return; }
    const same = this.parked.get(key);
    if (same && same !== r) same.dispose();
    this.parked.delete(key);
    r.park();
    this.parked.set(key, r);
    for (const [k, old] of this.parked) {
      if (this.parked.size <= this.keep) break;
      this.parked.delete(k);
      old.dispose();
    }
  }

  /** Keys parked, least recently parked first. */
  keys(): string[] {
    return [...this.parked.keys()];
  }

  /** Destroys every parked resource; later parks destroy theirs until the next take. */
  close(): void {
    this.closed = true;
    for (const r of this.parked.values()) r.dispose();
    this.parked.clear();
  }
}
