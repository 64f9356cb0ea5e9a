// Route report actions (docs/product.md#report-form, #backend-calls): the report's typed-array input from the loaded state (no
// reload), classification and grouping in the report worker, Word generation in the docx worker with progress (both
// through src/platform/workerHost.ts, main-thread fallback), and the file download.
import { observationLabel } from '../core/observedAt';
import { dueCell } from '../core/followUp/deadline';
import * as Comlink from 'comlink';
import { OUTSIDE_ZONES } from '../core/report/classify';
import { planStats, type ReportPlan } from '../core/report/plan';
import { copyPointIndexInSteps, REPORT_COPY_STEP, reportPointId, STATUS_CODES, type PointDetails, type ReportPointIndex } from '../core/report/reportIndex';
import { effectiveTracks } from '../core/report/rules';
import { rowPhotos } from '../core/photos/listed';
import { pointIndexAtom, type PointIndexSnapshot } from './pointIndex';
import { REPORT_TEXT } from '../core/report/strings';
import { STATUS_LABELS, TRACK_LABELS } from '../core/constants';
import type { DocxRow } from '../core/report/docxStream';
import { fetchReportDetails } from './reportDetails';
import { offlineAtom } from './offline/atoms';
import { store } from './store';
import { reportFileName } from '../core/report/fileName';
import { activeLineAtom, manyLinesAtom } from './tables';
import { lineLabel } from '../core/lines/filterLines';
import type { CriticalityLevel, ReportRequest, Zone } from '../core/types';
import { reportApi, type ReportWorkerApi } from '../../workers/reportApi';
import type { DocxWorkerApi } from '../../workers/docxApi';
import { currentSession } from './userSession';
import { definePart } from '../core/session/scope';
import { hostWorker, onDemandWorker } from '../platform/workerHost';
import { saveBlob } from '../platform/download';
import { yieldToIdle } from '../platform/yieldToPage';
import { fail, ok, type Result } from '../core/result';
import { REPORT_MESSAGES } from '../core/report/strings';
import { REPORT_FAILURE } from './reportStrings';

/** A row's photos in Word: the first photo's image shown, then the thumbnails of the next ones. */
function wordPhotos(d: PointDetails | undefined, abs: (url: string | null) => string | null): Pick<DocxRow, 'imageUrl' | 'thumbUrls'> {
  const [first, ...more] = rowPhotos(d?.photos, d?.imageUrl ?? null);
  return { imageUrl: abs(first?.shown ?? null), ...(more.length ? { thumbUrls: more.map((p) => abs(p.thumb)!) } : {}) };
}

/** A photo's file name, its label when it cannot be included. */
const photoLabel = (url: string): string => decodeURIComponent(url.split('?')[0].split('/').pop() || url);

/** Idle this long, the report worker ends (its isolate's memory returns); the next report starts it again. */
export const REPORT_WORKER_IDLE_MS = 60_000;

/**
 * The session's report state: the typed-array copy of the user's point index (memoised per index version, built in
 * steps) and the report worker (src/platform/workerHost.ts, started on demand; null where no Worker exists: the same
 * API runs here). Both go at sign-out.
 */
const reportPart = definePart('report', () => ({
  memo: null as { source: PointIndexSnapshot; ready: Promise<ReportPointIndex> } | null,
  worker: typeof Worker === 'undefined' ? null : onDemandWorker<ReportWorkerApi>({
    create: () => new Worker(new URL('../../workers/report.worker.ts', import.meta.url), { type: 'module', name: 'report' }),
    fallback: () => reportApi,
    onFallback: (reason) => console.warn('report worker unavailable: the report is classified on the main thread', reason),
  }, REPORT_WORKER_IDLE_MS),
}), (s) => { s.memo = null; s.worker?.terminate(); });

/**
 * The report's input: every loaded point (the map's filters do not apply) as typed arrays, copied from the compact
 * point index once per index version, in steps run in the page's idle moments (never a long task
 * and never ahead of the form's own work). A change of the index during the copy starts it again from
 * the new version. `step`: points per step.
 */
export function reportIndexReady({ step = REPORT_COPY_STEP } = {}): Promise<ReportPointIndex> {
  const s = currentSession().part(reportPart);
  const source = store.get(pointIndexAtom);
  if (s.memo?.source === source) return s.memo.ready;
  const ready = (async () => {
    const steps = copyPointIndexInSteps(source.index, step);
    for (;;) {
      await yieldToIdle();
      if (store.get(pointIndexAtom) !== source) return reportIndexReady({ step });
      const r = steps.next();
      if (r.done) return r.value;
    }
  })();
  s.memo = { source, ready };
  return ready;
}

/** Starts the report worker (its module loaded and compiled) while the form is filled, so 'Générer' does not wait for it. */
export function warmReportWorker(): void {
  currentSession().part(reportPart).worker?.warm();
}

/**
 * The report was closed: its typed-array input (about 30 bytes a point) and the report worker (its isolate and
 * the plan's arrays) go, so the report's memory returns. The next report builds them again.
 */
export function releaseReportMemory(): void {
  const s = currentSession().part(reportPart);
  s.memo = null;
  s.worker?.terminate();
}

/**
 * Classifies and groups in the report worker: the plan (sections of point indices in km order). The index's
 * positions, km and status are lent to the worker and come back with the plan (transferred, never copied).
 * Meanwhile they are detached here: one plan at a time (the form is busy until it ends). If the worker
 * fails, the memoised index is dropped (its arrays are gone) and built again next time.
 */
export async function planRouteReport(request: ReportRequest, zones: readonly Zone[], ix: ReportPointIndex): Promise<ReportPlan> {
  const selected = new Set(request.selectedZones);
  const zoneVertices = zones.map((z) => z.points);
  const kmStart = zones.map((z) => z.kmStart);
  const isSelected = zones.map((z) => selected.has(z.id));
  const s = currentSession().part(reportPart);
  const api = s.worker?.api;
  const lent = { xs: ix.xs, ys: ix.ys, km: ix.km, status: ix.status };
  if (!api) return reportApi.planLent(lent, request.startPoint, request.endPoint, zoneVertices, kmStart, isSelected).plan; // same thread: nothing moves
  const buffers = [lent.xs.buffer, lent.ys.buffer, lent.km.buffer, lent.status.buffer] as ArrayBuffer[];
  try {
    const back = await api.planLent(Comlink.transfer(lent, buffers), request.startPoint, request.endPoint, zoneVertices, kmStart, isSelected);
    ix.xs = back.xs; ix.ys = back.ys; ix.km = back.km; ix.status = back.status;
    return back.plan;
  } catch (err) {
    s.memo = null;
    throw err;
  }
}

/** The plan of a route report over the loaded points; `error` when the classification failed (the form keeps its choices). */
export async function planReport(request: ReportRequest, zones: readonly Zone[]): Promise<Result<{ plan: ReportPlan; index: ReportPointIndex }>> {
  try {
    const index = await reportIndexReady();
    return ok({ plan: await planRouteReport(request, zones, index), index });
  } catch (err) {
    console.error('report classification failed', err);
    return fail('error', REPORT_FAILURE.classifyFailed);
  }
}

export interface StreamedReportInput {
  request: ReportRequest;
  plan: ReportPlan;
  index: ReportPointIndex;
  zones: readonly Zone[];
  levels: readonly CriticalityLevel[];
  generatedAt: Date;
}
export type StreamProgress = (done: number, total: number, bytes: number) => void;
const WORD_PAGE = 500; // rows fetched and written per step

/** `url` made absolute against the page (the docx worker fetches photos from another base); unchanged when it cannot be. */
export function absoluteUrl(url: string): string {
  const base = typeof document !== 'undefined' ? document.baseURI : undefined;
  try { return base ? new URL(url, base).href : url; } catch { return url; }
}

/** A docx worker (workers/docx.worker.ts; its API on this thread where no worker starts), ended by its caller. */
export const startDocxWorker = () => hostWorker<DocxWorkerApi>({
  create: () => new Worker(new URL('../../workers/docx.worker.ts', import.meta.url), { type: 'module', name: 'docx' }),
  fallback: async () => (await import('../../workers/docxApi')).createDocxApi(),
  onFallback: (reason) => console.warn('docx worker unavailable: the Word file is built on the main thread', reason),
});

/** The Word report of the route (streamWordReport): the file name once its download started, `error` when generation failed. */
export async function downloadStreamedWordReport(input: StreamedReportInput, onProgress?: StreamProgress): Promise<Result<string>> {
  try {
    return ok(await streamWordReport(input, onProgress));
  } catch (err) {
    console.error('Word report generation failed', err);
    return fail('error', REPORT_MESSAGES.wordError);
  }
}

/**
 * The Word report at any size: details fetched page by page (the next page while the worker writes
 * the current one) and streamed into the docx worker, which holds only the compressed output and a bounded number of
 * photos. Starts the download; returns the file name. Throws when generation fails.
 */
async function streamWordReport(input: StreamedReportInput, onProgress?: StreamProgress): Promise<string> {
  const { request, plan, index, zones, levels, generatedAt } = input;
  // One worker per document (its stream spans many calls), ended when the document is done or failed.
  const worker = startDocxWorker();
  try {
    const api = worker.api;
    const stats = planStats(plan, index);
    const line = store.get(manyLinesAtom) ? store.get(activeLineAtom) : null; // a network's report names its line
    await api.begin({ request, tracks: effectiveTracks(request.selectedTracks), stats, lineLabel: line ? lineLabel(line) : null }, generatedAt.toISOString());
    const levelName = new Map(levels.map((l) => [l.id, l.name]));
    const abs = (url: string | null) => (url ? absoluteUrl(url) : url);
    const total = plan.rows.length;
    const now = generatedAt.getTime(); // lateness as of the report's 'Généré le'
    const offline = store.get(offlineAtom);
    let done = 0;
    for (const s of plan.sections) {
      const zone = s.zone === OUTSIDE_ZONES ? null : zones[s.zone];
      await api.section({
        name: zone ? zone.name : null, color: zone?.color ?? '', track: zone ? TRACK_LABELS[zone.track ?? 'none'] : null,
        kmStart: zone?.kmStart ?? null, kmEnd: zone?.kmEnd ?? null, count: s.end - s.start,
      });
      const pageIds = (from: number) => Array.from(plan.rows.subarray(from, Math.min(s.end, from + WORD_PAGE)), (i) => reportPointId(index, i));
      let nextFetch: Promise<PointDetails[]> | null = s.start < s.end ? fetchReportDetails(pageIds(s.start)) : null;
      for (let from = s.start; from < s.end; from += WORD_PAGE) {
        const details = new Map((await nextFetch!).map((d) => [d.id, d]));
        const to = Math.min(s.end, from + WORD_PAGE);
        nextFetch = to < s.end ? fetchReportDetails(pageIds(to)) : null;
        const rows: DocxRow[] = [];
        for (let k = from; k < to; k++) {
          const i = plan.rows[k];
          const d = details.get(reportPointId(index, i));
          const levelId = index.criticalityKeys[index.criticality[i]];
          const status = STATUS_CODES[index.status[i]];
          rows.push({
            id: reportPointId(index, i), km: index.km[i], name: d?.name ?? '', description: d?.description ?? '',
            status: STATUS_LABELS[status] ?? status, criticality: levelName.get(levelId) ?? levelId,
            team: d?.teamName ?? REPORT_TEXT.noTeam, ticket: d?.ticketNumber || REPORT_TEXT.none,
            assignee: d?.assigneeName ?? REPORT_TEXT.none, due: dueCell({ dueAt: d?.dueAt, status }, now),
            // Offline the photos cannot be fetched: their labels stand in for them, with a note.
            ...(offline && d?.imageUrl ? { imageUrl: null, photoNote: REPORT_TEXT.photoOffline(photoLabel(d.imageUrl)) } : wordPhotos(d, abs)),
            ...(d?.observedAt ? { observed: observationLabel(d.observedAt, d.createdAt) } : {}),
          });
        }
        const bytes = await api.rows(rows);
        done += rows.length;
        onProgress?.(done, total, bytes);
      }
    }
    const blob = await api.finish();
    const name = reportFileName(request.displayStartPoint, request.displayEndPoint, generatedAt, line?.code ?? null);
    saveBlob(blob, name);
    return name;
  } finally {
    worker.terminate();
  }
}

