// A warm open's replica read happens in the point-index worker: restoreLineIndex gives the line's record
// as a finished index (every id found through its hash, columns equal to the record) and its newest-first order,
// with the map's cluster columns made beside it, only under the replica's owner (another user's name: nothing), and
// nothing for a line never saved. In Chromium with real IndexedDB; the main thread's IndexedDB get is never called
// for the record (counted by a hook).
import { afterAll, describe, expect, it } from 'vitest';
import { clearReplica, indexKey, writeIndex, type StoredIndex } from './index';
import { openReplica } from '../../../test/browser/openReplica';
import { restoreLineIndex } from '../pointIndexSource';
import { createPointIndex, findSlot, upsertRows } from '../../core/pointIndex/store';
import { uuidAt } from '../../core/pointIndex/ids';

function sampleRecord(n: number): StoredIndex {
  const ix = createPointIndex(n);
  upsertRows(ix, Array.from({ length: n }, (_, i) => ({
    id: `${(i + 1).toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`, x: i * 1.5, y: 200 + i, km: i % 7 ? i / 10 : null,
    created: 1_700_000_000_000 + ((i * 7919) % n), updated: 1_700_000_100_000 + i, status: 'signale' as const, criticality: i % 2 ? 'danger' : 'attention', teamId: null,
  })));
  return {
    count: n, critKeys: [...ix.critKeys], teamKeys: [...ix.teamKeys], idBytes: ix.idBytes.slice(0, n * 16), x: ix.x.slice(0, n),
    y: ix.y.slice(0, n), km: ix.km.slice(0, n), created: ix.created.slice(0, n), updated: ix.updated.slice(0, n),
    status: ix.status.slice(0, n), crit: ix.crit.slice(0, n), team: ix.team.slice(0, n), cursorMs: 1_700_000_200_000, savedAt: Date.now(),
  };
}

async function mainThreadGets(fn: () => Promise<void>): Promise<number> {
  const original = IDBObjectStore.prototype.get;
  let n = 0;
  IDBObjectStore.prototype.get = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['get']>) { n++; return original.apply(this, args); };
  try { await fn(); } finally { IDBObjectStore.prototype.get = original; }
  return n;
}

afterAll(() => clearReplica());

describe('a line restored from the replica in the point-index worker', () => {
  it('is the saved record as an index with its id hash and newest-first order, for its owner only', async () => {
    await openReplica('user-1');
    const rec = sampleRecord(3000);
    const want = { ids: Array.from({ length: 3000 }, (_, i) => uuidAt(rec.idBytes, i)), x: Array.from(rec.x), created: Array.from(rec.created) };
    await writeIndex(rec, 'line-a');
    let restored: Awaited<ReturnType<typeof restoreLineIndex>> = null;
    expect(await mainThreadGets(async () => { restored = await restoreLineIndex(indexKey('line-a'), 'user-1', 'resolu'); })).toBe(0);
    const r = restored!;
    expect(r.index.count).toBe(3000);
    expect(r.cursorMs).toBe(1_700_000_200_000);
    want.ids.forEach((id, i) => {
      const slot = findSlot(r.index, id);
      expect(slot).toBe(i);
      expect(r.index.x[slot]).toBe(want.x[i]);
    });
    expect(r.order.length).toBe(3000);
    // The map's cluster columns come made with it (their pages mapped in the worker, not on this thread).
    expect(r.cluster?.count).toBe(3000);
    expect(Array.from(r.cluster!.x.subarray(0, 3000))).toEqual(Array.from(r.index.x.subarray(0, 3000)));
    expect(Array.from(r.cluster!.severity.subarray(0, 3000))).toEqual(Array.from(r.index.crit.subarray(0, 3000)));
    for (let k = 1; k < 3000; k++) expect(r.index.created[r.order[k - 1]]).toBeGreaterThanOrEqual(r.index.created[r.order[k]]);
    // And the views of the filter asked for, over the same order (the one object after the transfer).
    expect(r.views?.filter).toBe('resolu');
    expect(r.views!.order).toBe(r.order);
    expect(Array.from(r.views!.listSlots)).toEqual(Array.from(r.order).filter((s) => r.index.status[s] === 2));
    expect(await restoreLineIndex(indexKey('line-a'), 'user-2')).toBeNull();
    expect(await restoreLineIndex(indexKey('line-never'), 'user-1')).toBeNull();
  });
});
