// The point-index worker's side of the local replica (issue 19 part 3): a line's index record is written here, so
// its structured clone and IndexedDB serialisation (hundreds of ms at 100k points) never run on the main thread.
// The main thread transfers the record's arrays and awaits the write (src/data/replica/index.ts); reads, the owner
// and details stay there. The connection is this worker's own (closed when another context needs it closed).
import type { IDBPDatabase } from 'idb';
import { openReplicaDb, type ReplicaSchema, type StoredIndex } from './replicaSchema';

let db: Promise<IDBPDatabase<ReplicaSchema>> | null = null;
/** Records written by this worker (tests check the writes go through here). */
export const replicaWriteStats = { writes: 0 };

function connection(): Promise<IDBPDatabase<ReplicaSchema>> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB indisponible'));
  db ??= openReplicaDb(() => { void db?.then((d) => d.close()); db = null; }).catch((e) => { db = null; throw e; });
  return db;
}

export async function writeIndexRecord(rec: StoredIndex, key: string): Promise<void> {
  await (await connection()).put('index', rec, key);
  replicaWriteStats.writes++;
}
