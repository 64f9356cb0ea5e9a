// Backup and restore with DATABASE_URL (runs in `npm test`'s PostgreSQL step, TEST_DATABASE_URL): pg_dump of the
// snapshot in which rows were counted, the stored files and the JWT secret; pg_restore into an empty database,
// checked against the manifest; a database that already has tables is refused.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer } from '../main';
import { fakeSpaDir, TEST_JWT_SECRET } from '../../test/server/testServer';
import { backup } from './backup';
import { restore, RestoreRefusedError } from './restore';

const base = process.env.TEST_DATABASE_URL;
const root = mkdtempSync(join(tmpdir(), 'rail-pgbackup-'));
const created: string[] = [];
async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try { await c.query(sql); } finally { await c.end(); }
}
async function freshDatabase(): Promise<string> {
  const name = `bk_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin(`create database ${name}`);
  created.push(name);
  const u = new URL(base!);
  u.pathname = `/${name}`;
  return u.toString();
}
afterAll(async () => {
  for (const n of created) await admin(`drop database if exists ${n} with (force)`).catch(() => {});
  rmSync(root, { recursive: true, force: true });
});
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 3)]);

describe.skipIf(!base)('backup / restore with DATABASE_URL', () => {
  it('round-trips rows, photos and the secret through pg_dump / pg_restore', async () => {
    const source = await freshDatabase();
    const sourceDir = join(root, 'source');
    const s = await startServer({ dataDir: sourceDir, databaseUrl: source, port: 0, seed: 'none', jwtSecret: TEST_JWT_SECRET, staticDir: fakeSpaDir() });
    try {
      const storageRes = await fetch(`${s.url}/storage/v1/object/poi_images/points/pg.png`, {
        method: 'POST', body: PNG, headers: { Authorization: `Bearer ${s.serviceKey}`, apikey: s.serviceKey, 'Content-Type': 'image/png' },
      });
      expect(storageRes.status).toBe(200);
      await s.db.admin.exec(`insert into public.points (name, position, image_url)
        select 'PG ' || i, jsonb_build_object('x', i, 'y', i), '/storage/v1/object/public/poi_images/points/pg.png' from generate_series(1, 40) i`);
    } finally {
      await s.close();
    }
    const file = join(root, 'pg.tar');
    const manifest = await backup(file, { dataDir: sourceDir, databaseUrl: source, jwtSecret: TEST_JWT_SECRET });
    expect(manifest.database).toBe('postgres');
    expect(manifest.rowCounts['public.points']).toBe(40);

    await expect(restore(file, { dataDir: join(root, 'refused'), databaseUrl: source })).rejects.toBeInstanceOf(RestoreRefusedError);

    const target = await freshDatabase();
    const targetDir = join(root, 'target');
    const restored = await restore(file, { dataDir: targetDir, databaseUrl: target });
    expect(restored.missingFiles).toEqual([]);
    const t = await startServer({ dataDir: targetDir, databaseUrl: target, port: 0, seed: 'none', jwtSecret: TEST_JWT_SECRET, staticDir: fakeSpaDir() });
    try {
      const n = await t.db.admin.query<{ n: number }>(`select count(*)::int as n from public.points where name like 'PG %'`);
      expect(n.rows[0].n).toBe(40);
      const photo = await fetch(`${t.url}/storage/v1/object/public/poi_images/points/pg.png`);
      expect(Buffer.from(await photo.arrayBuffer()).equals(PNG)).toBe(true);
      expect((await fetch(`${t.url}/ready`)).status).toBe(200);
    } finally {
      await t.close();
    }
  }, 300_000);
});
