// The local replica, a small API over IndexedDB (./db.ts): its binding to the signed-in user (another user's replica is
// cleared), each opened line's index record (written and read in the point-index worker: ../pointIndexSource.ts), the
// point details already seen, and the clear at sign-out. Every call throws ReplicaError ('quota' when the browser's storage is full, 'unavailable' when IndexedDB is
// refused, e.g. private mode); callers then keep working from memory and say so once.
import { replicaDb } from './db';
import type { IDBPTransaction } from 'idb';
import type { ReplicaSchema, StoredDetails } from '../../../workers/replicaSchema';
import type { StoredIndex } from '../../core/pointIndex/restored';
import { OWNER_KEY } from '../../../workers/replicaWrite';
import { replicaWritesSettled, writeReplicaIndexInWorker } from '../pointIndexSource';
import { currentSession } from '../currentSession';
import { definePart } from '../../core/session/scope';

export type { StoredDetails, StoredIndex };

export class ReplicaError extends Error {
  constructor(public kind: 'quota' | 'unavailable', cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** A replica failure (here or in the point-index worker's write) as a ReplicaError. */
export function replicaErrorOf(e: unknown): ReplicaError {
  if (e instanceof ReplicaError) return e;
  const name = (e as { name?: string })?.name ?? '';
  return new ReplicaError(name === 'QuotaExceededError' || /quota/i.test(String((e as Error)?.message)) ? 'quota' : 'unavailable', e);
}

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try { return await fn(); } catch (e) { throw replicaErrorOf(e); }
}

const INDEX = 'points';

/** Empties the three stores in `tx` (the owner goes too). */
const clearStores = (tx: IDBPTransaction<ReplicaSchema, ('meta' | 'index' | 'details')[], 'readwrite'>) =>
  Promise.all([tx.objectStore('meta').clear(), tx.objectStore('index').clear(), tx.objectStore('details').clear()]);

/**
 * `mine`: whether the replica already belonged to the user (its data may be used), known once the owner is read;
 * `bound`: settles once the binding is written (another user's data cleared, this user named owner).
 */
export interface ReplicaBinding { userId: string; mine: Promise<boolean>; bound: Promise<void> }

/** The session's binding (one owner check and at most one clear per session; cleared by clearReplica). */
const bindingPart = definePart('replicaBinding', () => ({ binding: null as ReplicaBinding | null }));

/**
 * Binds the replica to `userId`. Called again in the same session it returns the same binding (a second check
 * started before the first clear was written would see no owner and clear again, on the cold open's path).
 * `mine` resolves false as soon as another (or no) owner is read, the clear still being written: every replica
 * transaction started after that runs after the clear (IndexedDB runs transactions of overlapping scope in the
 * order they were created, across connections, the worker's included). Both promises reject with ReplicaError.
 */
export function bindReplica(userId: string): ReplicaBinding {
  const slot = currentSession().part(bindingPart);
  if (slot.binding?.userId === userId) return slot.binding;
  let bound!: Promise<void>;
  const mine = guarded(async () => {
    await replicaWritesSettled(); // a previous user's record still being written lands before the owner check
    const db = await replicaDb();
    const owner = await db.get('meta', OWNER_KEY);
    if (owner === userId) { bound = Promise.resolve(); return true; }
    const tx = db.transaction(['meta', 'index', 'details'], 'readwrite');
    bound = guarded(async () => {
      await clearStores(tx);
      await tx.objectStore('meta').put(userId, OWNER_KEY);
      await tx.done;
    });
    return false;
  });
  const binding: ReplicaBinding = { userId, mine, bound: mine.then(() => bound) };
  slot.binding = binding;
  // A failed binding is not kept: the next call checks again.
  binding.bound.catch(() => { if (slot.binding === binding) slot.binding = null; });
  return binding;
}

/** The record key of a line's index (null: the whole network, as before lines existed). */
export const indexKey = (lineId: string | null) => (lineId ? `${INDEX}:${lineId}` : INDEX);

/**
 * Written by the point-index API (in its worker): `rec`'s arrays are transferred there (emptied here). Only under the
 * user the replica is bound to in this session (the write checks the owner in its transaction).
 */
export function writeIndex(rec: StoredIndex, lineId: string | null = null): Promise<void> {
  return guarded(async () => {
    const owner = currentSession().part(bindingPart).binding?.userId;
    if (!owner) throw new Error('Réplique locale non liée à cet utilisateur');
    await writeReplicaIndexInWorker(rec, indexKey(lineId), owner);
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
  currentSession().part(bindingPart).binding = null; // the owner goes too: the next bind checks again
  try {
    await replicaWritesSettled(); // a record written in the worker must not land after the clear
    const db = await replicaDb();
    const tx = db.transaction(['meta', 'index', 'details'], 'readwrite');
    await Promise.all([clearStores(tx), tx.done]);
  } catch (e) {
    console.warn('Réplique locale : effacement impossible', e);
  }
}
