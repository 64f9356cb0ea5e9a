// Inspection records (docs/product.md#inspection-records): save the route report on screen as a record (the
// anomalies with their state now, their texts fetched by id), list and reopen records exactly as saved, compare one
// with the line today, annotate, and build and download its Word file.
import type { ReportPlan } from '../core/report/plan';
import { reportPointId, type PointDetails, type ReportPointIndex } from '../core/report/reportIndex';
import type { ReportRequest, Zone } from '../core/types';
import { compareText, compareWithToday, INSPECTION_MAX_FINDINGS, inspectionRefusal, snapshotOfReport, type InspectionFinding, type NotInspected, type TodayPoint } from '../core/inspection/record';
import type { ReportImage } from '../core/report/docxDocument';
import { inspectionFileName, type InspectionDoc } from '../core/inspection/docText';
import { STATUS_BY_CODE } from '../core/pointIndex/types';
import { idAt } from '../core/pointIndex/store';
import * as repo from '../data/inspectionsRepository';
import { fail, ok, type Result } from '../core/result';
import { INSPECTION_FAILURE } from './inspectionStrings';
import { failureKind } from '../core/outbox/errors';
import { forEachDetailsPage } from './reportDetails';
import { absoluteUrl, startDocxWorker } from './reportActions';
import { pointIndexAtom } from './pointIndex';
import { activeLineAtom, criticalityLevelsAtom, linesAtom, zonesAtom } from './tables';
import { profileAtom } from './session';
import { store } from './store';
import { formatCount } from '../core/format';
import { saveBlob } from '../platform/download';

export type { InspectionRow, InspectionSummary, AnnotationRow, InspectionQuery } from '../data/inspectionsRepository';

export const INSPECTION_STATE_TEXT = {
  tooMany: (n: number) => `Une tournée enregistre au plus ${formatCount(INSPECTION_MAX_FINDINGS)} anomalies (${formatCount(n)} ici) : réduisez le tronçon.`,
  noLine: 'Aucune ligne choisie.',
} as const;

export interface SaveFromReport {
  request: ReportRequest; plan: ReportPlan; index: ReportPointIndex; zones: readonly Zone[];
  inspectedAt: string; remarks: Record<string, string>; notInspected: NotInspected[];
  onProgress?: (done: number, total: number) => void;
}

/**
 * Saves the report as a record. Fails `offline` without network (a record is not queued), `refused` with the
 * database's French refusal (a check constraint), `invalid` with too many anomalies.
 */
export async function saveInspectionFromReport(s: SaveFromReport): Promise<Result<repo.InspectionRow>> {
  const line = store.get(activeLineAtom);
  const me = store.get(profileAtom);
  if (!line || !me) return fail('refused', INSPECTION_STATE_TEXT.noLine);
  const n = s.plan.rows.length;
  if (n > INSPECTION_MAX_FINDINGS) return fail('invalid', INSPECTION_STATE_TEXT.tooMany(n));
  try {
    return ok(await insertRecord(s, line.id, me.id));
  } catch (err) {
    console.error('Tournée', err);
    if (failureKind(err) === 'network') return fail('offline', INSPECTION_FAILURE.offline);
    const refusal = inspectionRefusal(err);
    return refusal ? fail('refused', refusal) : fail('error', INSPECTION_FAILURE.saveFailed);
  }
}

async function insertRecord(s: SaveFromReport, lineId: string, inspector: string): Promise<repo.InspectionRow> {
  const n = s.plan.rows.length;
  const ids = Array.from(s.plan.rows, (i) => reportPointId(s.index, i));
  const details = new Map<string, PointDetails>();
  await forEachDetailsPage(ids, (rows, done) => { for (const d of rows) details.set(d.id, d); s.onProgress?.(done, n); });
  const { findings, counts } = snapshotOfReport(s.plan, s.index, s.zones.map((z) => z.id), details);
  const remarks = Object.fromEntries(Object.entries(s.remarks).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v));
  return repo.insertInspection({
    line_id: lineId, inspector, inspected_at: s.inspectedAt,
    km_from: s.request.startPoint, km_to: s.request.endPoint,
    filters: { zones: s.request.selectedZones, tracks: s.request.selectedTracks, zone_names: Object.fromEntries(s.zones.map((z) => [z.id, z.name])) },
    findings, counts, remarks, not_inspected: s.notInspected,
  });
}

export const listInspections = (q: repo.InspectionQuery) => repo.listInspections(q);
export const getInspection = (id: string) => repo.getInspection(id);
export const listAnnotations = (id: string) => repo.listAnnotations(id);
/** Deletes a record; the database refuses (`refused`) unless the rules of docs/product.md#inspection-records allow it. */
export async function deleteInspection(id: string): Promise<Result> {
  try {
    return (await repo.deleteInspection(id)) ? ok() : fail('refused', INSPECTION_FAILURE.removeRefused);
  } catch (e) {
    console.error('Suppression de tournée', e);
    return (e as { code?: string } | null)?.code === '42501' ? fail('refused', INSPECTION_FAILURE.removeRefused) : fail('error', INSPECTION_FAILURE.removeFailed);
  }
}

export async function annotateInspection(id: string, body: string): Promise<Result<repo.AnnotationRow>> {
  const me = store.get(profileAtom);
  if (!me) return fail('refused', INSPECTION_FAILURE.annotateFailed);
  try {
    return ok(await repo.insertAnnotation(id, me.id, body.trim()));
  } catch (err) {
    console.error(err);
    return fail(failureKind(err) === 'network' ? 'offline' : 'error', INSPECTION_FAILURE.annotateFailed);
  }
}

/** '3 nouvelles, 5 résolues depuis' against the points loaded now, or null when the record is of another line. */
export function compareRecordWithToday(r: repo.InspectionRow): string | null {
  if (store.get(activeLineAtom)?.id !== r.line_id) return null;
  const ix = store.get(pointIndexAtom).index;
  const today: TodayPoint[] = new Array(ix.count);
  for (let s = 0; s < ix.count; s++) today[s] = { id: idAt(ix, s), km: Number.isNaN(ix.km[s]) ? null : ix.km[s], status: STATUS_BY_CODE[ix.status[s]] ?? 'signale' };
  return compareText(compareWithToday(r.findings, today, r.km_from === null ? null : Number(r.km_from), r.km_to === null ? null : Number(r.km_to)));
}

/** Zone names as saved in the record, else as today. */
export function zoneNamesOf(r: repo.InspectionRow): Map<string, string> {
  const m = new Map(store.get(zonesAtom).map((z) => [z.id, z.name]));
  for (const [id, name] of Object.entries(r.filters.zone_names ?? {})) m.set(id, name);
  return m;
}

/** What the Word file and the printed record (PDF) show of a record: the same content for both. */
export function inspectionDocOf(r: repo.InspectionRow, annotations: readonly repo.AnnotationRow[], authorEmail: (id: string) => string): InspectionDoc {
  const line = store.get(linesAtom).find((l) => l.id === r.line_id);
  return {
    lineName: line?.name ?? '—', inspector: r.inspector_email || '—', inspectedAt: r.inspected_at, createdAt: r.created_at,
    kmFrom: r.km_from === null ? null : Number(r.km_from), kmTo: r.km_to === null ? null : Number(r.km_to),
    findings: r.findings, remarks: r.remarks, notInspected: r.not_inspected,
    zoneNames: zoneNamesOf(r), levelNames: new Map(store.get(criticalityLevelsAtom).map((l) => [l.id, l.name])),
    annotations: annotations.map((a) => ({ author: authorEmail(a.author), at: a.created_at, body: a.body })),
    comparison: compareRecordWithToday(r),
  };
}

/** Thumbnails embedded in one record's Word file; the others are written as their URL (memory stays bounded). */
const RECORD_WORD_MAX_PHOTOS = 300;

/** The findings' photo thumbnails by their saved URL, fetched in the docx worker. */
async function findingImages(findings: readonly InspectionFinding[]): Promise<Map<string, ReportImage>> {
  const urls = [...new Set(findings.flatMap((f) => f.photos ?? []))].slice(0, RECORD_WORD_MAX_PHOTOS);
  if (!urls.length) return new Map();
  const worker = startDocxWorker();
  try {
    const byAbs = await worker.api.images(urls.map(absoluteUrl));
    return new Map(urls.flatMap((u) => { const img = byAbs.get(absoluteUrl(u)); return img ? [[u, img] as const] : []; }));
  } finally {
    worker.terminate();
  }
}

/** The record's Word file and its name. */
/** Builds the record's Word file and starts its download; `error` when it could not be built (e.g. offline before the app was installed). */
export async function downloadInspectionWord(r: repo.InspectionRow, annotations: readonly repo.AnnotationRow[], authorEmail: (id: string) => string): Promise<Result> {
  try {
    const { blob, name } = await inspectionWord(r, annotations, authorEmail);
    saveBlob(blob, name);
    return ok();
  } catch (err) {
    console.error('Tournée : Word', err);
    return fail('error', INSPECTION_FAILURE.wordFailed);
  }
}

async function inspectionWord(r: repo.InspectionRow, annotations: readonly repo.AnnotationRow[], authorEmail: (id: string) => string): Promise<{ blob: Blob; name: string }> {
  const line = store.get(linesAtom).find((l) => l.id === r.line_id);
  const { inspectionDocxBlob } = await import('../core/inspection/docx'); // the docx library, loaded on demand
  const images = await findingImages(r.findings);
  const blob = await inspectionDocxBlob({ ...inspectionDocOf(r, annotations, authorEmail), images });
  return { blob, name: inspectionFileName(line?.code ?? 'ligne', r.inspected_at) };
}
