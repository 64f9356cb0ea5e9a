// Backup while a writer inserts points with photos through supabase-js on a running server (PGlite on disk),
// restored into an empty folder: every point acknowledged before the backup began is there with its photo, the
// manifest counts match; a restore into a non-empty folder is refused and touches nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../main';
import { createInvitation } from '../../test/server/testDatabase';
import { client, fakeSpaDir } from '../../test/server/testServer';
import { migratedDataDir } from '../../test/server/migratedDataDir';
import { backup } from './backup';
import { restore, RestoreRefusedError } from './restore';

const root = mkdtempSync(join(tmpdir(), 'rail-backup-'));
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close().catch(() => {});
  rmSync(root, { recursive: true, force: true });
});
const start = async (dataDir: string) => {
  const s = await startServer({ dataDir, port: 0, seed: 'none', staticDir: fakeSpaDir() });
  servers.push(s);
  return s;
};
const png = (i: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`photo-${i}-`.padEnd(200, 'x'))]);

describe('npm run backup / restore', () => {
  it('backs up a running, writing server and restores every acknowledged point with its photo', async () => {
    const source = await migratedDataDir(join(root, 'source'));
    const s = await start(source);
    const email = 'ecrivain@example.com';
    const c = client(s);
    const invitation = await createInvitation(s.db, email);
    const up = await c.auth.signUp({ email, password: 'secret-123', options: { data: { invitation_token: invitation } } });
    expect(up.error).toBeNull();
    expect((await c.rpc('create_profile', { user_id: up.data.user!.id, user_email: email, user_role: 'user' })).error).toBeNull();

    // The writer: upload a photo, then insert the point naming it, as the app does; acknowledged = both answered.
    const acked: { id: string; photo: string; bytes: Buffer }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const photo = `points/w-${i}.png`;
        const bytes = png(i);
        const u = await c.storage.from('poi_images').upload(photo, new Blob([bytes], { type: 'image/png' }));
        if (u.error) throw u.error;
        const imageUrl = c.storage.from('poi_images').getPublicUrl(photo).data.publicUrl;
        const p = await c.from('points').insert({ name: `Écrit ${i}`, position: { x: i, y: i }, image_url: imageUrl }).select('id').single();
        if (p.error) throw p.error;
        acked.push({ id: (p.data as { id: string }).id, photo, bytes });
      }
    })();
    while (acked.length < 5) await new Promise((ok) => setTimeout(ok, 20));

    const ackedBefore = [...acked];
    const file = join(root, 'sauvegarde.tar');
    const manifest = await backup(file, { dataDir: source });
    const duringBackup = acked.length - ackedBefore.length;
    while (acked.length < ackedBefore.length + duringBackup + 3) await new Promise((ok) => setTimeout(ok, 20));
    writing = false;
    await writer;
    expect(manifest.rowCounts['public.points']).toBeGreaterThanOrEqual(ackedBefore.length);
    expect(manifest.storage.files).toBeGreaterThanOrEqual(manifest.rowCounts['storage.objects']);
    await s.close();

    // Refused into a non-empty folder, which stays as it was.
    const before = readdirSync(source).sort();
    const sizes = before.map((e) => statSync(join(source, e)).mtimeMs);
    await expect(restore(file, { dataDir: source })).rejects.toBeInstanceOf(RestoreRefusedError);
    expect(readdirSync(source).sort()).toEqual(before);
    expect(before.map((e) => statSync(join(source, e)).mtimeMs)).toEqual(sizes);

    const target = join(root, 'target');
    const restored = await restore(file, { dataDir: target });
    expect(restored.missingFiles).toEqual([]);
    const t = await start(target);
    const tc = client(t);
    // The JWT secret came back: the old session still works.
    expect((await tc.auth.signInWithPassword({ email, password: 'secret-123' })).error).toBeNull();
    const rows = (await tc.from('points').select('id, image_url')).data as { id: string; image_url: string }[];
    expect(rows.length).toBe(manifest.rowCounts['public.points']);
    for (const a of ackedBefore) {
      const row = rows.find((r) => r.id === a.id);
      expect(row, `point ${a.id}`).toBeTruthy();
    }
    // Every point in the backup (acknowledged before or during it) has its photo.
    for (const row of rows) {
      const r = await fetch(`${t.url}/storage/v1/object/public/poi_images/${row.image_url.split('/poi_images/')[1]}`);
      expect(r.status, row.image_url).toBe(200);
      const a = acked.find((x) => x.id === row.id)!;
      expect(Buffer.from(await r.arrayBuffer()).equals(a.bytes)).toBe(true);
    }
  }, 600_000); // two first starts on disk under load

  it('refuses a damaged archive (counts differ from the manifest) and leaves the folder empty', async () => {
    const bad = join(root, 'pas-une-sauvegarde.tar');
    writeFileSync(bad, 'ceci n\'est pas une archive');
    const target = join(root, 'vide');
    await expect(restore(bad, { dataDir: target })).rejects.toThrow();
    expect(existsSync(target)).toBe(false);
  });
});
