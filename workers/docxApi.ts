// The Word report's API (docs/product.md#word-document), run by workers/docx.worker.ts or, where that worker cannot
// start, on the main thread (src/platform/workerHost.ts): fetches the photos (re-encoding large ones smaller), builds
// and packs the .docx, reports progress through a callback and returns a Blob.
// Two ways: `generate` (a whole ReportResult, small reports and the docx bench) and the streamed one used by the app
// (`begin`, then `section`/`rows` page by page as the main thread fetches details, then `finish`), whose
// memory is the compressed output plus at most WORD_MAX_PHOTOS photos. The document logic lives in src/core/report.
import { buildReportDocument, packReportDocument, type ReportImage } from '../src/core/report/docxDocument';
import { fetchImagesByUrl, fetchReportImage, fetchReportImages } from './fetchImages';
import { startStreamingReport, type DocxRow, type DocxSectionHead, type StreamingReportDocx } from '../src/core/report/docxStream';
import type { ReportDocumentMeta } from '../src/core/report/docxDocument';
import type { DocxImageType, ImageInfo } from '../src/core/report/imageInfo';
import { WORD_IMAGE_BOX } from '../src/core/constants';
import type { CriticalityLevel, ReportResult } from '../src/core/types';

export type DocxStage = 'images' | 'build' | 'pack' | 'done' | 'rows';
export type DocxProgress = (stage: DocxStage, done: number, total: number) => void;

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const SHRINK_SCALE = 2; // keep photos at twice the 400×300 box: sharp when printed, ~10× smaller than camera files
const SHRINK_MIN_BYTES = 300_000; // photos smaller than this and within the box are embedded as they are
const JPEG_QUALITY = 0.85;
/** Photos (thumbnails included) embedded in one streamed report; the others are written as their URL (memory stays bounded). */
export const WORD_MAX_PHOTOS = 300;
export const WORD_MAX_PHOTO_BYTES = 48 * 2 ** 20; // and at most this many photo bytes in all
const PHOTO_CONCURRENCY = 6;

const canvasAvailable = () => typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap !== 'undefined';

async function encode(bitmap: ImageBitmap, type: 'image/png' | 'image/jpeg'): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d')!;
  if (type === 'image/jpeg') { ctx.fillStyle = '#ffffff'; ctx.fillRect(0, 0, bitmap.width, bitmap.height); }
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Uint8Array(await (await canvas.convertToBlob({ type, quality: JPEG_QUALITY })).arrayBuffer());
}

/** WebP (and other formats the browser decodes) to PNG; null when unavailable. */
async function toPng(bytes: Uint8Array, mime: string): Promise<Uint8Array | null> {
  if (!canvasAvailable()) return null;
  try {
    return await encode(await createImageBitmap(new Blob([bytes as BlobPart], { type: mime })), 'image/png');
  } catch {
    return null;
  }
}

/** A large photo re-encoded as JPEG at most 800×600; null keeps the original. */
async function shrink(bytes: Uint8Array, info: ImageInfo & { type: DocxImageType }): Promise<ReportImage | null> {
  const maxW = WORD_IMAGE_BOX.width * SHRINK_SCALE;
  const maxH = WORD_IMAGE_BOX.height * SHRINK_SCALE;
  if (!canvasAvailable() || (bytes.length < SHRINK_MIN_BYTES && info.width <= maxW && info.height <= maxH)) return null;
  const scale = Math.min(1, maxW / info.width, maxH / info.height);
  const width = Math.max(1, Math.round(info.width * scale));
  const height = Math.max(1, Math.round(info.height * scale));
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart]), { resizeWidth: width, resizeHeight: height, resizeQuality: 'high' });
  const data = await encode(bitmap, 'image/jpeg');
  return data.length < bytes.length ? { data, type: 'jpg', width, height } : null;
}

/** A fresh API (its own stream state): one per worker, or one per run on the main thread. */
export function createDocxApi() {
  const api = {
    /** Images by URL for a document built elsewhere (the inspection record's thumbnails); failures left out. */
    images(urls: string[]): Promise<Map<string, ReportImage>> {
      return fetchImagesByUrl(urls, { toPng, shrink, onFailure: (url, reason) => console.warn(`photo not embedded (${reason}): ${url}`) });
    },
    async generate(report: ReportResult, levels: CriticalityLevel[], generatedAtIso: string, onProgress?: DocxProgress): Promise<Blob> {
      const images = await fetchReportImages(report, {
        toPng, shrink,
        onProgress: (d, t) => onProgress?.('images', d, t),
        onFailure: (url, reason) => console.warn(`photo not embedded (${reason}): ${url}`),
      });
      await onProgress?.('build', 0, 1);
      const doc = buildReportDocument({ report, levels, images, generatedAt: new Date(generatedAtIso) });
      await onProgress?.('pack', 0, 1);
      const bytes = await packReportDocument(doc);
      const blob = new Blob([bytes as BlobPart], { type: DOCX_MIME });
      await onProgress?.('done', 1, 1);
      return blob;
    },
  };

  let stream: { writer: StreamingReportDocx; photos: number; photoBytes: number } | null = null;
  const imageOpts = {
    toPng, shrink,
    onFailure: (url: string, reason: string) => console.warn(`photo not embedded (${reason}): ${url}`),
  };

  const streamed = {
    async begin(meta: Omit<ReportDocumentMeta, 'generatedAt'>, generatedAtIso: string): Promise<void> {
      stream = { writer: await startStreamingReport({ ...meta, generatedAt: new Date(generatedAtIso) }), photos: 0, photoBytes: 0 };
    },
    section(head: DocxSectionHead): void { stream!.writer.section(head); },
    /** A page of rows: their photos (the first, then the thumbnails of the next) fetched a few at a time (within
     * the limits), then written in order. */
    async rows(rows: DocxRow[]): Promise<number> {
      const s = stream!;
      type Img = Awaited<ReturnType<typeof fetchReportImage>>;
      const images = new Array<Img>(rows.length).fill(null);
      const thumbs = rows.map((r) => new Array<Img>(r.thumbUrls?.length ?? 0).fill(null));
      const wanted: { k: number; slot: number; url: string }[] = [];
      rows.forEach((r, k) => {
        if (r.imageUrl) wanted.push({ k, slot: -1, url: r.imageUrl });
        r.thumbUrls?.forEach((url, slot) => wanted.push({ k, slot, url }));
      });
      let next = 0;
      const work = async () => {
        while (next < wanted.length) {
          const { k, slot, url } = wanted[next++];
          if (s.photos >= WORD_MAX_PHOTOS || s.photoBytes >= WORD_MAX_PHOTO_BYTES) continue;
          s.photos++;
          const img = await fetchReportImage(url, imageOpts);
          if (img) s.photoBytes += img.data.length; else s.photos--;
          if (slot < 0) images[k] = img; else thumbs[k][slot] = img;
        }
      };
      await Promise.all(Array.from({ length: Math.min(PHOTO_CONCURRENCY, wanted.length) }, work));
      rows.forEach((r, k) => s.writer.row(r, images[k], thumbs[k]));
      return s.writer.bytesOut();
    },
    finish(): Blob {
      const parts = stream!.writer.finish();
      stream = null;
      return new Blob(parts as BlobPart[], { type: DOCX_MIME });
    },
  };
  return Object.assign(api, streamed);
}

export type DocxWorkerApi = ReturnType<typeof createDocxApi>;
