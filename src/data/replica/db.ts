// The IndexedDB database of the local replica (library idb): 'meta' (owner, sync cursor), 'index' (the point
// index columns as one record), 'details' (point details already seen, by id). One database per browser profile;
// it belongs to one user at a time (see ./index.ts).
import type { IDBPDatabase } from 'idb';
import { currentSession } from '../currentSession';
import { definePart } from '../../core/session/scope';
import { openReplicaDb, type ReplicaSchema } from '../../../workers/replicaSchema';

/** The session's connection (opened on first use, closed when the session ends). */
const connectionPart = definePart('replicaDb', () => ({ db: null as Promise<IDBPDatabase<ReplicaSchema>> | null }), (c) => {
  void c.db?.then((d) => d.close(), () => undefined);
  c.db = null;
});

export function replicaDb(): Promise<IDBPDatabase<ReplicaSchema>> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB indisponible'));
  const c = currentSession().part(connectionPart);
  c.db ??= openReplicaDb(() => { void c.db?.then((d) => d.close()); c.db = null; }).catch((e) => { c.db = null; throw e; });
  return c.db;
}
