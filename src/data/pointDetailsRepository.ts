// Point details on demand: the full rows (text fields, photo, team name) of a few ids, with the version
// (updated_at) they were read at; and the realtime row → index row mapping.
import { supabase } from './client';
import { toPoint, type Row } from './mappers';
import type { Point } from '../core/types';
import type { PointIndexRow } from '../core/pointIndex/types';

export const DETAILS_BATCH = 150; // ids per request (keeps the URL short)

export interface PointWithVersion { point: Point; updatedMs: number; updatedAt: string }

/** Details of these ids (missing ids are deleted points). */
export async function fetchPointDetails(ids: readonly string[]): Promise<PointWithVersion[]> {
  const out: PointWithVersion[] = [];
  for (let i = 0; i < ids.length; i += DETAILS_BATCH) {
    const { data, error } = await supabase().from('points').select('*, teams(name)').in('id', ids.slice(i, i + DETAILS_BATCH));
    if (error) throw error;
    for (const r of data ?? []) out.push({ point: toPoint(r), updatedMs: Date.parse(r.updated_at as string), updatedAt: r.updated_at as string });
  }
  return out;
}

/** A row of public.points (REST or realtime) as an index row. */
export function toIndexRow(r: Row): PointIndexRow {
  const km = r.km_value === null || r.km_value === undefined || r.km_value === '' ? null : Number(r.km_value);
  return {
    id: r.id, x: Number(r.position?.x ?? 0), y: Number(r.position?.y ?? 0), km,
    created: Date.parse(r.created_at), updated: Date.parse(r.updated_at ?? r.created_at),
    status: r.status ?? 'signale', criticality: r.criticality ?? 'attention', teamId: r.team_id ?? null,
  };
}
