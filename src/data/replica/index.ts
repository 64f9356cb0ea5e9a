// The local replica (IndexedDB, ./db.ts): its binding to the signed-in user, each line's index record (written in the
// point-index worker), the point details seen, the clear at sign-out. Calls throw ReplicaError; callers work from memory.
import { replicaDb } from './db';
import type { IDBPObjectStore, IDBPTransaction } from 'idb';
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


/** Empties the three stores in `tx` (the owner goes too). */
const clearStores = (tx: IDBPTransaction<ReplicaSchema, ('meta' | 'index' | 'details')[], 'readwrite'>) =>
  Promise.all([tx.objectStore('meta').clear(), tx.objectStore('index').clear(), tx.objectStore('details').clear()]);

/** `mine`: the replica already belonged to the user; `bound`: the binding is written (another user's data cleared). */
export interface ReplicaBinding { userId: string; mine: Promise<boolean>; bound: Promise<void> }

/** The session's binding (one owner check and at most one clear per session; cleared by clearReplica). */
const bindingPart = definePart('replicaBinding', () => ({ binding: null as ReplicaBinding | null }));

/** Binds the replica to `userId` (once per session: a second check would clear again). `mine` resolves false as soon
 * as another owner is read, the clear still being written: later transactions run after it (IndexedDB runs those of
 * overlapping scope in creation order, across connections). Both promises reject with ReplicaError. */
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

/** The record key of a line's index (an index of every line, loaded while no line is known, is not kept). */
export const indexKey = (lineId: string) => `points:${lineId}`;

/** Written in the point-index worker (`rec` transferred, emptied here), only under the user bound in this session. */
export function writeIndex(rec: StoredIndex, lineId: string): Promise<void> {
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

/** Runs `each` on every item in one write transaction of the details store (none: no transaction). */
function writeEachDetail<T>(items: readonly T[], each: (store: IDBPObjectStore<ReplicaSchema, ['details'], 'details', 'readwrite'>, item: T) => Promise<unknown>): Promise<void> {
  if (!items.length) return Promise.resolve();
  return guarded(async () => {
    const tx = (await replicaDb()).transaction('details', 'readwrite');
    await Promise.all([...items.map((item) => each(tx.store, item)), tx.done]);
  });
}

export const writeDetails = (list: readonly StoredDetails[]) => writeEachDetail(list, (store, d) => store.put(d));
export const deleteDetails = (ids: readonly string[]) => writeEachDetail(ids, (store, id) => store.delete(id));

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
