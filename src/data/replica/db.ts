// The IndexedDB database of the local replica (library idb): 'meta' (owner, sync cursor), 'index' (the point
// index columns as one record), 'details' (point details already seen, by id). One database per browser profile;
// it belongs to one user at a time (see ./index.ts).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Point } from '../../core/types';

export const REPLICA_DB_NAME = 'signalements-replica';
export const REPLICA_DB_VERSION = 1;

export interface StoredIndex {
  count: number;
  critKeys: string[];
  teamKeys: string[];
  idBytes: Uint8Array; x: Float32Array; y: Float32Array; km: Float64Array; created: Float64Array; updated: Float64Array;
  status: Uint8Array; crit: Uint8Array; team: Uint16Array;
  /** Milliseconds: the newest change (update or deletion) the replica has seen from the server. */
  cursorMs: number;
  savedAt: number;
}

/** A point's details with the version (updated_at in ms) they were read at. */
export interface StoredDetails { id: string; point: Point; updatedMs: number; updatedAt: string }

export interface ReplicaSchema extends DBSchema {
  meta: { key: string; value: unknown };
  index: { key: string; value: StoredIndex };
  details: { key: string; value: StoredDetails };
}

let dbPromise: Promise<IDBPDatabase<ReplicaSchema>> | null = null;

export function replicaDb(): Promise<IDBPDatabase<ReplicaSchema>> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB indisponible'));
  dbPromise ??= openDB<ReplicaSchema>(REPLICA_DB_NAME, REPLICA_DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('meta');
      db.createObjectStore('index');
      db.createObjectStore('details', { keyPath: 'id' });
    },
    blocking() { void dbPromise?.then((d) => d.close()); dbPromise = null; },
  }).catch((e) => { dbPromise = null; throw e; });
  return dbPromise;
}
