// The replica's IndexedDB schema and connection (idb): 'meta' (the owner), 'index' (a line's record), 'details'.
// The main thread and the point-index worker each keep their own connection. One user at a time.
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

/** A connection opened on first use, closed by `close` or when another context upgrades (reopened on next use). */
export interface ReplicaConnection { get(): Promise<IDBPDatabase<ReplicaSchema>>; close(): void }

export function replicaConnection(): ReplicaConnection {
  let db: Promise<IDBPDatabase<ReplicaSchema>> | null = null;
  const close = () => { void db?.then((d) => d.close(), () => undefined); db = null; };
  const get = () => {
    if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB indisponible'));
    db ??= openDB<ReplicaSchema>(REPLICA_DB_NAME, REPLICA_DB_VERSION, {
      upgrade(d) {
        d.createObjectStore('meta');
        d.createObjectStore('index');
        d.createObjectStore('details', { keyPath: 'id' });
      },
      blocking: close,
    }).catch((e) => { db = null; throw e; });
    return db;
  };
  return { get, close };
}
