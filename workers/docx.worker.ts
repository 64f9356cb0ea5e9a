// Word report worker (SPEC §7): fetches the photos, builds and packs the .docx off the main thread, reports progress
// through a Comlink.proxy callback and transfers the bytes back. The document logic lives in src/core/report.
import * as Comlink from 'comlink';
import { buildReportDocument, packReportDocument } from '../src/core/report/docxDocument';
import { fetchReportImages } from '../src/core/report/fetchImages';
import type { CriticalityLevel, ReportResult } from '../src/core/types';

export type DocxStage = 'images' | 'build' | 'pack' | 'done';
export type DocxProgress = (stage: DocxStage, done: number, total: number) => void;

/** WebP (and other formats the browser decodes) to PNG through OffscreenCanvas; null when unavailable. */
async function toPng(bytes: Uint8Array, mime: string): Promise<Uint8Array | null> {
  if (typeof OffscreenCanvas === 'undefined' || typeof createImageBitmap === 'undefined') return null;
  try {
    const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: mime }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
  } catch {
    return null;
  }
}

const api = {
  async generate(report: ReportResult, levels: CriticalityLevel[], generatedAtIso: string, onProgress?: DocxProgress): Promise<Uint8Array> {
    const images = await fetchReportImages(report, { toPng, onProgress: (d, t) => onProgress?.('images', d, t) });
    await onProgress?.('build', 0, 1);
    const doc = buildReportDocument({ report, levels, images, generatedAt: new Date(generatedAtIso) });
    await onProgress?.('pack', 0, 1);
    const bytes = await packReportDocument(doc);
    await onProgress?.('done', 1, 1);
    return Comlink.transfer(bytes, [bytes.buffer as ArrayBuffer]);
  },
};

export type DocxWorkerApi = typeof api;
Comlink.expose(api);
