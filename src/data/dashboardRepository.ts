// The dashboard's statistics: one call of public.dashboard_stats (security invoker; the private functions answer active
// members only, supabase/migrations/20261125130100_dashboard_stats.sql).
import { jsonAnswer, rpc } from './rpc';
import type { DashboardStats } from '../core/dashboard/stats';

export interface DashboardQuery { lineId: string | null; days: number; statuses: string[] | null; teamIds: string[] | null }

export async function fetchDashboard(q: DashboardQuery): Promise<DashboardStats> {
  const res = await rpc('dashboard_stats', { p_line_id: q.lineId, p_days: q.days, p_statuses: q.statuses, p_team_ids: q.teamIds });
  if (res.error) throw res.error;
  return jsonAnswer<DashboardStats>(res.data);
}
