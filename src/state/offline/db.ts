// The device's IndexedDB database 'rail-outbox' (library idb): outbox items, photos taken offline (blobs),
// and a snapshot of the last loaded data per user (the map offline until the replica replaces it).
// A batch's item is stored packed (core/outbox/bulkStorage: columns, not 10,000 row objects).
import type { LinePositions } from '../../core/position/types';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { currentSession } from '../../data/currentSession';
import { definePart } from '../../core/session/scope';
import type { OutboxItem } from '../../core/outbox/types';
import { packBulkItem, unpackBulkItem } from '../../core/outbox/bulkStorage';
import type { AppSetting, CriticalityLevel, KilometerMarker, Line, Point, Profile, Team, Zone } from '../../core/types';

export interface PendingPhoto { path: string; userId: string; blob: Blob; takenAt: number }
export interface DataSnapshot {
  userId: string; savedAt: number; profile: Profile | null;
  points: Point[]; zones: Zone[]; teams: Team[]; levels: CriticalityLevel[]; markers: KilometerMarker[]; settings: AppSetting[];
  /** The lines' axes and anchors (docs/product.md#position); absent in snapshots written before them. */
  positions?: LinePositions;
  /** The lines the user reads (the line shown offline, its image and name); absent in snapshots written before them. */
  lines?: Line[];
}

interface OutboxDB extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { byUser: string } };
  photos: { key: string; value: PendingPhoto; indexes: { byUser: string } };
  snapshots: { key: string; value: DataSnapshot };
}

export const OUTBOX_DB_NAME = 'rail-outbox';
/** The session's connection (opened on first use, closed when the session ends). */
const connectionPart = definePart('outboxDb', () => ({ db: null as Promise<IDBPDatabase<OutboxDB>> | null }), (c) => {
  void c.db?.then((d) => d.close(), () => undefined);
  c.db = null;
});

export function outboxDb(): Promise<IDBPDatabase<OutboxDB>> {
  const c = currentSession().part(connectionPart);
  c.db ??= openDB<OutboxDB>(OUTBOX_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('items', { keyPath: 'id' }).createIndex('byUser', 'userId');
      db.createObjectStore('photos', { keyPath: 'path' }).createIndex('byUser', 'userId');
      db.createObjectStore('snapshots', { keyPath: 'userId' });
    },
    blocking() { void c.db?.then((d) => d.close()); c.db = null; },
  });
  return c.db;
}

/** The user's items; a batch this page already holds (`known`, the queue in memory) is reused, not unpacked again. */
export async function readItems(userId: string, known: readonly OutboxItem[] = []): Promise<OutboxItem[]> {
  const ops = known.map((i) => i.op);
  return (await (await outboxDb()).getAllFromIndex('items', 'byUser', userId)).map((i) => unpackBulkItem(i, ops));
}

/** Writes and removes items in one transaction. */
export async function writeItems(put: OutboxItem[], removed: string[] = []): Promise<void> {
  const tx = (await outboxDb()).transaction('items', 'readwrite');
  await Promise.all([...put.map((i) => tx.store.put(packBulkItem(i))), ...removed.map((id) => tx.store.delete(id)), tx.done]);
}
