// The audit log: a point's history, the admin Journal (filtered, paged on the server with a count),
// and colleagues' emails through user_emails() (plain users read only their own profile).
import { supabase } from './client';
import type { Tables } from './database.types';
import { rpc } from './rpc';
import { jsonAnswer } from './json';
import type { AuditAction, AuditEntry } from '../core/audit/types';

/** A log row; its action is one of the three its check constraint allows, its changes the shape audit_row writes. */
const toEntry = (r: Tables<'audit_log'>): AuditEntry => ({
  id: Number(r.id), at: r.at, actor: r.actor ?? null, tableName: r.table_name, rowId: r.row_id, action: r.action as AuditAction,
  changes: jsonAnswer<AuditEntry['changes']>(r.changes ?? {}),
});

/** A point's changes, newest first (at most `limit`). */
export async function listPointHistory(pointId: string, limit = 200): Promise<AuditEntry[]> {
  const res = await supabase().from('audit_log').select('*')
    .eq('table_name', 'points').eq('row_id', pointId)
    .order('at', { ascending: false }).order('id', { ascending: false }).limit(limit);
  if (res.error) throw res.error;
  return (res.data ?? []).map(toEntry);
}

export interface JournalQuery {
  actor?: string | null;
  table?: string | null;
  /** Inclusive lower bound and exclusive upper bound, ISO instants. */
  from?: string | null;
  to?: string | null;
  page: number;
  pageSize: number;
}

/** One page of the whole log, newest first, with the total count of the filtered log. */
export async function listAuditLog(q: JournalQuery): Promise<{ entries: AuditEntry[]; total: number }> {
  let req = supabase().from('audit_log').select('*', { count: 'exact' });
  if (q.actor) req = req.eq('actor', q.actor);
  if (q.table) req = req.eq('table_name', q.table);
  if (q.from) req = req.gte('at', q.from);
  if (q.to) req = req.lt('at', q.to);
  const start = q.page * q.pageSize;
  const res = await req.order('at', { ascending: false }).order('id', { ascending: false }).range(start, start + q.pageSize - 1);
  if (res.error) throw res.error;
  return { entries: (res.data ?? []).map(toEntry), total: res.count ?? 0 };
}

/** Email of each given user the caller may see (authors of points and of their changes; anyone for admins). */
export async function userEmails(ids: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(ids.filter(Boolean))];
  if (unique.length === 0) return out;
  const res = await rpc('user_emails', { ids: unique });
  if (res.error) throw res.error;
  for (const r of res.data ?? []) out.set(r.id, r.email);
  return out;
}

/** The newest recorded insert or update of a row (who and when), or null when none is readable by the caller. */
export async function lastRowChange(table: string, rowId: string): Promise<{ actor: string | null; at: string } | null> {
  const res = await supabase().from('audit_log').select('actor, at').eq('table_name', table).eq('row_id', rowId)
    .in('action', ['insert', 'update']).order('at', { ascending: false }).order('id', { ascending: false }).limit(1);
  if (res.error) throw res.error;
  const r = res.data?.[0];
  return r ? { actor: r.actor ?? null, at: r.at } : null;
}
