// Upgrading a DATA_DIR made six migrations ago: a folder migrated only up to then, holding a point and its photo
// (stored as the server stores them), is opened by today's server, which applies the rest: every row and the
// photo are still there.
import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../main';
import { openDatabase } from '../db/open';
import { migrate, MIGRATIONS_DIR } from '../db/migrate';
import { createStorage } from '../storage/index';
import { fakeSpaDir, TEST_JWT_SECRET } from '../../test/server/testServer';

const root = mkdtempSync(join(tmpdir(), 'rail-upgrade-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 9)]);

describe('upgrade of an older DATA_DIR', () => {
  it('keeps every row and photo when the last six migrations are applied at start', async () => {
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort();
    expect(files.length).toBeGreaterThan(6);
    const older = join(root, 'migrations-then');
    mkdirSync(older);
    for (const f of files.slice(0, -6)) cpSync(join(MIGRATIONS_DIR, f), join(older, f));

    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    const db = await openDatabase({ dataDir });
    await migrate(db, { migrationsDir: older });
    const storage = createStorage(db, join(dataDir, 'storage'));
    await storage.putObject('poi_images', 'points/ancien.png', PNG);
    await db.admin.exec(`insert into public.points (name, position, image_url)
      select 'Ancien ' || i, jsonb_build_object('x', i, 'y', i), '/storage/v1/object/public/poi_images/points/ancien.png'
      from generate_series(1, 25) i`);
    await db.close();

    const s = await startServer({ dataDir, port: 0, seed: 'none', jwtSecret: TEST_JWT_SECRET, staticDir: fakeSpaDir() });
    try {
      const applied = await s.db.admin.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations');
      expect(applied.rows[0].n).toBe(files.length);
      const points = await s.db.admin.query<{ n: number }>(`select count(*)::int as n from public.points where name like 'Ancien %'`);
      expect(points.rows[0].n).toBe(25);
      const r = await fetch(`${s.url}/storage/v1/object/public/poi_images/points/ancien.png`);
      expect(r.status).toBe(200);
      expect(Buffer.from(await r.arrayBuffer()).equals(PNG)).toBe(true);
      expect((await fetch(`${s.url}/ready`)).status).toBe(200);
    } finally {
      await s.close();
    }
  }, 600_000);
});
