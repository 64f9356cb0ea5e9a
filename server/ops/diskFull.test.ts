// Disk full on a small tmpfs (needs root and mount; skipped with a loud warning otherwise): a photo upload answers
// 507 JSON and leaves no temporary file, a point insert answers 503 (disk_full) instead of blaming the input, and
// once space is freed both work again with nothing lost.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../main';
import { createInvitation } from '../../test/server/testDatabase';
import { client, fakeSpaDir, TEST_JWT_SECRET } from '../../test/server/testServer';
import { migratedDataDir } from '../../test/server/migratedDataDir';

const mountPoint = mkdtempSync(join(tmpdir(), 'rail-diskfull-'));
const mounted = process.getuid?.() === 0 && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', mountPoint]).status === 0;
if (!mounted) console.warn('\n*** SKIPPED: disk-full test needs to mount a tmpfs (root). Not tested on this machine. ***\n');
let s: RunningServer | null = null;
afterAll(async () => {
  await s?.close().catch(() => {});
  if (mounted) spawnSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Fills the file system with one file until ENOSPC; returns its path. */
function fill(dir: string): string {
  const path = join(dir, 'remplissage');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(1 << 20, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  }
  // Down to the last bytes.
  try { for (;;) writeSync(fd, chunk.subarray(0, 4096)); } catch { /* full */ }
  closeSync(fd);
  return path;
}

describe.skipIf(!mounted)('disk full', () => {
  it('answers 507 for a photo, 503 for a point, removes temporary files, and recovers once space is freed', async () => {
    const dataDir = await migratedDataDir(join(mountPoint, 'data'));
    s = await startServer({ dataDir, port: 0, seed: 'none', jwtSecret: TEST_JWT_SECRET, staticDir: fakeSpaDir() });
    const email = 'plein@example.com';
    const c = client(s);
    const up = await c.auth.signUp({ email, password: 'secret-123', options: { data: { invitation_token: await createInvitation(s.db, email) } } });
    expect(up.error).toBeNull();
    expect((await c.rpc('create_profile', { user_id: up.data.user!.id, user_email: email, user_role: 'user' })).error).toBeNull();
    const photo = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256 * 1024, 7)]);

    const filler = fill(mountPoint);
    const r = await fetch(`${s.url}/storage/v1/object/poi_images/points/plein.png`, {
      method: 'POST', body: photo, headers: { Authorization: `Bearer ${up.data.session!.access_token}`, apikey: s.anonKey, 'Content-Type': 'image/png' },
    });
    expect(r.status).toBe(507);
    expect(await r.json()).toMatchObject({ statusCode: '507', error: 'InsufficientStorage' });
    const tmp = join(s.storageRoot, '.tmp');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);

    // Points until the database needs a new block: the first failure is the server's (503), not the input's.
    let failure: { status: number; code?: string } | null = null;
    for (let i = 0; i < 200 && !failure; i++) {
      const rows = Array.from({ length: 50 }, (_, k) => ({ name: `Plein ${i}-${k}`, position: { x: k, y: i }, description: 'x'.repeat(2000) }));
      const res = await c.from('points').insert(rows);
      if (res.error) failure = { status: res.status, code: res.error.code };
    }
    expect(failure).toEqual({ status: 503, code: '53100' });

    rmSync(filler);
    const again = await c.storage.from('poi_images').upload('points/plein.png', new Blob([photo], { type: 'image/png' }));
    expect(again.error).toBeNull();
    expect((await c.from('points').insert({ name: 'Après', position: { x: 1, y: 1 } })).error).toBeNull();
  }, 600_000);
});
