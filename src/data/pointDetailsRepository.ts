// Point details on demand: the full rows (text fields, photo, team name) of a few ids, with the version
// (updated_at) they were read at; and the realtime row → index row mapping.
import { supabase } from './client';
import { fields, toPoint } from './mappers';
import type { Tables } from './database.types';
import type { Point, PointStatus } from '../core/types';
import type { PointIndexRow } from '../core/pointIndex/types';

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

/** The columns of public.points an index row is made of. */
export type PointIndexSourceRow = Pick<Tables<'points'>, 'id' | 'position' | 'km_value' | 'created_at' | 'updated_at' | 'status' | 'criticality' | 'team_id'>;

/** A row of public.points (REST or a save's answer) as an index row. */
export function toIndexRow(r: PointIndexSourceRow): PointIndexRow {
  const km = r.km_value === null || r.km_value === undefined ? null : Number(r.km_value);
  const position = fields(r.position);
  return {
    id: r.id, x: Number(position?.x ?? 0), y: Number(position?.y ?? 0), km,
    created: Date.parse(r.created_at), updated: Date.parse(r.updated_at ?? r.created_at),
    status: (r.status ?? 'signale') as PointStatus, criticality: r.criticality ?? 'attention', teamId: r.team_id ?? null,
  };
}
