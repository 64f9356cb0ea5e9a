// The ids of the points of a follow-up filter (src/core/followUp/followFilter.ts), page by page by id.
import { supabase } from './client';
import { SUPABASE_MAX_ROWS } from '../core/constants';

export async function idsOfPoints(params: Record<string, string>, lineId: string | null): Promise<Set<string>> {
  const out = new Set<string>();
  let lastId: string | null = null;
  for (;;) {
    let q = supabase().from('points').select('id').order('id').limit(SUPABASE_MAX_ROWS);
    for (const [k, v] of Object.entries(params)) q = k === 'or' ? q.or(v.slice(1, -1)) : q.filter(k, v.slice(0, v.indexOf('.')), v.slice(v.indexOf('.') + 1));
    if (lineId) q = q.eq('line_id', lineId);
    if (lastId) q = q.gt('id', lastId);
    const { data, error } = await q;
    if (error) throw error;
    const rows = (data ?? []) as { id: string }[];
    for (const r of rows) out.add(r.id);
    if (rows.length < SUPABASE_MAX_ROWS) return out;
    lastId = rows[rows.length - 1].id;
  }
}
