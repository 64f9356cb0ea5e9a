// The route report's input at scale: what the classification, the grouping and the stat cards need
// of every point, as parallel typed arrays (never one object per point). Texts (name, description, ticket, team name,
// photo) are not here: the view and the exports fetch them by id, page by page, as they are shown.
import type { Point, PointStatus } from '../types';
import type { PointIndex } from '../pointIndex/types';
import { uuidAt, writeUuid } from '../pointIndex/ids';
import type { ListedPhoto } from '../photos/listed';

/** Status codes of the `status` array. */
export const STATUS_CODES: readonly PointStatus[] = ['signale', 'pris_en_charge', 'resolu'];
export const STATUS_RESOLVED = 2;
export const NO_TEAM = -1;

export interface ReportPointIndex {
  /** Point ids, 16 bytes each (uuid bytes), by index: text only for the rows shown (reportPointId). */
  idBytes: Uint8Array;
  /** Image positions (float32 when copied from the point index). */
  xs: Float32Array | Float64Array;
  ys: Float32Array | Float64Array;
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

/** The id (uuid text) of point i. */
export const reportPointId = (ix: ReportPointIndex, i: number): string => uuidAt(ix.idBytes, i);

/** Number of points of an index. */
export const indexSize = (ix: ReportPointIndex): number => ix.xs.length;

/** Builds the index from point objects (today's state holds objects; a compact index from the server replaces this). */
export function indexFromPoints(points: readonly Pick<Point, 'id' | 'position' | 'kmValue' | 'status' | 'criticality' | 'teamId'>[]): ReportPointIndex {
  const n = points.length;
  const idBytes = new Uint8Array(n * 16);
  const xs = new Float64Array(n), ys = new Float64Array(n), km = new Float64Array(n);
  const status = new Uint8Array(n), criticality = new Uint16Array(n), team = new Int32Array(n);
  const critKeys = new Map<string, number>(), teamKeys = new Map<string, number>();
  const code = (m: Map<string, number>, k: string) => { let c = m.get(k); if (c === undefined) m.set(k, (c = m.size)); return c; };
  for (let i = 0; i < n; i++) {
    const p = points[i];
    if (!writeUuid(idBytes, i, p.id)) throw new Error(`indexFromPoints: ${p.id} is not a uuid`);
    xs[i] = p.position.x;
    ys[i] = p.position.y;
    km[i] = p.kmValue ?? NaN;
    const s = STATUS_CODES.indexOf(p.status);
    status[i] = s < 0 ? 0 : s;
    criticality[i] = code(critKeys, p.criticality);
    team[i] = p.teamId ? code(teamKeys, p.teamId) : NO_TEAM;
  }
  return { idBytes, xs, ys, km, status, criticality, criticalityKeys: [...critKeys.keys()], team, teamKeys: [...teamKeys.keys()] };
}

/** 1 where the point is resolved (the classifier's `resolved` array), from the status codes. */
export function resolvedMask(status: Uint8Array): Uint8Array {
  const out = new Uint8Array(status.length);
  for (let i = 0; i < out.length; i++) out[i] = status[i] === STATUS_RESOLVED ? 1 : 0;
  return out;
}

/** The text fields of a point, fetched by id when a row is shown. */
export interface PointDetails {
  id: string; name: string; description: string; ticketNumber: string | null; imageUrl: string | null; teamName: string | null;
  /** observed_at and created_at (docs/product.md#observation-time); absent when not fetched. */
  observedAt?: string | null; createdAt?: string | null;
  /** The point's first photos (image shown, thumbnail) when read; absent: its imageUrl alone. */
  photos?: ListedPhoto[];
  /** points.assignee_id and due_at (docs/product.md#deadlines); absent when not fetched. */
  assigneeId?: string | null; dueAt?: string | null;
  /** The assignee's e-mail ('Membre inconnu' when it could not be read); absent without assignee. */
  assigneeName?: string | null;
}

/** Points copied per step of copyPointIndexInSteps (about 20 ms of a 2-core machine, fresh memory included). */
export const REPORT_COPY_STEP = 65_536;

/**
 * The report's index from the app's compact point index, in steps of `step` points: a generator
 * that yields between steps so the caller can give the page's thread back (the whole copy at 1M points would be
 * one long task as the report form opens). The source must not change
 * between steps (the caller starts again if it did). Positions stay float32, as in the point index.
 */
export function* copyPointIndexInSteps(p: PointIndex, step = REPORT_COPY_STEP): Generator<number, ReportPointIndex, void> {
  const n = p.count;
  const idBytes = new Uint8Array(n * 16), xs = new Float32Array(n), ys = new Float32Array(n), km = new Float64Array(n);
  const status = new Uint8Array(n), criticality = new Uint16Array(n), team = new Int32Array(n);
  for (let from = 0; from < n; from += step) {
    const to = Math.min(n, from + step);
    idBytes.set(p.idBytes.subarray(from * 16, to * 16), from * 16);
    xs.set(p.x.subarray(from, to), from);
    ys.set(p.y.subarray(from, to), from);
    km.set(p.km.subarray(from, to), from);
    status.set(p.status.subarray(from, to), from);
    criticality.set(p.crit.subarray(from, to), from);
    for (let i = from; i < to; i++) team[i] = p.team[i] === 0 ? NO_TEAM : p.team[i] - 1;
    if (to < n) yield to;
  }
  return { idBytes, xs, ys, km, status, criticality, criticalityKeys: [...p.critKeys], team, teamKeys: [...p.teamKeys] };
}
