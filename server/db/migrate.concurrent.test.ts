// Several instances started at the same moment on one PostgreSQL: the migration runner and the
// first-start seed run under advisory locks, so all three start, each migration is applied once and the demo is
// seeded once. PostgreSQL only (PGlite is one process); runs in `npm test`'s PostgreSQL step.
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestCluster, type TestCluster } from '../../test/server/testCluster';
import { MIGRATIONS_DIR } from './migrate';
import { readdirSync } from 'node:fs';

describe.skipIf(!process.env.TEST_DATABASE_URL)('three instances started at once on one PostgreSQL', () => {
  let cluster: TestCluster | null = null;
  afterAll(async () => { await cluster?.close(); });

  it('all start, every migration is recorded once, the demo is seeded once', async () => {
    cluster = await startTestCluster(3, { seed: 'demo' });
    expect(cluster.instances).toHaveLength(3);
    expect(cluster.instances.filter((s) => s.seeded !== null)).toHaveLength(1);

    const c = new pg.Client({ connectionString: cluster.databaseUrl });
    await c.connect();
    try {
      const versions = (await c.query<{ version: string; n: number }>(
        'select version, count(*)::int as n from supabase_migrations.schema_migrations group by version order by version')).rows;
      const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).map((f) => f.split('_')[0]).sort();
      expect(versions.map((v) => v.version)).toEqual(files);
      expect(versions.every((v) => v.n === 1)).toBe(true);
      const admins = await c.query<{ n: number }>("select count(*)::int as n from public.profiles where role = 'admin'");
      expect(admins.rows[0].n).toBe(1);
    } finally { await c.end(); }

    // Each instance serves requests (its authenticator pool logs in; the password was set once, under a lock).
    for (const s of cluster.instances) {
      const r = await fetch(`${s.url}/rest/v1/criticality_levels?select=id`, { headers: { apikey: s.anonKey, Authorization: `Bearer ${s.serviceKey}` } });
      expect(r.status, await r.clone().text()).toBe(200);
    }
  });
});
