// A line's replica record is written in the point-index worker, in Chromium with real IndexedDB:
// its arrays are transferred (emptied here, never cloned on this thread), the main thread's IndexedDB put is never
// called for it (counted by a hook on IDBObjectStore.prototype.put) while the record reads back whole on this thread,
// and a clear right after a write leaves nothing (the clear waits for the write). The worker stops once idle (its
// isolate and buffers returned) and starts again for the next call (seen through hooks on the Worker constructor and
// Worker.prototype.terminate).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearReplica, indexKey, writeIndex, type StoredIndex } from './index';
import { openReplica } from '../../../test/browser/openReplica';
import { readIndexRecord, writeIndexRecord } from '../../../workers/replicaWrite';
import { replicaDb } from './db';
import { IDLE_MS } from '../pointIndexSource';
import { createPointIndex, upsertRows } from '../../core/pointIndex/store';
import { uuidAt } from '../../core/pointIndex/ids';

/** A line's record as user-1 reads it (the owner checked in the read's transaction). */
const readIndex = (lineId: string) => readIndexRecord(indexKey(lineId), 'user-1');

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

/** The point-index workers this page has started and ended, seen through the platform's Worker (hooked below). */
const seen = { started: 0, ended: 0 };
const OriginalWorker = globalThis.Worker;
const originalTerminate = OriginalWorker.prototype.terminate;
function watchPointIndexWorkers(): void {
  const ours = new WeakSet<Worker>();
  globalThis.Worker = class extends OriginalWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      if (options?.name === 'point-index') { seen.started++; ours.add(this); }
    }
  };
  OriginalWorker.prototype.terminate = function (this: Worker) { if (ours.has(this)) seen.ended++; return originalTerminate.call(this); };
}

/** Counts IndexedDB puts made on this thread while `fn` runs. */
async function mainThreadPuts(fn: () => Promise<void>): Promise<number> {
  const original = IDBObjectStore.prototype.put;
  let n = 0;
  IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) { n++; return original.apply(this, args); };
  try { await fn(); } finally { IDBObjectStore.prototype.put = original; }
  return n;
}

beforeAll(watchPointIndexWorkers);
afterAll(async () => {
  globalThis.Worker = OriginalWorker;
  OriginalWorker.prototype.terminate = originalTerminate;
  await clearReplica();
});

describe('replica index record written in the point-index worker', () => {
  it('frees the written arrays at once (emptied once serialised), and reads back whole; a refused write keeps them', async () => {
    await openReplica('user-1');
    const rec = sampleRecord(3000);
    const x2999 = rec.x[2999], id7 = uuidAt(rec.idBytes, 7);
    await writeIndexRecord(rec, indexKey('line-r'), 'user-1'); // the write's own code, on this thread
    for (const a of [rec.idBytes, rec.x, rec.y, rec.km, rec.created, rec.updated, rec.status, rec.crit, rec.team]) expect(a.buffer.byteLength).toBe(0);
    const got = await readIndex('line-r');
    expect(got!.count).toBe(3000);
    expect(got!.x[2999]).toBe(x2999);
    expect(uuidAt(got!.idBytes, 7)).toBe(id7);
    const refused = sampleRecord(10);
    await expect(writeIndexRecord(refused, indexKey('line-s'), 'user-2')).rejects.toThrow();
    expect(refused.x.length).toBe(10);
  });

  it('transfers the arrays, writes in the worker, reads back whole', async () => {
    await openReplica('user-1');
    const rec = sampleRecord(5000);
    const id1234 = uuidAt(rec.idBytes, 1234);
    const x1234 = rec.x[1234];
    const puts = await mainThreadPuts(() => writeIndex(rec, 'line-a'));
    expect(puts).toBe(0);
    expect(rec.x.length).toBe(0); // transferred, not cloned on this thread
    expect(rec.idBytes.length).toBe(0);
    const got = await readIndex('line-a');
    expect(got!.count).toBe(5000);
    expect(got!.cursorMs).toBe(1_700_000_200_000);
    expect(uuidAt(got!.idBytes, 1234)).toBe(id1234);
    expect(got!.x[1234]).toBe(x1234);
    expect(Array.from(got!.crit.subarray(0, 4))).toEqual([0, 1, 0, 1]);
    expect(await readIndex('line-b')).toBeNull();
  });

  it('a clear issued while a write is in flight leaves nothing behind', async () => {
    await openReplica('user-1');
    const write = writeIndex(sampleRecord(20_000), 'line-a');
    await clearReplica();
    await write;
    // Read raw: the owner went with the clear, so an owner-checked read would be null whatever is stored.
    expect(await (await replicaDb()).get('index', indexKey('line-a'))).toBeUndefined();
  });

  it('the worker stops once idle and starts again for the next call', async () => {
    await openReplica('user-1');
    await writeIndex(sampleRecord(10), 'line-b');
    const first = seen.started;
    expect(first - seen.ended).toBe(1); // one point-index worker running
    await new Promise((r) => setTimeout(r, IDLE_MS + 500));
    expect(seen).toEqual({ started: first, ended: first }); // stopped once idle
    await writeIndex(sampleRecord(12), 'line-c');
    expect(seen).toEqual({ started: first + 1, ended: first }); // a new one for the next call
    expect((await readIndex('line-c'))!.count).toBe(12);
    expect((await readIndex('line-b'))!.count).toBe(10);
  });
});
