// Turns points + zones + a request into the ReportResult of docs/product.md#report-rules: typed-array packing for the classifier,
// grouping by selected zone, sorting (zones by kmStart, points by kmValue, docs/product.md#constants) and the stat cards.
import type { Point, ReportRequest, ReportResult, Zone, ZoneReportSection } from '../types';
import { DANGER_CRITICALITY } from '../constants';
import { buildZoneIndex, classifyPoints, NOT_ELIGIBLE, OUTSIDE_ZONES, type PointArrays } from './classify';
import { effectiveTracks } from './rules';

/** Packs points into the parallel typed arrays the classifier (and its worker) take. */
export function packPoints(points: readonly Point[]): PointArrays {
  const n = points.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const km = new Float64Array(n);
  const resolved = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const p = points[i];
    xs[i] = p.position.x;
    ys[i] = p.position.y;
    km[i] = p.kmValue ?? NaN;
    resolved[i] = p.status === 'resolu' ? 1 : 0;
  }
  return { xs, ys, km, resolved };
}

const byKm = (a: Point, b: Point) => (a.kmValue ?? 0) - (b.kmValue ?? 0);
/** Zones by kmStart; zones with an unknown start go last (stable otherwise). */
const byKmStart = (a: Zone, b: Zone) => (a.kmStart ?? Infinity) - (b.kmStart ?? Infinity) || 0;

/**
 * Builds the result from the classifier's per-point codes (zone index in `zones`, OUTSIDE_ZONES or NOT_ELIGIBLE).
 * Points in a non-selected zone are dropped; sections are the selected zones that hold at least one point.
 */
export function assembleReport(request: ReportRequest, zones: readonly Zone[], points: readonly Point[], codes: Int32Array): ReportResult {
  const selected = new Set(request.selectedZones);
  const perZone = new Map<number, Point[]>();
  const outside: Point[] = [];
  for (let i = 0; i < points.length; i++) {
    const c = codes[i];
    if (c === NOT_ELIGIBLE) continue;
    if (c === OUTSIDE_ZONES) { outside.push(points[i]); continue; }
    if (!selected.has(zones[c].id)) continue;
    let list = perZone.get(c);
    if (!list) perZone.set(c, (list = []));
    list.push(points[i]);
  }
  const sections: ZoneReportSection[] = [...perZone.entries()]
    .map(([z, pts]) => ({ zone: zones[z], points: pts.sort(byKm) }))
    .sort((a, b) => byKmStart(a.zone, b.zone));
  return { request, tracks: effectiveTracks(request.selectedTracks), pointsInZones: sections, pointsOutsideZones: outside.sort(byKm) };
}

/** The whole report in-process (Node tests, and the fallback when no Worker is available). */
export function buildReport(request: ReportRequest, zones: readonly Zone[], points: readonly Point[]): ReportResult {
  const codes = classifyPoints(packPoints(points), request.startPoint, request.endPoint, buildZoneIndex(zones.map((z) => z.points)));
  return assembleReport(request, zones, points, codes);
}

export interface ReportStats { unresolved: number; zonesWithAnomalies: number; dangers: number }

/**
 * The three stat cards. Anomalies count the points in selected zones plus those outside every zone;
 * dangers are points whose criticality is the 'danger' level (custom levels never count as dangers).
 */
export function reportStats(r: ReportResult): ReportStats {
  const all = [...r.pointsInZones.flatMap((s) => s.points), ...r.pointsOutsideZones];
  return {
    unresolved: all.length,
    zonesWithAnomalies: r.pointsInZones.filter((s) => s.points.length > 0).length,
    dangers: all.filter((p) => p.criticality === DANGER_CRITICALITY).length,
  };
}

/** True when the report holds no anomaly at all ('Aucune anomalie non résolue'). */
export function isEmptyReport(r: ReportResult): boolean {
  return r.pointsOutsideZones.length === 0 && r.pointsInZones.every((s) => s.points.length === 0);
}
