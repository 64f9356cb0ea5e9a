// Route report actions (SPEC §4, §7; issue 10 item 4): the report's typed-array input from the loaded state (no
// reload), classification and grouping in the report worker (in-process fallback), Word generation in the docx worker
// with progress, and the file download.
import * as Comlink from 'comlink';
import { assembleReport, packPoints } from '../core/report/assemble';
import { buildZoneIndex, classifyPoints } from '../core/report/classify';
import { planReport, type ReportPlan } from '../core/report/plan';
import { indexFromPoints, resolvedMask, type ReportPointIndex } from '../core/report/reportIndex';
import { pointsAtom } from './data';
import { store } from './store';
import { reportFileName } from '../core/report/fileName';
import type { CriticalityLevel, Point, ReportRequest, ReportResult, Zone } from '../core/types';
import type { ReportWorkerApi } from '../../workers/report.worker';
import type { DocxProgress, DocxWorkerApi } from '../../workers/docx.worker';

let indexMemo: { source: readonly Point[]; index: ReportPointIndex } | null = null;
/**
 * The report's input: every loaded point (the map's filters do not apply) as typed arrays, built once per state
 * version. The compact point index of src/state (issue 10 item 1) plugs in here.
 */
export function currentReportIndex(): ReportPointIndex {
  const points = store.get(pointsAtom);
  if (indexMemo?.source !== points) indexMemo = { source: points, index: indexFromPoints(points) };
  return indexMemo.index;
}

let reportWorker: { worker: Worker; api: Comlink.Remote<ReportWorkerApi> } | null = null;
function getReportWorker(): Comlink.Remote<ReportWorkerApi> | null {
  if (typeof Worker === 'undefined') return null;
  if (!reportWorker) {
    const worker = new Worker(new URL('../../workers/report.worker.ts', import.meta.url), { type: 'module', name: 'report' });
    reportWorker = { worker, api: Comlink.wrap<ReportWorkerApi>(worker) };
  }
  return reportWorker.api;
}

/** Classifies the points in the report worker (typed arrays transferred both ways) and assembles the result. */
export async function runReport(request: ReportRequest, zones: readonly Zone[], points: readonly Point[]): Promise<ReportResult> {
  const packed = packPoints(points);
  const zoneVertices = zones.map((z) => z.points);
  const api = getReportWorker();
  let codes: Int32Array;
  if (api) {
    const buffers = [packed.xs.buffer, packed.ys.buffer, packed.km.buffer, packed.resolved.buffer] as ArrayBuffer[];
    codes = await api.classify(Comlink.transfer(packed, buffers), request.startPoint, request.endPoint, zoneVertices);
  } else {
    codes = classifyPoints(packed, request.startPoint, request.endPoint, buildZoneIndex(zoneVertices));
  }
  return assembleReport(request, zones, points, codes);
}

/** Classifies and groups in the report worker: the plan (sections of point indices in km order). */
export async function planRouteReport(request: ReportRequest, zones: readonly Zone[], ix: ReportPointIndex): Promise<ReportPlan> {
  const selected = new Set(request.selectedZones);
  const zoneVertices = zones.map((z) => z.points);
  const kmStart = zones.map((z) => z.kmStart);
  const isSelected = zones.map((z) => selected.has(z.id));
  const api = getReportWorker();
  // Copies (the index stays with the state); ~29 bytes a point, transferred to the worker without a second copy.
  const points = { xs: ix.xs.slice(), ys: ix.ys.slice(), km: ix.km.slice(), resolved: resolvedMask(ix) };
  if (!api) return planReport(classifyPoints(points, request.startPoint, request.endPoint, buildZoneIndex(zoneVertices)), points.km, kmStart, isSelected);
  const buffers = [points.xs.buffer, points.ys.buffer, points.km.buffer, points.resolved.buffer] as ArrayBuffer[];
  return api.plan(Comlink.transfer(points, buffers), request.startPoint, request.endPoint, zoneVertices, kmStart, isSelected);
}

/** Absolute image URLs (a worker resolves relative ones against its own script URL). */
function withAbsoluteImageUrls(report: ReportResult): ReportResult {
  const base = typeof document !== 'undefined' ? document.baseURI : undefined;
  const abs = (p: Point): Point => {
    if (!p.imageUrl || !base) return p;
    try { return { ...p, imageUrl: new URL(p.imageUrl, base).href }; } catch { return p; }
  };
  return {
    ...report,
    pointsInZones: report.pointsInZones.map((s) => ({ zone: s.zone, points: s.points.map(abs) })),
    pointsOutsideZones: report.pointsOutsideZones.map(abs),
  };
}

/**
 * Builds the .docx in a dedicated worker (terminated afterwards to free its memory) and starts the download.
 * Returns the file name. Throws when generation fails.
 */
export async function downloadWordReport(report: ReportResult, levels: readonly CriticalityLevel[], onProgress?: DocxProgress): Promise<string> {
  const worker = new Worker(new URL('../../workers/docx.worker.ts', import.meta.url), { type: 'module', name: 'docx' });
  try {
    const api = Comlink.wrap<DocxWorkerApi>(worker);
    const now = new Date();
    const blob = await api.generate(withAbsoluteImageUrls(report), [...levels], now.toISOString(), onProgress ? Comlink.proxy(onProgress) : undefined);
    const name = reportFileName(report.request.displayStartPoint, report.request.displayEndPoint, now);
    saveBlob(blob, name);
    return name;
  } finally {
    worker.terminate();
  }
}

/** Starts the download of a Blob made in the worker (no copy of the bytes on the main thread). */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
