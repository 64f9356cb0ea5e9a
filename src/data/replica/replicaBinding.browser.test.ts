// Binding the local replica to the signed-in user (cold open), in Chromium with real IndexedDB: one owner
// check and at most one clear per session however many restores ask; "not this user's" is answered before the clear
// is written, and whatever is read after sees it cleared; a line's record is never written while the replica
// belongs to someone else (the write checks the owner in its own transaction, on this thread and in the worker).
import { afterAll, describe, expect, it } from 'vitest';
import { bindReplica, clearReplica, indexKey, ReplicaError, writeIndex, type StoredIndex } from './index';
import { openReplica } from '../../../test/browser/openReplica';
import { readIndexRecord } from '../../../workers/replicaWrite';
import { replicaDb } from './db';

/** A line's record as `owner` reads it (null when absent or the replica is another user's). */
const readIndex = (lineId: string, owner: string) => readIndexRecord(indexKey(lineId), owner);

function record(n: number): StoredIndex {
  return {
    count: n, critKeys: [], teamKeys: [], idBytes: new Uint8Array(n * 16).fill(7), x: new Float32Array(n), y: new Float32Array(n),
    km: new Float64Array(n), created: new Float64Array(n), updated: new Float64Array(n), status: new Uint8Array(n),
    crit: new Uint8Array(n), team: new Uint16Array(n), cursorMs: Date.now(), savedAt: Date.now(),
  };
}

/** Counts the read/write transactions opened on this thread while `fn` runs. */
async function readWriteTransactions(fn: () => Promise<unknown>): Promise<number> {
  const original = IDBDatabase.prototype.transaction;
  let n = 0;
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    if (args[1] === 'readwrite') n++;
    return original.apply(this, args);
  } as IDBDatabase['transaction'];
  try { await fn(); } finally { IDBDatabase.prototype.transaction = original; }
  return n;
}

afterAll(() => clearReplica());

describe('replica binding', () => {
  it('two restores of one session share one owner check and one clear', async () => {
    await openReplica('user-a');
    await writeIndex(record(10), 'line-a');
    const writes = await readWriteTransactions(() => Promise.all([openReplica('user-b'), openReplica('user-b'), bindReplica('user-b').mine]));
    expect(writes).toBe(1);
    expect(await openReplica('user-b')).toBe(false); // the same binding: still "was not user-b's"
    expect(await readIndex('line-a', 'user-b')).toBeNull();
  });

  it("answers 'not this user's' before the clear is written; a read started then sees it cleared", async () => {
    await openReplica('user-b');
    await writeIndex(record(12), 'line-b');
    const original = IDBDatabase.prototype.transaction;
    let cleared = false;
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      const tx = original.apply(this, args);
      if (args[1] === 'readwrite') tx.addEventListener('complete', () => { cleared = true; });
      return tx;
    } as IDBDatabase['transaction'];
    try {
      const b = bindReplica('user-c');
      expect(await b.mine).toBe(false);
      expect(cleared).toBe(false); // answered before the clear's transaction completed
      const read = readIndex('line-b', 'user-b'); // as the previous owner: only the clear can make it null
      await b.bound;
      expect(cleared).toBe(true);
      expect(await read).toBeNull();
    } finally { IDBDatabase.prototype.transaction = original; }
  });

  it("never writes a line's record while the replica belongs to another user", async () => {
    await openReplica('user-d');
    await (await replicaDb()).put('meta', 'user-e', 'owner'); // as if this session's clear had failed
    const failed = await writeIndex(record(5), 'line-d').then(() => null, (e: unknown) => e);
    expect(failed).toBeInstanceOf(ReplicaError);
    expect(await readIndex('line-d', 'user-e')).toBeNull();
  });
});
