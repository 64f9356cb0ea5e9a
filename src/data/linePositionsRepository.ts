// The lines' place on the ground on supabase-js (docs/product.md#position): every readable line's track axes and
// PK anchors (read by pages), an import that replaces a line's axes and anchors, and an anchor recorded on site.
import { supabase } from './client';
import { jsonArg } from './json';
import { SUPABASE_MAX_ROWS } from '../core/constants';
import type { LineAnchor, LineAxis, LinePositions } from '../core/position/types';
import type { ImportedGeometry } from '../core/position/importCheck';
import type { Track } from '../core/types';
import type { Tables } from './database.types';

type AxisRow = Tables<'line_axes'>;
type AnchorRow = Tables<'line_anchors'>;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export const toLineAxis = (r: AxisRow): LineAxis => ({
  id: r.id, lineId: r.line_id, track: r.track as Track, coordinates: (r.coordinates ?? []) as [number, number][],
  bandYMin: num(r.band_y_min), bandYMax: num(r.band_y_max), ...(r.updated_at ? { updatedAt: r.updated_at } : {}),
});
export const toLineAnchor = (r: AnchorRow): LineAnchor => ({
  id: r.id, lineId: r.line_id, track: r.track as Track, pk: Number(r.pk), lat: Number(r.lat), lon: Number(r.lon),
  source: r.source === 'terrain' ? 'terrain' : 'import', accuracyM: num(r.accuracy_m), fixes: num(r.fixes),
  ...(r.updated_at ? { updatedAt: r.updated_at } : {}),
});

/** Every readable row of the table, by pages (`data` is typed for either table: narrowed to this one's rows). */
async function readAll<T extends 'line_axes' | 'line_anchors'>(table: T, order: string): Promise<Tables<T>[]> {
  const out: Tables<T>[] = [];
  for (let from = 0; ; from += SUPABASE_MAX_ROWS) {
    const { data, error } = await supabase().from(table).select('*').order(order).order('id').range(from, from + SUPABASE_MAX_ROWS - 1);
    if (error) throw error;
    out.push(...((data ?? []) as Tables<T>[]));
    if (!data || data.length < SUPABASE_MAX_ROWS) return out;
  }
}

/** The axes and anchors of every line the caller may read. */
export async function listLinePositions(): Promise<LinePositions> {
  const [axes, anchors] = await Promise.all([readAll('line_axes', 'line_id'), readAll('line_anchors', 'line_id')]);
  return { axes: axes.map(toLineAxis), anchors: anchors.map(toLineAnchor) };
}

/** Replaces a line's axes and imported anchors (admins; terrain anchors and bands are kept). */
export async function replaceLinePositions(lineId: string, g: ImportedGeometry): Promise<{ axes: number; anchors: number }> {
  const { data, error } = await supabase().rpc('replace_line_positions', { p_line_id: lineId, p_axes: jsonArg(g.axes), p_anchors: jsonArg(g.anchors) });
  if (error) throw error;
  return data as { axes: number; anchors: number };
}

/** Records an anchor measured on site (an averaged fix at a ruler marker's PK). */
export async function saveTerrainAnchor(a: { lineId: string; track: Track; pk: number; lat: number; lon: number; accuracyM: number; fixes: number }): Promise<LineAnchor> {
  const { data, error } = await supabase().from('line_anchors').insert({
    line_id: a.lineId, track: a.track, pk: a.pk, lat: a.lat, lon: a.lon, source: 'terrain', accuracy_m: a.accuracyM, fixes: a.fixes,
  }).select('*').single();
  if (error) throw error;
  return toLineAnchor(data);
}
