// The dashboard feed under a bulk change: public.bulk_update_points of 5,000 and 10,000 points as
// an active member, on a database migrated up to the migrations before 20261127100000 (before: the audit trigger
// on points row by row, the dashboard feed applying each update entry one by one), then on the same database once
// every migration is applied (after). Per size, median of FEED_RUNS runs (default 3) of:
//   * rpc: the whole call as the API makes it (every trigger: version check, audit, dashboard feed, point index
//     pages, broadcast, the local server's realtime capture), without the role's statement_timeout;
//   * rpc without capture: the same with the local realtime capture off (Supabase captures from the WAL instead);
//   * bare update (baseline): the same rows changed by one UPDATE with no trigger at all (session_replication_role
//     replica), measured in the same run: the ratio rpc / bare update is what the triggers cost.
// PostgreSQL: a fresh database on DATABASE_URL's server, else on a throwaway server; FEED_DB=pglite for PGlite
// (in a worker thread, in memory). FEED_SIZES=5000,10000 and FEED_BEFORE=0 (skip the before half) to shorten.
// Command: `npm run bench dashboardFeed` (or `FEED_DB=pglite FEED_RUNS=1 npm run bench dashboardFeed`).
// JSON in bench/results/dashboardFeed-<db>.json.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, MIGRATIONS_DIR } from '../server/db/migrate';
import { startTempPostgres } from '../server/db/tempPostgres';
import type { Database } from '../server/db/types';
import { createUserWithProfile, ctxFor, freshDatabase } from '../test/server/testDatabase';
import { machineLoad, median, printTable, round, writeResults } from './lib/stats';

const KIND = process.env.FEED_DB === 'pglite' ? 'pglite' : 'postgres';
const RUNS = Number(process.env.FEED_RUNS ?? 3);
const SIZES = (process.env.FEED_SIZES ?? '5000,10000').split(',').map(Number);
const BEFORE = process.env.FEED_BEFORE !== '0';
const FIRST_NEW = '20261127100000';

const temp = KIND === 'postgres' && !process.env.DATABASE_URL ? await startTempPostgres() : null;
if (KIND === 'postgres') process.env.TEST_DATABASE_URL = process.env.DATABASE_URL ?? temp!.url;
const oldDir = mkdtempSync(join(tmpdir(), 'rail-feed-migrations-'));
for (const f of readdirSync(MIGRATIONS_DIR)) if (f.endsWith('.sql') && f < FIRST_NEW) copyFileSync(join(MIGRATIONS_DIR, f), join(oldDir, f));

let db: Database | null = null;
try {
  db = await freshDatabase(KIND, BEFORE ? oldDir : undefined);
  const member = await createUserWithProfile(db, 'bench-feed@example.org', 'user');
  const team = (await db.admin.query<{ id: string }>("insert into public.teams (name) values ('Équipe bench') returning id")).rows[0].id;
  const maxN = Math.max(...SIZES);
  await db.admin.query(
    `insert into public.points (name, description, "position", km_value, created_by)
     select 'feed ' || i, 'd', jsonb_build_object('x', i, 'y', 10), i / 100.0, $1 from generate_series(1, $2::int) i`, [member, maxN]);
  await db.admin.exec('analyze public.points; analyze private.point_states');
  const ids = (await db.admin.query<{ id: string }>("select id from public.points where name like 'feed %' order by id")).rows.map((r) => r.id);
  let flip = 0;
  const nextStatus = () => (flip++ % 2 === 0 ? 'pris_en_charge' : 'signale');

  const rpc = async (n: number, capture: boolean) => {
    const some = ids.slice(0, n);
    const versions = (await db!.admin.query<{ v: string }>(
      'select p.updated_at::text as v from unnest($1::uuid[]) with ordinality u(id, o) join public.points p on p.id = u.id order by u.o', [some])).rows.map((r) => r.v);
    const t = performance.now();
    const out = await db!.asRequest(ctxFor(member), async (tx) => {
      await tx.query("select set_config('statement_timeout', '0', true)");
      if (!capture) await tx.query("select set_config('realtime.capture_disabled', 'on', true)");
      return (await tx.query<{ r: { updated: unknown[] } }>('select public.bulk_update_points($1) as r',
        [JSON.stringify([{ set: { status: nextStatus(), team_id: team }, ids: some, versions }])])).rows[0].r;
    });
    const ms = performance.now() - t;
    if (out.updated.length !== n) throw new Error(`expected ${n} rows written, got ${out.updated.length}`);
    return ms;
  };
  const bare = async (n: number) => {
    const t = performance.now();
    await db!.admin.transaction(async (tx) => {
      await tx.query("select set_config('session_replication_role', 'replica', true)");
      await tx.query('update public.points set status = $1 where id = any ($2::uuid[])', [nextStatus(), ids.slice(0, n)]);
    });
    return performance.now() - t;
  };
  const medianOf = async (f: () => Promise<number>) => {
    const ms: number[] = [];
    for (let r = 0; r < RUNS; r++) ms.push(await f());
    return median(ms);
  };

  const rows: Record<string, unknown>[] = [];
  const measure = async (phase: string) => {
    for (const n of SIZES) {
      const base = await medianOf(() => bare(n));
      const full = await medianOf(() => rpc(n, true));
      const noCapture = await medianOf(() => rpc(n, false));
      rows.push({ phase, points: n, rpc_ms: round(full, 0), rpc_no_capture_ms: round(noCapture, 0), bare_update_ms: round(base, 0),
        rpc_to_bare: round(full / base, 1), no_capture_to_bare: round(noCapture / base, 1), load1: round(machineLoad().load1, 1) });
      console.log(JSON.stringify(rows.at(-1)));
    }
  };
  if (BEFORE) {
    await measure('before');
    const t = performance.now();
    await migrate(db);
    console.log(`new migrations applied in ${round((performance.now() - t) / 1000, 1)} s`);
  }
  await measure('after');
  const { load1, cores } = machineLoad();
  printTable(`bulk_update_points on ${KIND} (median of ${RUNS}; baseline: the same UPDATE without triggers); load ${load1} on ${cores} cores`, rows);
  writeResults(`dashboardFeed-${KIND}`, { kind: KIND, runs: RUNS, load1, cores, rows });
} finally {
  await db?.close();
  temp?.stop();
  rmSync(oldDir, { recursive: true, force: true });
}
