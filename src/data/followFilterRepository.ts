// The ids of the points of a follow-up filter (src/core/followUp/followFilter.ts), page by page by id; with a bound,
// none when there are more (the map's late marks).
import { supabase } from './client';
import { SUPABASE_MAX_ROWS } from '../core/constants';

export async function idsOfPoints(params: Record<string, string>, lineId: string | null): Promise<Set<string>> {
  return (await idsOfPointsUpTo(params, lineId, Infinity))!;
}

/** The same ids, or null when there are more than `max` (counted with the first page: the others are not read). */
export async function idsOfPointsUpTo(params: Record<string, string>, lineId: string | null, max: number): Promise<Set<string> | null> {
  const out = new Set<string>();
  let lastId: string | null = null;
  for (;;) {
    let q = supabase().from('points').select('id', lastId === null && Number.isFinite(max) ? { count: 'exact' } : undefined).order('id').limit(SUPABASE_MAX_ROWS);
    for (const [k, v] of Object.entries(params)) q = k === 'or' ? q.or(v.slice(1, -1)) : q.filter(k, v.slice(0, v.indexOf('.')), v.slice(v.indexOf('.') + 1));
    if (lineId) q = q.eq('line_id', lineId);
    if (lastId) q = q.gt('id', lastId);
    const { data, error, count } = await q;
    if (error) throw error;
    if (count !== null && count !== undefined && count > max) return null;
    const rows = (data ?? []) as { id: string }[];
    for (const r of rows) out.add(r.id);
    if (rows.length < SUPABASE_MAX_ROWS) return out;
    lastId = rows[rows.length - 1].id;
  }
}
