// The local replica (issue 10 item 3), a small API over IndexedDB (./db.ts):
//   openReplica(userId)      binds the replica to the signed-in user; another user's replica is cleared first
//   readIndex(line) / writeIndex(rec, line)   the point index columns and the sync cursor of one line (each line
//                            the user opened has its own record; written in the point-index worker, off the main thread)
//   readDetails(ids) / writeDetails(list) / deleteDetails(ids)   point details already seen
//   clearReplica()           sign-out: everything goes
// Every call throws ReplicaError ('quota' when the browser's storage is full, 'unavailable' when IndexedDB is
// refused, e.g. private mode); callers then keep working from memory and say so once.
import { replicaDb, type StoredDetails, type StoredIndex } from './db';
import { replicaWritesSettled, writeReplicaIndexInWorker } from '../pointIndexSource';

export type { StoredDetails, StoredIndex } from './db';

export class ReplicaError extends Error {
  constructor(public kind: 'quota' | 'unavailable', cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

function wrap(e: unknown): ReplicaError {
  if (e instanceof ReplicaError) return e;
  const name = (e as { name?: string })?.name ?? '';
  return new ReplicaError(name === 'QuotaExceededError' || /quota/i.test(String((e as Error)?.message)) ? 'quota' : 'unavailable', e);
}

/** A failure of a replica write made elsewhere (the point-index worker's), as the replica's own error. */
export const replicaErrorOf = (e: unknown): ReplicaError => wrap(e);

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try { return await fn(); } catch (e) { throw wrap(e); }
}

const OWNER = 'owner';
const INDEX = 'points';

/** Binds the replica to `userId`; returns true when it already belonged to that user (its data may be used). */
export function openReplica(userId: string): Promise<boolean> {
  return guarded(async () => {
    await replicaWritesSettled(); // a previous user's record still being written lands before the owner check
    const db = await replicaDb();
    const owner = await db.get('meta', OWNER);
    if (owner === userId) return true;
    const tx = db.transaction(['meta', 'index', 'details'], 'readwrite');
    await Promise.all([tx.objectStore('meta').clear(), tx.objectStore('index').clear(), tx.objectStore('details').clear()]);
    await tx.objectStore('meta').put(userId, OWNER);
    await tx.done;
    return false;
  });
}

/** The record key of a line's index (null: the whole network, as before lines existed). */
export const indexKey = (lineId: string | null) => (lineId ? `${INDEX}:${lineId}` : INDEX);

export function readIndex(lineId: string | null = null): Promise<StoredIndex | null> {
  return guarded(async () => (await (await replicaDb()).get('index', indexKey(lineId))) ?? null);
}

/** Written in the point-index worker when there is one: `rec`'s arrays are transferred there (emptied here). */
export function writeIndex(rec: StoredIndex, lineId: string | null = null): Promise<void> {
  return guarded(async () => {
    if (await writeReplicaIndexInWorker(rec, indexKey(lineId))) return;
    await (await replicaDb()).put('index', rec, indexKey(lineId));
  });
}

export function readDetails(ids: readonly string[]): Promise<StoredDetails[]> {
  return guarded(async () => {
    const tx = (await replicaDb()).transaction('details');
    const found = await Promise.all(ids.map((id) => tx.store.get(id)));
    await tx.done;
    return found.filter((d): d is StoredDetails => !!d);
  });
}

export function writeDetails(list: readonly StoredDetails[]): Promise<void> {
  if (!list.length) return Promise.resolve();
  return guarded(async () => {
    const tx = (await replicaDb()).transaction('details', 'readwrite');
    await Promise.all([...list.map((d) => tx.store.put(d)), tx.done]);
  });
}

export function deleteDetails(ids: readonly string[]): Promise<void> {
  if (!ids.length) return Promise.resolve();
  return guarded(async () => {
    const tx = (await replicaDb()).transaction('details', 'readwrite');
    await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
  });
}

/** Empties the replica (sign-out). Never throws. */
export async function clearReplica(): Promise<void> {
  try {
    await replicaWritesSettled(); // a record written in the worker must not land after the clear
    const db = await replicaDb();
    const tx = db.transaction(['meta', 'index', 'details'], 'readwrite');
    await Promise.all([tx.objectStore('meta').clear(), tx.objectStore('index').clear(), tx.objectStore('details').clear(), tx.done]);
  } catch (e) {
    console.warn('Réplique locale : effacement impossible', e);
  }
}
