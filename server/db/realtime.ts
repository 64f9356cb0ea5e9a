// Local realtime capture: attaches the realtime.capture_statement() triggers (server/db/realtimeQueue.sql: insert,
// update, delete; per statement) to every table of the supabase_realtime publication. Rows land in
// realtime.changes; one pg_notify('realtime_changes', last id) per statement.
import type { Database } from './types';

export const REALTIME_CHANNEL = 'realtime_changes';

/** Idempotent; returns how many tables got a new trigger. Call again after adding tables to the publication. */
export async function installChangeCapture(db: Database): Promise<number> {
  const r = await db.admin.query<{ n: number }>('select realtime.install_capture() as n');
  return Number(r.rows[0]?.n ?? 0);
}

/** One queued change, as written by realtime.capture_statement() (or capture_change() for a broadcast row). */
export interface CapturedChange {
  id: number; schema: string; table: string; type: 'INSERT' | 'UPDATE' | 'DELETE';
  record: Record<string, unknown> | null; old_record: Record<string, unknown> | null; commit_timestamp: Date;
}

/** Changes with afterId < id <= upToId, oldest first. */
export async function readChanges(db: Database, afterId: number, upToId: number, limit = 500): Promise<CapturedChange[]> {
  const r = await db.admin.query<CapturedChange>(
    'select id, schema, "table", type, record, old_record, commit_timestamp from realtime.changes where id > $1 and id <= $2 order by id limit $3',
    [afterId, upToId, limit]);
  return r.rows;
}
