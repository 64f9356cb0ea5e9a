// The lines repository and the per-line reads of src/data on a Node supabase-js client against the REST
// handler over the migrated schema: create, rename (the image's extra keys kept), stale version 409, members not
// seeing archived lines, a point on an archived line refused 400 with the French message, a line holding points not
// deleted (409), zones/markers/points/index/tombstones/search/nearby per line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSupabaseConnection } from '../../src/data/client';
import * as repo from '../../src/data/tableRepositories';
import { fetchPointIndex, fetchTombstones } from '../../src/data/pointIndexSource';
import { nearbyPoints, searchPoints } from '../../src/data/findShareRepository';
import type { PointColumns, PointIndexPage } from '../../src/core/pointIndex/types';
import { loadLine } from '../../test/fixtures/pointIndex/loadLine';
import { uuidAt } from '../../src/core/pointIndex/ids';
import { createUserWithProfile } from '../../test/server/testDatabase';
import { openTestDb, startHarness, type Harness } from '../../test/server/restHarness';

let h: Harness;
let adminToken = '', userToken = '';
/** The app's client as that user; the point-index API (here on this thread) reaches the same server with the same token. */
const as = (token: string) => setSupabaseConnection(h.client(token), { supabaseUrl: h.url, supabaseAnonKey: h.anonKey, accessToken: async () => token });
const asAdmin = () => as(adminToken);
const asUser = () => as(userToken);
const point = (name: string, lineId?: string) => ({
  name, description: '', kilometer: '12.000', kmValue: 12, position: { x: 10, y: 10 }, imageUrl: null, status: 'signale' as const,
  criticality: 'attention', ticketNumber: null, teamId: null, ...(lineId ? { lineId } : {}),
});
const idsOf = (c: PointColumns) => Array.from({ length: c.count }, (_, i) => uuidAt(c.idBytes, i));
/** The ids of the index of a line (its full load, as the app makes it) or of every line, or of the changes since. */
const indexIds = async (lineId: string | null, since?: string) => {
  if (lineId && !since) {
    const { built, result } = await loadLine(lineId);
    return { ids: idsOf(built.index).sort(), asOf: result.asOf };
  }
  const pages: PointIndexPage[] = [];
  const res = await fetchPointIndex({ lineId, since, onPage: (p) => pages.push(p) });
  return { ids: pages.flatMap(idsOf).sort(), asOf: res.asOf };
};

beforeAll(async () => {
  const db = await openTestDb();
  h = await startHarness(db);
  const adminId = await createUserWithProfile(db, 'admin@example.test', 'admin');
  const userId = await createUserWithProfile(db, 'user@example.test', 'user');
  adminToken = await h.userToken(adminId, 'admin@example.test');
  userToken = await h.userToken(userId, 'user@example.test');
}, 120_000);
afterAll(async () => { await h?.close(); await h?.db.close(); });

describe('lines through the REST API', () => {
  it('an admin creates, renames and reorders lines; a rename keeps the image and its extra keys; a stale version is refused', async () => {
    asAdmin();
    const [main] = await repo.listLines();
    expect(main).toMatchObject({ code: 'L1', name: 'Ligne principale', archived: false, image: null });
    const b = await repo.saveLine({ code: ' L2 ', name: ' Ligne B ', sort: 1, image: { url: '/b.png', width: 4000, height: 600, tiles: { base: '/b-tiles', levels: 3, size: 256, format: 'png' }, scannedFrom: 'plan 2024' } });
    expect(b).toMatchObject({ code: 'L2', name: 'Ligne B', sort: 1 });
    const renamed = await repo.saveLine({ id: b.id, name: 'Ligne B bis', updatedAt: b.updatedAt });
    expect(renamed.image).toEqual({ url: '/b.png', width: 4000, height: 600, tiles: { base: '/b-tiles', levels: 3, size: 256, format: 'png' }, scannedFrom: 'plan 2024' });
    await expect(repo.saveLine({ id: b.id, name: 'Encore', updatedAt: b.updatedAt })).rejects.toMatchObject({ code: 'PT409' });
    expect((await repo.listLines()).map((l) => l.code)).toEqual(['L1', 'L2']);
  });

  it('members do not see archived lines, cannot write lines, and a point on an archived line is refused in French', async () => {
    asAdmin();
    const old = await repo.saveLine({ code: 'L9', name: 'Ancienne', sort: 9, archived: true });
    expect((await repo.listLines()).map((l) => l.code)).toContain('L9');
    asUser();
    expect((await repo.listLines()).map((l) => l.code)).not.toContain('L9');
    await expect(repo.saveLine({ code: 'X', name: 'X' })).rejects.toMatchObject({ code: '42501' });
    const res = await h.client(userToken).from('points').insert({ name: 'X', position: { x: 1, y: 1 }, line_id: old.id });
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ code: '23514', hint: 'line_archived' });
    expect(res.error?.message).toContain('La ligne « Ancienne » (L9) est archivée');
  });

  it('points, zones, markers, the index, tombstones, search and nearby reports per line; a line holding points is not deleted', async () => {
    asAdmin();
    const lines = await repo.listLines();
    const a = lines.find((l) => l.code === 'L1')!;
    const b = lines.find((l) => l.code === 'L2')!;
    asUser();
    const pa = await repo.savePoint(point('Rail fendu A'));
    expect(pa.lineId).toBe(a.id); // naming no line: the default line
    const pb = await repo.savePoint(point('Rail fendu B', b.id));
    expect(pb.lineId).toBe(b.id);
    asAdmin();
    const zb = await repo.saveZone({ name: 'ZB', color: '#112233', track: 'voie_1', points: [{ x: 0, y: 0 }, { x: 50, y: 0 }, { x: 50, y: 50 }], kmStart: null, kmEnd: null, lineId: b.id });
    const mb = await repo.saveMarker({ position: 5, value: 11, lineId: b.id });
    expect((await repo.listZones(b.id)).map((z) => z.id)).toEqual([zb.id]);
    expect(await repo.listZones(a.id)).toEqual([]);
    expect((await repo.listMarkers(b.id)).map((m) => m.id)).toEqual([mb.id]);
    expect((await repo.listPoints(undefined, b.id)).map((p) => p.id)).toEqual([pb.id]);
    expect(await repo.countPointsOnLine(b.id)).toBe(1);

    asUser();
    const ixB = await indexIds(b.id);
    expect(ixB.ids).toEqual([pb.id]);
    expect((await indexIds(a.id)).ids).toEqual([pa.id]);
    expect((await indexIds(null)).ids).toEqual([pa.id, pb.id].sort());
    const hits = await searchPoints('rail fendu', 10);
    expect(hits.map((x) => [x.name, x.line?.code]).sort()).toEqual([['Rail fendu A', 'L1'], ['Rail fendu B', 'L2']]);
    expect((await nearbyPoints(12, 10, 10, null, b.id)).map((x) => x.id)).toEqual([pb.id]);

    const since = new Date(Date.now() - 60_000).toISOString();
    await repo.deletePoint(pa.id);
    expect((await fetchTombstones(since, b.id)).ids).toEqual([]);
    expect((await fetchTombstones(since, a.id)).ids).toEqual([pa.id]);

    asAdmin();
    await expect(repo.deleteLine(b.id)).rejects.toMatchObject({ code: '23503' });
  });
});
