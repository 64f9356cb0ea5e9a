// openPgliteThread's loadDataDir: a new PGlite filled from a dumpDataDir tarball is the migrated database (every
// migration recorded, migrate() finds nothing left), and each copy is its own. The test run's shared template
// (test/server/migratedTemplate.ts) is such a tarball.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './types';
import { openPgliteThread } from './pgliteThread';
import { MIGRATIONS_DIR, migrate } from './migrate';
import { PGLITE_TEMPLATE_ENV, migratedTarball, openPgliteFromTemplate } from '../../test/server/migratedTemplate';
import { testKind } from '../../test/server/testDatabase';

describe.skipIf(testKind() !== 'pglite')('PGlite filled from a migrated tarball', () => {
  let tarball: Uint8Array;
  const open: Database[] = [];
  beforeAll(async () => { tarball = await migratedTarball(); });
  afterAll(async () => { for (const db of open) await db.close(); });

  const copy = async () => {
    const db = await openPgliteThread(undefined, { loadDataDir: tarball });
    open.push(db);
    return db;
  };

  it('holds every migration, and migrate() has nothing left to apply', async () => {
    const db = await copy();
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).map((f) => f.split('_')[0]).sort();
    const rows = await db.admin.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version');
    expect(rows.rows.map((r) => r.version)).toEqual(files);
    expect((await migrate(db)).applied).toEqual([]);
    const levels = await db.admin.query<{ id: string }>('select id from public.criticality_levels order by id');
    expect(levels.rows.map((r) => r.id)).toEqual(['attention', 'danger']);
  });

  it('gives each copy its own data', async () => {
    const [a, b] = [await copy(), await copy()];
    await a.admin.exec("insert into public.lines (code, name) values ('LX', 'Ligne de la copie A')");
    const inB = await b.admin.query("select 1 from public.lines where code = 'LX'");
    expect(inB.rows).toHaveLength(0);
  });

  it('is the copy the test helpers open during this run', async () => {
    expect(process.env[PGLITE_TEMPLATE_ENV]).toBeTruthy();
    const db = await openPgliteFromTemplate();
    expect(db).not.toBeNull();
    open.push(db!);
    const n = await db!.admin.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations');
    expect(n.rows[0].n).toBe(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length);
  });
});
