// 'Exporter': the points of a filter as CSV or GeoJSON, built in workers/export.worker.ts (through
// src/platform/workerHost.ts, main-thread fallback) and streamed to
// the file: with the File System Access API (showSaveFilePicker) each chunk is written as it comes; elsewhere the
// chunks are kept as Blob parts (never one giant string) and downloaded at the end.
import * as Comlink from 'comlink';
import { restAuth } from '../data/findShareRepository';
import { exportFileName, type ExportFormat } from '../core/export/run';
import type { ExportFilter } from '../core/export/source';
import type { ExportLookups } from '../core/export/record';
import type { ExportWorkerApi } from '../../workers/exportApi';
import { hostWorker, type HostedWorker } from '../platform/workerHost';
import { activeLineAtom, criticalityLevelsAtom, lineImageAtom, linesAtom, manyLinesAtom, teamsAtom, zonesAtom } from './tables';
import { listZones } from '../data/tableRepositories';
import { lineLabel } from '../core/lines/filterLines';
import { DEFAULT_LINE_IMAGE } from '../core/constants';
import { store } from './store';
import { saveBlob } from '../platform/download';

export type { ExportFormat, ExportFilter };
export const EXPORT_MIME: Record<ExportFormat, string> = { csv: 'text/csv;charset=utf-8', geojson: 'application/geo+json' };

interface Writable { write(chunk: Uint8Array): Promise<void>; close(): Promise<void>; abort(): Promise<void> }
type SavePicker = (o: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }) => Promise<{ createWritable(): Promise<Writable> }>;

export interface ExportOutcome { fileName: string; rows: number; streamedToFile: boolean }

export interface ExportRun { done: Promise<ExportOutcome | null>; cancel(): void }

/** What an export covers: the line shown, or every line the user reads (only offered with several lines). */
export type ExportScope = 'line' | 'all';

/**
 * Starts an export; call it from the click handler (the save picker needs the user's gesture). `done` resolves to
 * null when the user closes the save picker or cancels, and rejects on failure.
 */
export function startExport(format: ExportFormat, baseFilter: ExportFilter, onProgress: (rowsRead: number, rowsWritten: number) => void, scope: ExportScope = 'line'): ExportRun {
  const many = store.get(manyLinesAtom);
  const line = store.get(activeLineAtom);
  const allLines = many && scope === 'all';
  const filter: ExportFilter = { ...baseFilter, lineId: allLines ? null : line?.id ?? null };
  const fileName = exportFileName(format, new Date(), many && !allLines ? line?.code ?? null : null);
  const picker = (window as unknown as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;
  // Ask for the file first, while the click still counts as a user gesture.
  const target = picker
    ? picker({ suggestedName: fileName, types: [format === 'csv'
      ? { description: 'CSV (Excel)', accept: { 'text/csv': ['.csv'] } }
      : { description: 'GeoJSON', accept: { 'application/geo+json': ['.geojson'] } }] }).then((h) => h.createWritable())
    : Promise.resolve(null);
  let worker: HostedWorker<ExportWorkerApi> | null = null; // one per export, ended when it is done
  let api: Comlink.Remote<ExportWorkerApi> | null = null;
  let stopped = false;

  const done = (async (): Promise<ExportOutcome | null> => {
    let writable: Writable | null;
    try { writable = await target; } catch (e) {
      if ((e as DOMException)?.name === 'AbortError') return null; // the user closed the picker
      throw e;
    }
    const parts: BlobPart[] = [];
    try {
      const auth = await restAuth();
      if (stopped) { await writable?.abort(); return null; }
      const lookups: ExportLookups = {
        levels: store.get(criticalityLevelsAtom).map((l) => ({ id: l.id, name: l.name })),
        teams: store.get(teamsAtom).map((t) => ({ id: t.id, name: t.name })),
        // Every line's zones for a network export (a point is matched against its own line's zones).
        zones: (allLines ? await listZones(null) : store.get(zonesAtom)).map((z) => ({ id: z.id, name: z.name, track: z.track, points: z.points, lineId: z.lineId })),
        emails: {}, // filled page by page in the worker (public.user_emails)
        ...(many ? { lines: store.get(linesAtom).map((l) => ({ id: l.id, label: lineLabel(l), image: l.image ?? DEFAULT_LINE_IMAGE })) } : {}),
      };
      worker = hostWorker<ExportWorkerApi>({
        create: () => new Worker(new URL('../../workers/export.worker.ts', import.meta.url), { type: 'module', name: 'export' }),
        fallback: async () => (await import('../../workers/exportApi')).createExportApi(),
        onFallback: (reason) => console.warn('export worker unavailable: the export runs on the main thread', reason),
      });
      api = worker.api;
      const write = async (chunk: Uint8Array) => { if (writable) await writable.write(chunk); else parts.push(chunk as Uint8Array<ArrayBuffer>); };
      const res = await api.run({ format, filter, lookups, image: allLines ? null : store.get(lineImageAtom) }, auth, Comlink.proxy(write), Comlink.proxy(onProgress));
      if (res.cancelled) { await writable?.abort(); return null; }
      if (writable) await writable.close();
      else saveBlob(new Blob(parts, { type: EXPORT_MIME[format] }), fileName);
      return { fileName, rows: res.rowsWritten, streamedToFile: !!writable };
    } catch (e) {
      await writable?.abort().catch(() => undefined); // the export's own error is the one rethrown
      throw e;
    } finally {
      worker?.terminate();
    }
  })();
  return { done, cancel: () => { stopped = true; void api?.cancel(); } };
}

