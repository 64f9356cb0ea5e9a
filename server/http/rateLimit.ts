// Token buckets per key (e.g. Supabase Auth: /token 150 per 5 minutes with bursts of 30), kept in the database
// (auth.rate_limit_buckets, server/db/bootstrap.sql) so that N instances on one PostgreSQL share one budget per
// client instead of multiplying it by N. One atomic upsert per take; stale buckets are pruned now and then.
import type { Queryable } from '../db/types';

export interface RateLimit {
  /** Sustained rate: `perWindow` requests every `windowS` seconds. */
  perWindow: number;
  windowS: number;
  /** Bucket size: how many requests may arrive at once. */
  burst: number;
}

export interface Limiter {
  /** Takes one token for `key`; false when the bucket is empty. */
  take(key: string): Promise<boolean>;
}

const PRUNE_EVERY = 500;

// refilled = what the bucket holds now; one token is taken when a whole one is there.
const TAKE_SQL = `
  insert into auth.rate_limit_buckets as b (bucket, key, tokens, at, allowed)
  values ($1, $2, $3::float8 - 1, now(), true)
  on conflict (bucket, key) do update set
    tokens = case when least($3::float8, b.tokens + extract(epoch from now() - b.at)::float8 * $4::float8) >= 1
                  then least($3::float8, b.tokens + extract(epoch from now() - b.at)::float8 * $4::float8) - 1
                  else least($3::float8, b.tokens + extract(epoch from now() - b.at)::float8 * $4::float8) end,
    allowed = least($3::float8, b.tokens + extract(epoch from now() - b.at)::float8 * $4::float8) >= 1,
    at = now()
  returning allowed`;

/** `bucket` names the limit (e.g. 'token'); keys are per client (its address). */
export function createLimiter(db: { admin: Queryable }, bucket: string, limit: RateLimit): Limiter {
  const refillPerS = limit.perWindow / limit.windowS;
  let takes = 0;
  return {
    async take(key) {
      if (++takes % PRUNE_EVERY === 0) {
        // A bucket untouched for a whole window is full again: forgetting it changes nothing.
        void db.admin.query('delete from auth.rate_limit_buckets where bucket = $1 and at < now() - make_interval(secs => $2)', [bucket, limit.windowS])
          .catch(() => undefined);
      }
      const r = await db.admin.query<{ allowed: boolean }>(TAKE_SQL, [bucket, key, limit.burst, refillPerS]);
      return r.rows[0]?.allowed === true;
    },
  };
}
