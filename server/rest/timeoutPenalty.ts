// A member who repeats a request that ran out of time is refused for a while instead of holding the database again
// (on PGlite one request holds every other until its time limit). Per signed-in user and request (method and path,
// the query left out so that changing a filter value does not reset it): after a statement timeout (57014) the same
// request is answered 429 for PENALTY_BASE_MS, doubled at each further timeout up to PENALTY_MAX_MS; an answer in
// time clears it. Kept in memory: each instance protects its own database session.
import { HttpError } from '../http/errors';

export const PENALTY_BASE_MS = 30_000;
export const PENALTY_MAX_MS = 10 * 60_000;
const MAX_ENTRIES = 10_000;

interface Entry { until: number; strikes: number }

export class TimeoutPenalty {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly now: () => number = Date.now, private readonly baseMs = PENALTY_BASE_MS) {}

  static key(userId: string, method: string, path: string): string {
    return `${userId}\u0000${method} ${path.replace(/\/+$/, '')}`;
  }

  /** Seconds left before `key` may run again, 0 when it may. */
  waitS(key: string): number {
    const e = this.entries.get(key);
    if (!e) return 0;
    const left = e.until - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** `key` ran out of time: refused for the next penalty (doubled at each repeat). */
  strike(key: string): void {
    const strikes = (this.entries.get(key)?.strikes ?? 0) + 1;
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.prune();
    this.entries.set(key, { strikes, until: this.now() + Math.min(PENALTY_MAX_MS, this.baseMs * 2 ** (strikes - 1)) });
  }

  /** `key` answered in time. */
  clear(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets the entries whose penalty is over twice (oldest first when none is). */
  private prune(): void {
    const t = this.now();
    for (const [k, e] of this.entries) if (e.until + PENALTY_MAX_MS < t) this.entries.delete(k);
    for (const k of this.entries.keys()) {
      if (this.entries.size < MAX_ENTRIES) break;
      this.entries.delete(k);
    }
  }
}

/** The 429 answer: a French message the app shows as is, and Retry-After. */
export function penaltyError(waitS: number): HttpError {
  const message = `Votre requête précédente a dépassé le temps autorisé et occupait le serveur pour tous : réessayez dans ${waitS} s, ` +
    'en demandant moins de lignes à la fois.';
  return new HttpError(429, { code: 'PT429', details: null, hint: 'request_timed_out_recently', message }, { 'Retry-After': String(waitS) });
}
