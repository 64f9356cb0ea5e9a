// Route report actions (SPEC §4, §7): fresh paged point load, classification in the report worker (in-process
// fallback), Word generation in the docx worker with progress, and the file download.
import * as Comlink from 'comlink';
import { listPoints } from '../data/repositories';
import { assembleReport, packPoints } from '../core/report/assemble';
import { buildZoneIndex, classifyPoints } from '../core/report/classify';
import { reportFileName } from '../core/report/fileName';
import type { CriticalityLevel, Point, ReportRequest, ReportResult, Zone } from '../core/types';
import type { ReportWorkerApi } from '../../workers/report.worker';
import type { DocxProgress, DocxWorkerApi } from '../../workers/docx.worker';

/** Every point, loaded fresh and paged past the row cap, so the report does not depend on the map's filters. */
export function loadReportPoints(onPage?: (loaded: number) => void): Promise<Point[]> {
  return listPoints(onPage);
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
