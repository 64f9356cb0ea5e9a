// The point-index worker's side of the local replica: a line's index record is written and read here (its clone and
// serialisation off the main thread), on this worker's own connection; the owner and details stay on the main thread.
import { replicaConnection } from './replicaSchema';
import type { StoredIndex } from '../src/core/pointIndex/restored';
import { releaseBuffers } from '../src/core/releaseBuffers';
import { pageBuffers } from '../src/core/pointIndex/store';

const connection = replicaConnection();

export const OWNER_KEY = 'owner';

/** Writes a line's record in one transaction with the owner check: only while the replica belongs to `owner` (if
 * the binding to them failed, another user's name is there and nothing is written). */
export async function writeIndexRecord(rec: StoredIndex, key: string, owner: string): Promise<void> {
  const tx = (await connection.get()).transaction(['meta', 'index'], 'readwrite');
  const current = await tx.objectStore('meta').get(OWNER_KEY);
  if (current === owner) {
    const put = tx.objectStore('index').put(rec, key); // serialises rec now, in this call
    // Its arrays freed at once (the record is emptied: an idle worker may not collect for minutes).
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
