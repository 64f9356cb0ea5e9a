// Damage at start on a real PGlite DATA_DIR: rows cut from a table file while the server was stopped are named
// in a loud warning (compared with the clean-shutdown record); an altered or cut pg_control is refused with one
// readable line naming the file and the restore command, and so is a cut WAL segment PGlite aborts on.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../main';
import { fakeSpaDir, TEST_JWT_SECRET } from '../../test/server/testServer';
import { createLogger } from '../http/log';
import { controlFileCrcMatches, DamagedDatabaseError } from './damage';
import { migratedDataDir } from '../../test/server/migratedDataDir';

const root = mkdtempSync(join(tmpdir(), 'rail-damage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('damage detection at start', () => {
  it('warns naming the table that lost rows, then refuses a damaged pg_control readably', async () => {
    const dataDir = await migratedDataDir(join(root, 'data'));
    const lines: string[] = [];
    const logger = createLogger({ destination: new Writable({ write(c, _e, done) { lines.push(String(c)); done(); } }) });
    const start = () => startServer({ dataDir, port: 0, seed: 'none', jwtSecret: TEST_JWT_SECRET, staticDir: fakeSpaDir(), logger });

    const a = await start();
    await a.db.admin.exec(`insert into public.points (name, position, description)
      select 'Point ' || i, jsonb_build_object('x', i, 'y', i), repeat('d', 200) from generate_series(1, 400) i`);
    const file = (await a.db.admin.query<{ p: string }>(`select pg_relation_filepath('public.points') as p`)).rows[0].p;
    await a.close();

    // Cut the table's file in half while stopped (a bad copy, a failing disk): PostgreSQL itself does not notice.
    const path = join(dataDir, 'pgdata', file);
    const size = statSync(path).size;
    expect(size).toBeGreaterThan(8192 * 2);
    truncateSync(path, Math.floor(size / 8192 / 2) * 8192);
    const b = await start();
    const warning = lines.map((l) => JSON.parse(l) as { level: number; msg: string }).find((l) => l.msg.includes('ATTENTION'));
    expect(warning?.level).toBe(50);
    expect(warning?.msg).toMatch(/public\.points : \d+ au lieu de 400/);
    await b.close();

    // pg_control: its CRC is recognised on the real file, and one altered byte is refused before PGlite runs.
    const control = join(dataDir, 'pgdata', 'global', 'pg_control');
    const original = readFileSync(control);
    expect(controlFileCrcMatches(original)).toBe(true);
    const altered = Buffer.from(original);
    altered[40] ^= 0xff;
    writeFileSync(control, altered);
    const refused = await start().then(() => null, (e: unknown) => e);
    expect(refused).toBeInstanceOf(DamagedDatabaseError);
    const message = (refused as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain(control);
    expect(message).toContain('npm run restore');

    writeFileSync(control, Buffer.alloc(0));
    await expect(start()).rejects.toThrow(/tronqué \(0 octets/);
    // The lock was released by the refused starts: the original file back, the server starts again.
    writeFileSync(control, original);
    const c = await start();
    await c.close();

    // A cut WAL segment: PGlite aborts while opening; said in the same one line, naming the folder.
    const wal = join(dataDir, 'pgdata', 'pg_wal');
    for (const f of readdirSync(wal)) if (statSync(join(wal, f)).isFile()) truncateSync(join(wal, f), 1000);
    const aborted = await start().then(() => null, (e: unknown) => e);
    expect(aborted).toBeInstanceOf(DamagedDatabaseError);
    expect((aborted as Error).message).toContain(`PGlite ne peut pas l'ouvrir`);
    expect((aborted as Error).message).toContain(join(dataDir, 'pgdata'));
    expect((aborted as Error).message.split('\n')).toHaveLength(1);
  }, 600_000);
});
