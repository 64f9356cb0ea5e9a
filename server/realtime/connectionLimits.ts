// Who may hold a realtime socket, checked in the connection and join path: at most
// `perAddress` sockets per client address (TRUST_PROXY-aware) and `perUser` per signed-in user; a socket that has
// joined no channel within `joinDeadlineMs` is closed; sockets joined with the public anon key only share
// `anonSockets`, below the server's global limit, so signed-in users always find room. Limits: docs/architecture.md#the-embedded-server.

export interface ConnectionLimits {
  /** Sockets open at once from one client address. */
  perAddress: number;
  /** Sockets joined at once by one user (the token's `sub`). */
  perUser: number;
  /** A socket that has joined no channel by then is closed. */
  joinDeadlineMs: number;
  /** Sockets joined with the anon key only, all addresses together (the global limit is 2000). */
  anonSockets: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { perAddress: 200, perUser: 20, joinDeadlineMs: 10_000, anonSockets: 1000 };

/** Counts per key; `take` refuses past the limit, `release` gives back (idempotent per holder via the caller). */
export class KeyedCounter {
  private readonly counts = new Map<string, number>();
  constructor(private readonly limit: number) {}
  take(key: string): boolean {
    const n = this.counts.get(key) ?? 0;
    if (n >= this.limit) return false;
    this.counts.set(key, n + 1);
    return true;
  }
  release(key: string): void {
    const n = (this.counts.get(key) ?? 0) - 1;
    if (n > 0) this.counts.set(key, n); else this.counts.delete(key);
  }
  count(key: string): number { return this.counts.get(key) ?? 0; }
}
