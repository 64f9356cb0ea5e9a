// Bulk changes of points (docs/product.md#bulk-changes): the two RPCs, one request per call (≤ 10,000 rows).
import { supabase } from './client';
import type { BulkConflict, BulkGroup, BulkUpdateAnswer } from '../core/bulk/plan';

/** public.bulk_update_points: each row written only at its stated version. Throws the supabase error. */
export async function bulkUpdatePoints(groups: readonly BulkGroup[]): Promise<BulkUpdateAnswer> {
  const { data, error } = await supabase().rpc('bulk_update_points', { p_changes: groups });
  if (error) throw error;
  return data as BulkUpdateAnswer;
}

export interface BulkDeleteAnswer { deleted: [string, string | null][]; conflicts: BulkConflict[]; missing: string[] }

/** public.bulk_delete_points (admins). Throws the supabase error (42501 for a member). */
export async function bulkDeletePoints(ids: readonly string[], versions: readonly (number | string)[]): Promise<BulkDeleteAnswer> {
  const { data, error } = await supabase().rpc('bulk_delete_points', { p_rows: { ids, versions } });
  if (error) throw error;
  return data as BulkDeleteAnswer;
}
