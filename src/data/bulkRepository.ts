// Bulk changes of points (docs/product.md#bulk-changes): the two RPCs, one request per call (≤ 10,000 rows).
import { jsonAnswer, jsonArg, rpc } from './rpc';
import type { BulkConflict, BulkGroup, BulkUpdateAnswer } from '../core/bulk/plan';

/** public.bulk_update_points: each row written only at its stated version. Throws the supabase error. */
export async function bulkUpdatePoints(groups: readonly BulkGroup[]): Promise<BulkUpdateAnswer> {
  const { data, error } = await rpc('bulk_update_points', { p_changes: jsonArg(groups) });
  if (error) throw error;
  return jsonAnswer<BulkUpdateAnswer>(data);
}

export interface BulkDeleteAnswer { deleted: [string, string | null][]; conflicts: BulkConflict[]; missing: string[] }

/** public.bulk_delete_points (admins). Throws the supabase error (42501 for a member). */
export async function bulkDeletePoints(ids: readonly string[], versions: readonly (number | string)[]): Promise<BulkDeleteAnswer> {
  const { data, error } = await rpc('bulk_delete_points', { p_rows: jsonArg({ ids, versions }) });
  if (error) throw error;
  return jsonAnswer<BulkDeleteAnswer>(data);
}
