// PGlite's stand-in for autovacuum: the thresholds (PostgreSQL's defaults) and one pass over a real migrated
// PGlite database, where a table with many deleted rows is vacuumed and one barely touched is left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesDue, vacuumDueTables } from './pgliteVacuum';
import { freshDatabase } from '../../test/server/testDatabase';
import type { Database } from './types';

describe('tablesDue', () => {
  const c = (table: string, live: number, dead: number, mod: number) => ({ schema: 'public', table, live, dead, modifiedSinceAnalyze: mod });
  it('vacuums past 50 + 20 % of the live rows in dead rows, analyses past 50 + 10 % modified', () => {
    expect(tablesDue([c('a', 1000, 250, 0), c('b', 1000, 251, 0), c('c', 1000, 0, 151), c('d', 1000, 10, 150)])).toEqual([
      { schema: 'public', table: 'b', vacuum: true },
      { schema: 'public', table: 'c', vacuum: false },
    ]);
  });
});

describe('vacuumDueTables on PGlite', () => {
  let db: Database;
  beforeAll(async () => { db = await freshDatabase('pglite'); }, 120_000);
  afterAll(async () => { await db?.close(); });

  it('vacuums a table whose rows were mostly deleted, and not one barely changed', async () => {
    await db.admin.exec(`
      create table public.vacuum_probe (id serial primary key, v text);
      insert into public.vacuum_probe (v) select repeat('x', 50) from generate_series(1, 5000);
      create table public.vacuum_quiet (id serial primary key, v text);
      insert into public.vacuum_quiet (v) select 'q' from generate_series(1, 5000);
      analyze public.vacuum_probe; analyze public.vacuum_quiet;`);
    await vacuumDueTables(db.admin); // whatever the migrations left due
    await db.admin.exec('delete from public.vacuum_probe where id % 10 <> 0; delete from public.vacuum_quiet where id <= 10;');
    const done = await vacuumDueTables(db.admin);
    const names = done.map((t) => `${t.schema}.${t.table}`);
    expect(names).toContain('public.vacuum_probe');
    expect(done.find((t) => t.table === 'vacuum_probe')!.vacuum).toBe(true);
    expect(names).not.toContain('public.vacuum_quiet');
    await db.admin.query('select pg_stat_force_next_flush()');
    const { rows } = await db.admin.query<{ relname: string; dead: string; vacuums: string }>(
      `select relname, n_dead_tup as dead, vacuum_count as vacuums from pg_stat_user_tables where relname in ('vacuum_probe', 'vacuum_quiet') order by relname`);
    expect(rows.map((r) => [r.relname, Number(r.dead), Number(r.vacuums)])).toEqual([['vacuum_probe', 0, 1], ['vacuum_quiet', 10, 0]]);
  });
});
