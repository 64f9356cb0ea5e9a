// Removes the stored files queued in private.storage_removals (photos of deleted rows and deleted points) through
// the storage layer, as the service role; a failure is retried at the next run.
import type { Database, RequestContext } from '../db/types';
import { deleteObjects } from '../storage/objects';

const SERVICE: RequestContext = { role: 'service_role', claims: { role: 'service_role' }, method: 'DELETE', path: '/storage/v1/object', readOnly: false };

export async function removeQueuedFiles(db: Database, storageRoot: string, batch = 100): Promise<number> {
  const rows = (await db.admin.query<{ id: string; bucket_id: string; name: string }>(
    'select id, bucket_id, name from private.storage_removals where done_at is null and attempts < 10 order by id limit $1', [batch])).rows;
  let done = 0;
  for (const r of rows) {
    try {
      await deleteObjects(db, storageRoot, r.bucket_id, [r.name], SERVICE);
      await db.admin.query('update private.storage_removals set done_at = now(), attempts = attempts + 1 where id = $1', [r.id]);
      done++;
    } catch (e) {
      await db.admin.query('update private.storage_removals set attempts = attempts + 1, last_error = $2 where id = $1', [r.id, String(e)]);
    }
  }
  return done;
}
