// Advisory lock keys shared by every instance on one PostgreSQL (pg_advisory_lock(bigint)): one place so they never collide.

/** The migration runner (bootstrap, migrations, change capture). */
export const MIGRATION_LOCK = 7_126_390_001;
/** The first-start seed (demo data or the bootstrap invitation). */
export const SEED_LOCK = 7_126_390_002;
/** Setting the authenticator role's password (ALTER ROLE from several instances would fail "tuple concurrently updated"). */
export const AUTHENTICATOR_LOCK = 7_126_390_003;

/** PGlite has one process: a lock is only the callers of this process waiting for each other, in order. */
export function inProcessLock(): <T>(key: number, fn: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(_key: number, fn: () => Promise<T>): Promise<T> => {
    const run = last.then(fn, fn);
    last = run.catch(() => undefined);
    return run;
  };
}
