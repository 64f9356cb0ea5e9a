// Where the export reads its rows: PostgREST pages of the points table, newest first, by keyset on
// (created_at, id) so every page costs the same at any depth; status and team filtered by the database, the zone
// (a polygon) by the exporter. Pure URL building plus a fetch-based page reader (fetch injected).
import type { PointStatus } from '../types';
import type { PointRowRaw } from './record';

export const EXPORT_PAGE_SIZE = 1000; // rows, the PostgREST cap of the server and of Supabase

/** 'tous' = every status except resolu (the sidebar's filter); teamId 'none' = points without a team. */
/** `lineId`: the points of that line (null or absent: every line the caller reads). */
export interface ExportFilter { status: 'tous' | 'all' | PointStatus; teamId?: string | null; zoneId?: string | null; lineId?: string | null }

export interface Cursor { createdAt: string; id: string }

export const EXPORT_COLUMNS = 'id,name,description,kilometer,km_value,position,image_url,status,criticality,ticket_number,team_id,observed_at,created_at,created_by,line_id,assignee_id,due_at';

const quote = (v: string) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The REST address of one page after `after` (the last row of the previous page). */
export function pageUrl(restBase: string, filter: ExportFilter, after: Cursor | null, limit = EXPORT_PAGE_SIZE): string {
  const q = new URLSearchParams();
  q.set('select', EXPORT_COLUMNS);
  if (filter.status === 'tous') q.set('status', 'neq.resolu');
  else if (filter.status !== 'all') q.set('status', `eq.${filter.status}`);
  if (filter.teamId === 'none') q.set('team_id', 'is.null');
  else if (filter.teamId) q.set('team_id', `eq.${filter.teamId}`);
  if (filter.lineId) q.set('line_id', `eq.${filter.lineId}`);
  if (after) q.set('or', `(created_at.lt.${quote(after.createdAt)},and(created_at.eq.${quote(after.createdAt)},id.lt.${after.id}))`);
  q.set('order', 'created_at.desc,id.desc');
  q.set('limit', String(limit));
  return `${restBase.replace(/\/+$/, '')}/rest/v1/points?${q.toString()}`;
}

export interface RestAuth { url: string; anonKey: string; accessToken: string }

/** A page reader over fetch with the caller's token (RLS decides); throws with the server's message on failure. */
export function restPageReader(auth: RestAuth, filter: ExportFilter, fetchFn: typeof fetch = fetch) {
  return async (after: Cursor | null): Promise<PointRowRaw[]> => {
    const res = await fetchFn(pageUrl(auth.url, filter, after), {
      headers: { apikey: auth.anonKey, Authorization: `Bearer ${auth.accessToken}`, Accept: 'application/json' },
    });
    if (!res.ok) {
      let msg = `HTTP ${res.status}`;
      try { msg = ((await res.json()) as { message?: string }).message ?? msg; } catch { /* not JSON: the HTTP status is the message */ }
      throw new Error(msg);
    }
    return (await res.json()) as PointRowRaw[];
  };
}

/**
 * Wraps a page reader so that the creators' emails of each page are known before its rows are written: ids not
 * yet in `emails` are asked of `public.user_emails(ids)` (the only way a member sees colleagues' emails) and added
 * to `emails` in place. A failure leaves them blank ('créé par' empty) rather than failing the export.
 */
export function withCreatorEmails(
  read: (after: Cursor | null) => Promise<PointRowRaw[]>, auth: RestAuth, emails: Record<string, string>,
  fetchFn: typeof fetch = fetch,
) {
  const asked = new Set<string>();
  return async (after: Cursor | null): Promise<PointRowRaw[]> => {
    const rows = await read(after);
    const ids = [...new Set(rows.flatMap((r) => [r.created_by, r.assignee_id ?? null]).filter((id): id is string => !!id && !(id in emails) && !asked.has(id)))];
    if (ids.length > 0) {
      ids.forEach((id) => asked.add(id));
      try {
        const res = await fetchFn(`${auth.url.replace(/\/+$/, '')}/rest/v1/rpc/user_emails`, {
          method: 'POST',
          headers: { apikey: auth.anonKey, Authorization: `Bearer ${auth.accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ ids }),
        });
        if (res.ok) for (const r of (await res.json()) as { id: string; email: string }[]) emails[r.id] = r.email;
      } catch { /* emails stay blank */ }
    }
    return rows;
  };
}
