// Inspection records (docs/product.md#inspection-records), the pure part: the snapshot saved from a route report
// (each anomaly found with its state at that time, counts per zone and criticality), and the comparison of a
// saved record with the line today ('3 nouvelles, 5 résolues depuis').
import type { ReportPlan } from '../report/plan';
import { OUTSIDE_ZONES } from '../report/classify';
import { NO_TEAM, reportPointId, STATUS_CODES, STATUS_RESOLVED, type PointDetails, type ReportPointIndex } from '../report/reportIndex';
import type { PointStatus } from '../types';
import { rowPhotos } from '../photos/listed';

/** At most this many anomalies in one record (the database refuses more). */
export const INSPECTION_MAX_FINDINGS = 10_000;
/** Key of the anomalies outside every zone in counts and remarks. */
export const OUTSIDE_ZONE_KEY = 'hors_zone';

export interface InspectionFinding {
  id: string; name: string; description: string; ticket: string | null; km: number | null;
  status: PointStatus; criticality: string; team_id: string | null; team_name: string | null; zone_id: string | null;
  /** The thumbnails of its first photos as the report showed them (at most 4); absent without photo. */
  photos?: string[];
}
export interface NotInspected { km_from: number; km_to: number; reason: string }
/** zone id (or OUTSIDE_ZONE_KEY) → criticality id → count. */
export type InspectionCounts = Record<string, Record<string, number>>;

/** The findings and counts of a report, in the report's order (zones by PK, then outside zones; km order inside). */
export function snapshotOfReport(plan: ReportPlan, ix: ReportPointIndex, zoneIds: readonly string[],
  details: ReadonlyMap<string, PointDetails>): { findings: InspectionFinding[]; counts: InspectionCounts } {
  const findings: InspectionFinding[] = [];
  const counts: InspectionCounts = {};
  for (const s of plan.sections) {
    const zone = s.zone === OUTSIDE_ZONES ? null : zoneIds[s.zone] ?? null;
    const key = zone ?? OUTSIDE_ZONE_KEY;
    const byLevel = (counts[key] ??= {});
    for (let k = s.start; k < s.end; k++) {
      const i = plan.rows[k];
      const id = reportPointId(ix, i);
      const d = details.get(id);
      const criticality = ix.criticalityKeys[ix.criticality[i]] ?? '';
      byLevel[criticality] = (byLevel[criticality] ?? 0) + 1;
      const photos = rowPhotos(d?.photos, d?.imageUrl ?? null).map((p) => p.thumb);
      findings.push({
        id, name: d?.name ?? '', description: d?.description ?? '', ticket: d?.ticketNumber ?? null,
        km: Number.isNaN(ix.km[i]) ? null : ix.km[i], status: STATUS_CODES[ix.status[i]] ?? 'signale', criticality,
        team_id: ix.team[i] === NO_TEAM ? null : ix.teamKeys[ix.team[i]] ?? null, team_name: d?.teamName ?? null, zone_id: zone,
        ...(photos.length ? { photos } : {}),
      });
    }
  }
  return { findings, counts };
}

/** A point of the line today, as the comparison needs it. */
export interface TodayPoint { id: string; km: number | null; status: PointStatus }

/**
 * The line today against a record: `nouvelles` = unresolved points today inside the record's PK range that the
 * record does not hold; `resolues` = anomalies of the record that are resolved today or no longer exist.
 */
export function compareWithToday(findings: readonly Pick<InspectionFinding, 'id'>[], today: readonly TodayPoint[],
  kmFrom: number | null, kmTo: number | null): { nouvelles: number; resolues: number } {
  const saved = new Set(findings.map((f) => f.id));
  const now = new Map(today.map((p) => [p.id, p]));
  let nouvelles = 0;
  for (const p of today) {
    if (saved.has(p.id) || p.status === STATUS_CODES[STATUS_RESOLVED]) continue;
    if (p.km === null || (kmFrom !== null && p.km < kmFrom) || (kmTo !== null && p.km > kmTo)) continue;
    nouvelles++;
  }
  let resolues = 0;
  for (const id of saved) { const p = now.get(id); if (!p || p.status === 'resolu') resolues++; }
  return { nouvelles, resolues };
}

/** '3 nouvelles, 5 résolues depuis'. */
export const compareText = (c: { nouvelles: number; resolues: number }): string =>
  `${c.nouvelles} nouvelle${c.nouvelles > 1 ? 's' : ''}, ${c.resolues} résolue${c.resolues > 1 ? 's' : ''} depuis`;

/** Whether a record saved at `createdAt` can still be edited at `now` (the database enforces it: 24 h). */
export const INSPECTION_LOCK_MS = 24 * 3600 * 1000;
export const isLocked = (createdAt: string, now = Date.now()): boolean => now - Date.parse(createdAt) >= INSPECTION_LOCK_MS;

/** A stretch not inspected is valid with PKs in order and a reason. French error or null. */
/** How far ahead of the server's clock inspected_at may be (the database refuses later dates). */
export const INSPECTED_AT_SKEW_MS = 5 * 60_000;

/** The French refusal of a walk's date (ISO, or '' when unreadable), or null: given, not in the future, not before the
 * minute the line was created (the database checks the same, docs/product.md#inspection-records). */
export function inspectedAtError(iso: string, nowMs: number, lineCreatedAt: string | null): string | null {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return 'Indiquez la date de la tournée.';
  if (t > nowMs + INSPECTED_AT_SKEW_MS) return 'La date de la tournée est dans le futur.';
  // The date is typed to the minute: the line's creation minute is not 'before' it.
  if (lineCreatedAt && t < Math.floor(Date.parse(lineCreatedAt) / 60_000) * 60_000) return 'La date de la tournée est antérieure à la création de la ligne.';
  return null;
}

/** The database's refusal of a record (SQLSTATE 23514: too large, date out of bounds) is already in French. */
export function inspectionRefusal(err: unknown): string | null {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e && e.code === '23514' && typeof e.message === 'string' && e.message ? e.message : null;
}

export function notInspectedError(s: { km_from: number | null; km_to: number | null; reason: string }): string | null {
  if (s.km_from === null || s.km_to === null) return 'Indiquez les PK de début et de fin du tronçon non inspecté.';
  if (s.km_from > s.km_to) return 'Le PK de début doit précéder le PK de fin.';
  if (!s.reason.trim()) return 'Indiquez la raison pour laquelle le tronçon n\'a pas été inspecté.';
  return null;
}
