// The IndexedDB database of the local replica (library idb): 'meta' (owner, sync cursor), 'index' (the point
// index columns as one record), 'details' (point details already seen, by id). One database per browser profile;
// it belongs to one user at a time (see ./index.ts).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { currentSession } from '../currentSession';
import { definePart } from '../../core/session/scope';
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

/** The session's connection (opened on first use, closed when the session ends). */
const connectionPart = definePart('replicaDb', () => ({ db: null as Promise<IDBPDatabase<ReplicaSchema>> | null }), (c) => {
  void c.db?.then((d) => d.close(), () => undefined);
  c.db = null;
});

export function replicaDb(): Promise<IDBPDatabase<ReplicaSchema>> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB indisponible'));
  const c = currentSession().part(connectionPart);
  c.db ??= openDB<ReplicaSchema>(REPLICA_DB_NAME, REPLICA_DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('meta');
      db.createObjectStore('index');
      db.createObjectStore('details', { keyPath: 'id' });
    },
    blocking() { void c.db?.then((d) => d.close()); c.db = null; },
  }).catch((e) => { c.db = null; throw e; });
  return c.db;
}
