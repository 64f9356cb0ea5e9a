// The replica's index records go through the point-index worker (issue 19 part 3), in Chromium with real
// IndexedDB: a line's record written from the main thread (its arrays transferred) and read back on a warm open is
// read, cloned and hashed in the worker (its counters say so), comes back whole with a working id lookup, and
// each line keeps its own record.
import { afterAll, describe, expect, it } from 'vitest';
import { clearReplica, openReplica, readIndex, writeIndex, type StoredIndex } from './index';
import { pointIndexWorker } from '../pointIndexSource';
import { createPointIndex, findSlot, upsertRows } from '../../core/pointIndex/store';
import { uuidAt } from '../../core/pointIndex/ids';

function sampleRecord(n: number): StoredIndex {
  const ix = createPointIndex(n);
  upsertRows(ix, Array.from({ length: n }, (_, i) => ({
    id: `${(i + 1).toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`, x: i * 1.5, y: 200 + i, km: i % 7 ? i / 10 : null,
    created: 1_700_000_000_000 + i, updated: 1_700_000_100_000 + i, status: 'signale' as const, criticality: i % 2 ? 'danger' : 'attention', teamId: null,
  })));
  return {
    count: n, critKeys: [...ix.critKeys], teamKeys: [...ix.teamKeys], idBytes: ix.idBytes.slice(0, n * 16), x: ix.x.slice(0, n),
    y: ix.y.slice(0, n), km: ix.km.slice(0, n), created: ix.created.slice(0, n), updated: ix.updated.slice(0, n),
    status: ix.status.slice(0, n), crit: ix.crit.slice(0, n), team: ix.team.slice(0, n), cursorMs: 1_700_000_200_000, savedAt: Date.now(),
  };
}

afterAll(() => clearReplica());

describe('replica index through the point-index worker', () => {
  it('a warm open reads the line\'s record in the worker and gets a ready index', async () => {
    const api = pointIndexWorker();
    expect(api).not.toBeNull();
    await openReplica('user-1');
    const before = await api!.replicaStats();
    const rec = sampleRecord(5000);
    const ids = [0, 1234, 4999].map((i) => uuidAt(rec.idBytes, i));
    const x1234 = rec.x[1234];
    await writeIndex(rec, 'line-a');
    expect(rec.x.length).toBe(0); // transferred to the worker, not cloned on this thread
    await writeIndex(sampleRecord(10), 'line-b');

    const got = await readIndex('line-a');
    const after = await api!.replicaStats();
    expect(after.writes - before.writes).toBe(2);
    expect(after.reads - before.reads).toBe(1);
    expect(got).not.toBeNull();
    expect(got!.cursorMs).toBe(1_700_000_200_000);
    expect(got!.index.count).toBe(5000);
    for (const id of ids) expect(findSlot(got!.index, id)).toBeGreaterThanOrEqual(0);
    expect(got!.index.x[findSlot(got!.index, ids[1])]).toBe(x1234);
    expect((await readIndex('line-b'))!.index.count).toBe(10);
    expect(await readIndex('line-c')).toBeNull();
  });
});
