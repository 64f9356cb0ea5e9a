// Per-IP token buckets (e.g. Supabase Auth: /token 150 per 5 minutes with bursts of 30).

export interface RateLimit {
  /** Sustained rate: `perWindow` requests every `windowS` seconds. */
  perWindow: number;
  windowS: number;
  /** Bucket size: how many requests may arrive at once. */
  burst: number;
}

export interface Limiter {
  /** Takes one token for `key`; false when the bucket is empty. */
  take(key: string): boolean;
}

export function createLimiter(limit: RateLimit, now: () => number = Date.now): Limiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refillPerMs = limit.perWindow / (limit.windowS * 1000);
  return {
    take(key) {
      const t = now();
      if (buckets.size > 10_000) for (const [k, b] of buckets) if (t - b.at > limit.windowS * 1000) buckets.delete(k);
      const b = buckets.get(key) ?? { tokens: limit.burst, at: t };
      b.tokens = Math.min(limit.burst, b.tokens + (t - b.at) * refillPerMs);
      b.at = t;
      buckets.set(key, b);
      if (b.tokens < 1) return false;
      b.tokens -= 1;
      return true;
    },
  };
}
