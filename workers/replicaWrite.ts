// The point-index worker's side of the local replica: a line's index record is written here, so its structured clone
// and IndexedDB serialisation never run on the main thread. The main thread transfers the record's arrays and awaits
// the write (src/data/replica/index.ts); a warm open's read of a line's record is here too (readIndexRecord: the clone
// and the id hash off the main thread); the owner and details stay there. The connection is this worker's own.
import { replicaConnection } from './replicaSchema';
import type { StoredIndex } from '../src/core/pointIndex/restored';
import { releaseBuffers } from '../src/core/releaseBuffers';
import { pageBuffers } from '../src/core/pointIndex/store';

const connection = replicaConnection();

export const OWNER_KEY = 'owner';

/**
 * Writes a line's record in one transaction with the owner check: only while the replica belongs to `owner` (the
 * user whose points these are). The owner's binding is written before (src/data/replica/index.ts: bindReplica);
 * if it failed, another user's name is still there and the record is not written (it never lands under their name).
 */
export async function writeIndexRecord(rec: StoredIndex, key: string, owner: string): Promise<void> {
  const tx = (await connection.get()).transaction(['meta', 'index'], 'readwrite');
  const current = await tx.objectStore('meta').get(OWNER_KEY);
  if (current === owner) {
    const put = tx.objectStore('index').put(rec, key); // serialises rec now, in this call
    // Its arrays freed at once, the caller's record emptied (the write's contract): an idle worker would otherwise
    // hold the record's copies until a GC.
    releaseBuffers(pageBuffers(rec));
    await put;
  }
  await tx.done;
  if (current !== owner) throw new Error('Réplique locale liée à un autre utilisateur : enregistrement refusé');
}

/** A line's record, read in one transaction with the owner check (null when absent or another user's). */
export async function readIndexRecord(key: string, owner: string): Promise<StoredIndex | null> {
  const tx = (await connection.get()).transaction(['meta', 'index'], 'readonly');
  const [current, rec] = await Promise.all([tx.objectStore('meta').get(OWNER_KEY), tx.objectStore('index').get(key)]);
  await tx.done;
  return current === owner ? rec ?? null : null;
}
