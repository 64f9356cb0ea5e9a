// The device's IndexedDB database 'rail-outbox' (library idb): outbox items, photos taken offline (blobs),
// and a snapshot of the last loaded data per user (the map offline until the replica of issue 10 replaces it).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OutboxItem } from '../../core/outbox/types';
import type { AppSetting, CriticalityLevel, KilometerMarker, Point, Profile, Team, Zone } from '../../core/types';

export interface PendingPhoto { path: string; userId: string; blob: Blob; takenAt: number }
export interface DataSnapshot {
  userId: string; savedAt: number; profile: Profile | null;
  points: Point[]; zones: Zone[]; teams: Team[]; levels: CriticalityLevel[]; markers: KilometerMarker[]; settings: AppSetting[];
}

interface OutboxDB extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { byUser: string } };
  photos: { key: string; value: PendingPhoto; indexes: { byUser: string } };
  snapshots: { key: string; value: DataSnapshot };
}

export const OUTBOX_DB_NAME = 'rail-outbox';
let dbPromise: Promise<IDBPDatabase<OutboxDB>> | null = null;

export function outboxDb(): Promise<IDBPDatabase<OutboxDB>> {
  dbPromise ??= openDB<OutboxDB>(OUTBOX_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('items', { keyPath: 'id' }).createIndex('byUser', 'userId');
      db.createObjectStore('photos', { keyPath: 'path' }).createIndex('byUser', 'userId');
      db.createObjectStore('snapshots', { keyPath: 'userId' });
    },
    blocking() { void dbPromise?.then((d) => d.close()); dbPromise = null; },
  });
  return dbPromise;
}

export async function readItems(userId: string): Promise<OutboxItem[]> {
  return (await outboxDb()).getAllFromIndex('items', 'byUser', userId);
}

/** Writes and removes items in one transaction. */
export async function writeItems(put: OutboxItem[], removed: string[] = []): Promise<void> {
  const tx = (await outboxDb()).transaction('items', 'readwrite');
  await Promise.all([...put.map((i) => tx.store.put(i)), ...removed.map((id) => tx.store.delete(id)), tx.done]);
}
