// The dashboard's supervisor view: one call of public.supervisor_stats (security invoker: row-level security decides
// which points count; supabase/migrations/20261204110700_supervisor_view.sql).
import { rpc } from './rpc';
import type { Database } from './database.types';

/** One row of supervisor_stats as the generated schema types it. */
export type SupervisorStatsRow = Database['public']['Functions']['supervisor_stats']['Returns'][number];

export interface SupervisorQuery { lineId: string | null; days: number; teamIds: string[] | null }

export async function fetchSupervisorRows(q: SupervisorQuery): Promise<SupervisorStatsRow[]> {
  const res = await rpc('supervisor_stats', { p_line_id: q.lineId, p_days: q.days, p_team_ids: q.teamIds });
  if (res.error) throw res.error;
  return res.data ?? [];
}
