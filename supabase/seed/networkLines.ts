// A network of generated lines for scale runs (SEED_LINES >= 3): lines L3…LN after the demo's two, each
// with the second line's image and markers, one zone, and its share of the extra points (SEED_POINTS).
import type { Queryable } from '../../server/db/types';
import { DEMO_SEED, generatePoints, insertPoints, kmAt, prng } from './demo';
import { secondLineMarkers } from './secondLine';

export interface NetworkLinesOptions {
  /** Lines in all, the demo's two included. */
  lines: number;
  /** Points on lines 3…N, in order (missing: none). */
  pointsPerLine: number[];
  teamIds: string[];
  adminId: string;
  now: number;
  image: { url: string; width: number; height: number };
}

export async function seedNetworkLines(tx: Queryable, o: NetworkLinesOptions): Promise<void> {
  const markers = secondLineMarkers();
  const first = markers[0].position, last = markers[markers.length - 1].position;
  for (let k = 3; k <= o.lines; k++) {
    const lineId = (await tx.query<{ id: string }>(
      'insert into public.lines (code, name, image, sort) values ($1, $2, $3::jsonb, $4) returning id',
      [`L${k}`, `Ligne ${k}`, JSON.stringify(o.image), k - 1])).rows[0].id;
    await tx.query(
      `insert into public.kilometer_markers ("position", value, created_by, line_id)
       select p, v, $3, $4 from unnest($1::numeric[], $2::numeric[]) as u(p, v)`,
      [markers.map((m) => m.position), markers.map((m) => m.value + k * 10), o.adminId, lineId]);
    const shifted = markers.map((m) => ({ position: m.position, value: m.value + k * 10 }));
    const poly = [{ x: 1000, y: 500 }, { x: 2000, y: 500 }, { x: 2000, y: 1000 }, { x: 1000, y: 1000 }];
    await tx.query(
      `insert into public.zones (name, color, track, points, km_start, km_end, created_by, line_id)
       values ($1, '#0ea5e9', null, $2::jsonb, $3, $4, $5, $6)`,
      [`Zone de la ligne ${k}`, JSON.stringify(poly), kmAt(shifted, 1000), kmAt(shifted, 2000), o.adminId, lineId]);
    const n = o.pointsPerLine[k - 3] ?? 0;
    if (n > 0) await insertPoints(tx, generatePoints(prng(DEMO_SEED + 100 + k), n, shifted, o.teamIds, o.adminId, o.now, { id: lineId, x0: first + 20, x1: last - 20 }));
  }
}
