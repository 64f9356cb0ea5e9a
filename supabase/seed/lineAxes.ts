// The demo lines' place on the ground (docs/product.md#position): each line's two track axes (4 m apart) drawn
// through a few real places of its route, smoothed and sampled every 20 m, with a PK anchor every 100 m from the
// line's first to last ruler marker value, and each track's band on the line image. Lets a new user try
// 'Me localiser' with a simulated position (the e2e test walks along it with demoLinePositionAt).
import type { Queryable } from '../../server/db/types';
import { localFrame, toLat, toLon, toX, toY } from '../../src/core/position/localFrame';
import { TRACK_Y } from './data';

type LonLat = [number, number];
const STEP_M = 20;
const ANCHOR_STEP_M = 100;
const TRACK_GAP_M = 4;
const BAND_HALF_PX = 60;

/** Waypoints [lon, lat] of the demo lines, from their first PK to their last. */
export const DEMO_ROUTES = {
  L1: [[2.4490, 48.7325], [2.4200, 48.7130], [2.3835, 48.6894], [2.3600, 48.6790], [2.3486, 48.6760], [2.3300, 48.6500], [2.3035, 48.6066]] as LonLat[],
  L2: [[2.3880, 48.6870], [2.4030, 48.6700], [2.4150, 48.6497], [2.4300, 48.6330], [2.4550, 48.6130]] as LonLat[],
};

export interface DemoLineGeometry {
  axes: { track: 'voie_1' | 'voie_2'; coordinates: LonLat[]; band_y_min: number; band_y_max: number }[];
  anchors: { track: 'voie_1' | 'voie_2'; pk: number; lat: number; lon: number }[];
  /** The place at `pk` on a track (voie 1 by default), `offsetM` to the right of it. */
  at(pk: number, track?: 'voie_1' | 'voie_2', offsetM?: number): { lat: number; lon: number };
}

function chaikin(points: [number, number][], rounds: number): [number, number][] {
  let p = points;
  for (let r = 0; r < rounds; r++) {
    const out: [number, number][] = [p[0]];
    for (let i = 0; i < p.length - 1; i++) {
      const [ax, ay] = p[i], [bx, by] = p[i + 1];
      out.push([0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by], [0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by]);
    }
    out.push(p[p.length - 1]);
    p = out;
  }
  return p;
}

export function demoLineGeometry(route: readonly LonLat[], pkFrom: number, pkTo: number): DemoLineGeometry {
  const frame = localFrame(route[0][1], route[0][0]);
  const smooth = chaikin(route.map(([lon, lat]) => [toX(frame, lon), toY(frame, lat)]), 4);
  const cum = [0];
  for (let i = 1; i < smooth.length; i++) cum.push(cum[i - 1] + Math.hypot(smooth[i][0] - smooth[i - 1][0], smooth[i][1] - smooth[i - 1][1]));
  const length = cum[cum.length - 1];
  /** Metric point and unit right-hand normal `s` metres along the smoothed route. */
  const sample = (s: number) => {
    let i = 1;
    while (i < cum.length - 1 && cum[i] < s) i++;
    const t = (s - cum[i - 1]) / (cum[i] - cum[i - 1] || 1);
    const [ax, ay] = smooth[i - 1], [bx, by] = smooth[i];
    const len = Math.hypot(bx - ax, by - ay) || 1;
    return { x: ax + t * (bx - ax), y: ay + t * (by - ay), nx: (by - ay) / len, ny: -(bx - ax) / len };
  };
  const offsetOf = (track: 'voie_1' | 'voie_2') => (track === 'voie_1' ? 0 : TRACK_GAP_M);
  const place = (s: number, offsetM: number) => {
    const p = sample(Math.min(Math.max(s, 0), length));
    return { lat: toLat(frame, p.y + p.ny * offsetM), lon: toLon(frame, p.x + p.nx * offsetM) };
  };
  const pkAt = (s: number) => Math.round((pkFrom + (s / length) * (pkTo - pkFrom)) * 1000) / 1000;
  const axes = (['voie_1', 'voie_2'] as const).map((track) => {
    const coordinates: LonLat[] = [];
    for (let s = 0; s < length; s += STEP_M) { const q = place(s, offsetOf(track)); coordinates.push([q.lon, q.lat]); }
    const end = place(length, offsetOf(track));
    coordinates.push([end.lon, end.lat]);
    return { track, coordinates, band_y_min: TRACK_Y[track] - BAND_HALF_PX, band_y_max: TRACK_Y[track] + BAND_HALF_PX };
  });
  const anchors: DemoLineGeometry['anchors'] = [];
  for (const track of ['voie_1', 'voie_2'] as const) {
    for (let s = 0; s < length; s += ANCHOR_STEP_M) anchors.push({ track, pk: pkAt(s), ...place(s, offsetOf(track)) });
    anchors.push({ track, pk: pkAt(length), ...place(length, offsetOf(track)) });
  }
  return {
    axes, anchors,
    at: (pk, track = 'voie_1', offsetM = 0) => place(((pk - pkFrom) / (pkTo - pkFrom)) * length, offsetOf(track) + offsetM),
  };
}

/** Writes a line's axes and anchors (inside the seed's transaction). */
export async function seedLineAxes(tx: Queryable, lineId: string, g: DemoLineGeometry, adminId: string): Promise<void> {
  for (const a of g.axes) {
    await tx.query(
      'insert into public.line_axes (line_id, track, coordinates, band_y_min, band_y_max, created_by) values ($1, $2, $3::jsonb, $4, $5, $6)',
      [lineId, a.track, JSON.stringify(a.coordinates), a.band_y_min, a.band_y_max, adminId]);
  }
  await tx.query(
    `insert into public.line_anchors (line_id, track, pk, lat, lon, source, created_by)
     select $1, t, p, la, lo, 'import', $6 from unnest($2::text[], $3::numeric[], $4::float8[], $5::float8[]) as u(t, p, la, lo)`,
    [lineId, g.anchors.map((a) => a.track), g.anchors.map((a) => a.pk), g.anchors.map((a) => a.lat), g.anchors.map((a) => a.lon), adminId]);
}
