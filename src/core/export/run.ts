// The streaming exporter: reads pages, resolves rows, writes text chunks of about `chunkChars` to a
// sink and reports progress; never holds more than one page and one chunk. Runs in workers/export.worker.ts and
// in the bench; the sink decides where bytes go (a file, Blob parts).
import { csvHeader, csvLine, CSV_BOM } from './csv';
import { geojsonFeatureText, geojsonHead, GEOJSON_TAIL } from './geojson';
import { createResolver, type ExportLookups, type PointRowRaw } from './record';
import type { Cursor, ExportFilter } from './source';
import type { LineImage } from '../types';

export type ExportFormat = 'csv' | 'geojson';

export interface ExportJob { format: ExportFormat; filter: ExportFilter; lookups: ExportLookups; image: LineImage | null }

export interface ExportHooks {
  fetchPage: (after: Cursor | null) => Promise<PointRowRaw[]>;
  write: (chunk: string) => Promise<void> | void;
  onProgress?: (rowsRead: number, rowsWritten: number) => void;
  /** Checked between pages: true stops the export (the caller cancelled). */
  cancelled?: () => boolean;
  pageSize?: number;
  chunkChars?: number;
}

export const DEFAULT_CHUNK_CHARS = 1 << 20; // ~1 MB of text per write

export async function runExport(job: ExportJob, h: ExportHooks): Promise<{ rowsRead: number; rowsWritten: number; cancelled: boolean }> {
  const resolver = createResolver(job.lookups);
  const chunkChars = h.chunkChars ?? DEFAULT_CHUNK_CHARS;
  const zoneId = job.filter.zoneId ?? null;
  const withLine = !!job.lookups.lines; // a network: the 'Ligne' column / property
  let buf = job.format === 'csv' ? CSV_BOM + csvHeader(withLine) : geojsonHead(job.image);
  let read = 0;
  let written = 0;
  let after: Cursor | null = null;
  const flush = async () => { if (buf) { const b = buf; buf = ''; await h.write(b); } };
  for (;;) {
    if (h.cancelled?.()) return { rowsRead: read, rowsWritten: written, cancelled: true };
    const rows = await h.fetchPage(after);
    for (const row of rows) {
      if (zoneId && !resolver.inZone(row, zoneId)) continue;
      const rec = resolver.resolve(row);
      buf += job.format === 'csv' ? csvLine(rec, withLine) : geojsonFeatureText(rec, written === 0, withLine);
      written++;
      if (buf.length >= chunkChars) await flush();
    }
    read += rows.length;
    h.onProgress?.(read, written);
    if (rows.length < (h.pageSize ?? 1000)) break;
    const last = rows[rows.length - 1];
    after = { createdAt: last.created_at, id: last.id };
  }
  if (job.format === 'geojson') buf += GEOJSON_TAIL;
  await flush();
  return { rowsRead: read, rowsWritten: written, cancelled: false };
}

/** The file name: 'signalements_2026-11-23.csv' (date in Europe/Paris). */
export function exportFileName(format: ExportFormat, now = new Date(), lineCode: string | null = null): string {
  const d = new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const line = lineCode ? `_${lineCode.replace(/[^0-9A-Za-z_-]+/g, '-')}` : '';
  return `signalements${line}_${d}.${format === 'csv' ? 'csv' : 'geojson'}`;
}
