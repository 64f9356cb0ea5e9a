// Sidebar lists (docs/product.md#sidebar): points grouped by zone (point in polygon) and by team (with 'Sans équipe'),
// status counts per group computed once per data change, then cheap per-filter views.
import { ringContains, zoneRing, type ZoneRing } from './zoneContains';
import type { Point, PointStatus, Team, Zone } from './types';
import { bboxContains, bboxOf, type ImageBBox } from './geometry';

/** 'tous' is every status except resolu (docs/product.md#sidebar, #statuses). */
export type StatusFilter = 'tous' | PointStatus;
export const NO_TEAM_KEY = '__sans_equipe__';
export const NO_TEAM_LABEL = 'Sans équipe';

export interface StatusCounts { signale: number; pris_en_charge: number; resolu: number }
const emptyCounts = (): StatusCounts => ({ signale: 0, pris_en_charge: 0, resolu: 0 });

export function matchesStatus(status: PointStatus, filter: StatusFilter): boolean {
  return filter === 'tous' ? status !== 'resolu' : status === filter;
}
export function countForFilter(c: StatusCounts, filter: StatusFilter): number {
  return filter === 'tous' ? c.signale + c.pris_en_charge : c[filter];
}
export function filterByStatus(points: readonly Point[], filter: StatusFilter): Point[] {
  return points.filter((p) => matchesStatus(p.status, filter));
}
export function statusCounts(points: readonly Point[]): StatusCounts {
  const c = emptyCounts();
  for (const p of points) if (p.status in c) c[p.status]++;
  return c;
}

/** Points per group key, in input order, with their status counts. */
export interface Grouping { points: Map<string, Point[]>; counts: Map<string, StatusCounts> }

function add(g: Grouping, key: string, p: Point): void {
  let list = g.points.get(key);
  if (!list) { list = []; g.points.set(key, list); g.counts.set(key, emptyCounts()); }
  list.push(p);
  const c = g.counts.get(key)!;
  if (p.status in c) c[p.status]++;
}

/**
 * Points inside each zone's polygon (a point inside two overlapping zones is listed in both).
 * Bounding boxes filter first; zoneContains' rule (edges inside) decides inside the box. Zones with fewer than
 * MIN_ZONE_VERTICES vertices contain nothing.
 */
export function groupByZone(points: readonly Point[], zones: readonly Zone[]): Grouping {
  const g: Grouping = { points: new Map(), counts: new Map() };
  const prepared: { id: string; box: ImageBBox; ring: ZoneRing }[] = [];
  for (const z of zones) {
    g.points.set(z.id, []);
    g.counts.set(z.id, emptyCounts());
    const box = bboxOf(z.points);
    const ring = zoneRing(z.points);
    if (!box || !ring) continue;
    prepared.push({ id: z.id, box, ring });
  }
  for (const p of points) {
    const { x, y } = p.position;
    for (const z of prepared) {
      if (!bboxContains(z.box, x, y)) continue;
      if (ringContains(z.ring, x, y)) add(g, z.id, p);
    }
  }
  return g;
}

/** Points per team id; points without a team (or with an unknown team) go under NO_TEAM_KEY. */
export function groupByTeam(points: readonly Point[], teams: readonly Team[]): Grouping {
  const g: Grouping = { points: new Map(), counts: new Map() };
  const known = new Set(teams.map((t) => t.id));
  for (const p of points) add(g, p.teamId && known.has(p.teamId) ? p.teamId : NO_TEAM_KEY, p);
  return g;
}

export interface ZoneRow { zone: Zone; count: number }
/** Every zone with its count under the filter, in PK order (kmStart, unknown last), then by name. */
export function zoneRows(zones: readonly Zone[], g: Pick<Grouping, 'counts'>, filter: StatusFilter): ZoneRow[] {
  return [...zones]
    .sort((a, b) => (a.kmStart ?? Infinity) - (b.kmStart ?? Infinity) || a.name.localeCompare(b.name, 'fr'))
    .map((zone) => ({ zone, count: countForFilter(g.counts.get(zone.id) ?? emptyCounts(), filter) }));
}

export interface TeamRow { id: string; name: string; count: number; total: number; noTeam: boolean }
/**
 * Teams that have at least one anomaly (any status), by name, then 'Sans équipe' when some points have no team.
 * `count` follows the filter; `total` is every status.
 */
export function teamRows(teams: readonly Team[], g: Pick<Grouping, 'counts'>, filter: StatusFilter): TeamRow[] {
  const rows: TeamRow[] = [];
  for (const t of [...teams].sort((a, b) => a.name.localeCompare(b.name, 'fr'))) {
    const c = g.counts.get(t.id);
    if (!c) continue;
    rows.push({ id: t.id, name: t.name, count: countForFilter(c, filter), total: c.signale + c.pris_en_charge + c.resolu, noTeam: false });
  }
  const none = g.counts.get(NO_TEAM_KEY);
  if (none) rows.push({ id: NO_TEAM_KEY, name: NO_TEAM_LABEL, count: countForFilter(none, filter), total: none.signale + none.pris_en_charge + none.resolu, noTeam: true });
  return rows;
}

/** The points of one group under the filter ([] for an unknown key). */
export function groupPoints(g: Grouping, key: string, filter: StatusFilter): Point[] {
  return filterByStatus(g.points.get(key) ?? [], filter);
}
