// A line's index record of the local replica, read and written in the point-index worker (issue 19 part 3): the
// IndexedDB read, its structured clone and the id hashing of a 1M-point record (about 50 MB) happen here, and the
// arrays are transferred to the main thread (the main thread only copies what it stores, then transfers it here).
import { indexFromColumns } from '../src/core/pointIndex/store';
import type { PointIndex } from '../src/core/pointIndex/types';
import { replicaDb, type StoredIndex } from './replicaDb';

/** What this worker has served (a browser test checks that a warm open reads through here). */
export const replicaIndexStats = { reads: 0, writes: 0 };

/** The record under `key` as a ready point index (arrays at capacity, id lookup built) with its cursor, or null. */
export async function readReplicaIndex(key: string): Promise<{ index: PointIndex; cursorMs: number } | null> {
  replicaIndexStats.reads++;
  const rec = await (await replicaDb()).get('index', key);
  if (!rec || !rec.count) return null;
  return { index: indexFromColumns(rec), cursorMs: rec.cursorMs };
}

export async function writeReplicaIndex(key: string, rec: StoredIndex): Promise<void> {
  replicaIndexStats.writes++;
  await (await replicaDb()).put('index', rec, key);
}

/** The transferable buffers of an index (the sender loses them). */
export function indexBuffers(ix: PointIndex): ArrayBuffer[] {
  return [ix.idBytes, ix.x, ix.y, ix.km, ix.created, ix.updated, ix.status, ix.crit, ix.team, ix.lookup].map((a) => a.buffer as ArrayBuffer);
}

/** The transferable buffers of a stored record. */
export function recordBuffers(rec: StoredIndex): ArrayBuffer[] {
  return [rec.idBytes, rec.x, rec.y, rec.km, rec.created, rec.updated, rec.status, rec.crit, rec.team].map((a) => a.buffer as ArrayBuffer);
}
