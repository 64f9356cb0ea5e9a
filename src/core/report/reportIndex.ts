// The route report's input at scale (issue 10 item 4): what the classification, the grouping and the stat cards need
// of every point, as parallel typed arrays (never one object per point). Texts (name, description, ticket, team name,
// photo) are not here: the view and the exports fetch them by id, page by page, as they are shown.
import type { Point, PointStatus } from '../types';
import type { PointIndex } from '../pointIndex/types';
import { uuidAt } from '../pointIndex/ids';

/** Status codes of the `status` array. */
export const STATUS_CODES: readonly PointStatus[] = ['signale', 'pris_en_charge', 'resolu'];
export const STATUS_RESOLVED = 2;
export const NO_TEAM = -1;

export interface ReportPointIndex {
  /** Point ids (uuid), by index. */
  ids: readonly string[];
  xs: Float64Array;
  ys: Float64Array;
  /** km value, NaN when the point has none. */
  km: Float64Array;
  /** Index into STATUS_CODES. */
  status: Uint8Array;
  /** Index into `criticalityKeys` (criticality level ids). */
  criticality: Uint16Array;
  criticalityKeys: readonly string[];
  /** Index into `teamKeys` (team ids), NO_TEAM when none. */
  team: Int32Array;
  teamKeys: readonly string[];
}

/** Number of points of an index. */
export const indexSize = (ix: ReportPointIndex): number => ix.xs.length;

/** Builds the index from point objects (today's state holds objects; a compact index from the server replaces this). */
export function indexFromPoints(points: readonly Pick<Point, 'id' | 'position' | 'kmValue' | 'status' | 'criticality' | 'teamId'>[]): ReportPointIndex {
  const n = points.length;
  const ids = new Array<string>(n);
  const xs = new Float64Array(n), ys = new Float64Array(n), km = new Float64Array(n);
  const status = new Uint8Array(n), criticality = new Uint16Array(n), team = new Int32Array(n);
  const critKeys = new Map<string, number>(), teamKeys = new Map<string, number>();
  const code = (m: Map<string, number>, k: string) => { let c = m.get(k); if (c === undefined) m.set(k, (c = m.size)); return c; };
  for (let i = 0; i < n; i++) {
    const p = points[i];
    ids[i] = p.id;
    xs[i] = p.position.x;
    ys[i] = p.position.y;
    km[i] = p.kmValue ?? NaN;
    const s = STATUS_CODES.indexOf(p.status);
    status[i] = s < 0 ? 0 : s;
    criticality[i] = code(critKeys, p.criticality);
    team[i] = p.teamId ? code(teamKeys, p.teamId) : NO_TEAM;
  }
  return { ids, xs, ys, km, status, criticality, criticalityKeys: [...critKeys.keys()], team, teamKeys: [...teamKeys.keys()] };
}

/** 1 where the point is resolved (the classifier's `resolved` array). */
export function resolvedMask(ix: ReportPointIndex): Uint8Array {
  const out = new Uint8Array(ix.status.length);
  for (let i = 0; i < out.length; i++) out[i] = ix.status[i] === STATUS_RESOLVED ? 1 : 0;
  return out;
}

/** The text fields of a point, fetched by id when a row is shown (issue 10 item 2). */
export interface PointDetails {
  id: string; name: string; description: string; ticketNumber: string | null; imageUrl: string | null; teamName: string | null;
  /** observed_at and created_at (docs/product.md#observation-time); absent when not fetched. */
  observedAt?: string | null; createdAt?: string | null;
}

/** The report's index from the app's compact point index (issue 10 item 1): one pass over its typed arrays. */
export function indexFromPointIndex(p: PointIndex): ReportPointIndex {
  const n = p.count;
  const ids = new Array<string>(n);
  for (let i = 0; i < n; i++) ids[i] = uuidAt(p.idBytes, i);
  const xs = Float64Array.from(p.x.subarray(0, n)), ys = Float64Array.from(p.y.subarray(0, n));
  const km = p.km.slice(0, n), status = p.status.slice(0, n);
  const criticality = Uint16Array.from(p.crit.subarray(0, n));
  const team = new Int32Array(n);
  for (let i = 0; i < n; i++) team[i] = p.team[i] === 0 ? NO_TEAM : p.team[i] - 1;
  return { ids, xs, ys, km, status, criticality, criticalityKeys: [...p.critKeys], team, teamKeys: [...p.teamKeys] };
}
