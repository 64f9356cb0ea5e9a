// Keeps the precomputed point-index pages (private.point_index_pages) built between reads: a few dirty pages per
// statement (private.refresh_point_index_pages), one statement at a time so requests interleave, starting at once
// and then every `intervalMs`. Readers rebuild what is still dirty themselves: this only moves the work out of a
// cold open. buildPointIndexPages builds every dirty page at once, for the end of a seed or a restore (before the
// first request is let in), so the first user after a bulk load does not wait for them.
import type { Database, Queryable } from './types';

/** Rebuilds every dirty point-index page, `pagesPerStep` per statement; returns how many were built. */
export async function buildPointIndexPages(q: Queryable, pagesPerStep = 16): Promise<number> {
  let built = 0;
  for (;;) {
    const r = await q.query<{ n: number }>('select private.refresh_point_index_pages($1) as n', [pagesPerStep]);
    const n = Number(r.rows[0]?.n ?? 0);
    if (n === 0) return built;
    built += n;
  }
}

export function startPointIndexWarmup(db: Database, o: { intervalMs?: number; pagesPerStep?: number } = {}): { stop(): Promise<void> } {
  const pagesPerStep = o.pagesPerStep ?? 4;
  let stopped = false;
  let running: Promise<void> | null = null;
  const run = async () => {
    while (!stopped) {
      const r = await db.admin.query<{ n: number }>('select private.refresh_point_index_pages($1) as n', [pagesPerStep]);
      if (Number(r.rows[0]?.n ?? 0) === 0) return;
      await new Promise((ok) => setImmediate(ok)); // let waiting requests in between steps
    }
  };
  const tick = () => {
    if (stopped || running) return;
    running = run().catch(() => { /* retried at the next tick (e.g. a lock timeout or the database closing) */ })
      .finally(() => { running = null; });
  };
  const timer = setInterval(tick, o.intervalMs ?? 5_000);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
