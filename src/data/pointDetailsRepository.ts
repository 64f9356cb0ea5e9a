// Point details on demand: the full rows (text fields, photo, team name) of a few ids, with the version
// (updated_at) they were read at.
import { supabase } from './client';
import { toPoint } from './mappers';
import type { Point } from '../core/types';

export const DETAILS_BATCH = 150; // ids per request (keeps the URL short)

export interface PointWithVersion { point: Point; updatedMs: number; updatedAt: string }

/** Details of these ids (missing ids are deleted points). */
export async function fetchPointDetails(ids: readonly string[]): Promise<PointWithVersion[]> {
  const out: PointWithVersion[] = [];
  for (let i = 0; i < ids.length; i += DETAILS_BATCH) {
    const { data, error } = await supabase().from('points').select('*, teams(name)').in('id', ids.slice(i, i + DETAILS_BATCH));
    if (error) throw error;
    for (const r of data ?? []) out.push({ point: toPoint(r), updatedMs: Date.parse(r.updated_at), updatedAt: r.updated_at });
  }
  return out;
}
