// The replica's IndexedDB schema and opener (library idb), shared by the main thread (src/data/replica/db.ts: owner, details,
// reads) and the point-index worker (./replicaWrite.ts: a line's index record is written there, off the main
// thread). No session state here: each side keeps its own connection.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Point } from '../src/core/types';
import type { StoredIndex } from '../src/core/pointIndex/restored';

export const REPLICA_DB_NAME = 'signalements-replica';
export const REPLICA_DB_VERSION = 1;

/** A point's details with the version (updated_at in ms) they were read at. */
export interface StoredDetails { id: string; point: Point; updatedMs: number; updatedAt: string }

export interface ReplicaSchema extends DBSchema {
  meta: { key: string; value: unknown };
  index: { key: string; value: StoredIndex };
  details: { key: string; value: StoredDetails };
}

/** Opens (creating on first use) the replica's database; `onBlocking`: another context needs it closed. */
export function openReplicaDb(onBlocking: () => void): Promise<IDBPDatabase<ReplicaSchema>> {
  return openDB<ReplicaSchema>(REPLICA_DB_NAME, REPLICA_DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('meta');
      db.createObjectStore('index');
      db.createObjectStore('details', { keyPath: 'id' });
    },
    blocking: onBlocking,
  });
}
