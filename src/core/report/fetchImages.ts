// Fetches the anomaly photos for the Word report (SPEC §7): image content type required, failures give no entry
// (the document then writes the URL text). `fetchFn` and the optional `toPng` converter are injected (worker, Node).
import type { ReportResult } from '../types';
import type { ReportImage } from './docxDocument';
import { readImageInfo, type DocxImageType, type ImageInfo } from './imageInfo';

export const IMAGE_FETCH_CONCURRENCY = 6; // parallel requests
export const IMAGE_FETCH_TIMEOUT_MS = 15_000; // per image

export interface FetchImagesOptions {
  fetchFn?: typeof fetch;
  /** Converts a format docx cannot embed (WebP) to PNG bytes; null when it cannot. */
  toPng?: (bytes: Uint8Array, mime: string) => Promise<Uint8Array | null>;
  /** Re-encodes a large photo smaller (the worker does it with OffscreenCanvas); null keeps the original bytes. */
  shrink?: (bytes: Uint8Array, info: ImageInfo & { type: DocxImageType }) => Promise<ReportImage | null>;
  /** Called for each photo that cannot be used (the document then shows its URL). */
  onFailure?: (url: string, reason: string) => void;
  /** Called after each image with (done, total). */
  onProgress?: (done: number, total: number) => void;
  concurrency?: number;
}

/** Distinct image URLs of the report's anomalies, in report order. */
export function reportImageUrls(report: ReportResult): string[] {
  const urls = new Set<string>();
  for (const s of report.pointsInZones) for (const p of s.points) if (p.imageUrl) urls.add(p.imageUrl);
  for (const p of report.pointsOutsideZones) if (p.imageUrl) urls.add(p.imageUrl);
  return [...urls];
}

/** One image, or null when the request fails, the content type is not image/*, or the bytes are not a known format. */
export async function fetchReportImage(url: string, opts: FetchImagesOptions = {}): Promise<ReportImage | null> {
  const fetchFn = opts.fetchFn ?? fetch;
  const fail = (reason: string) => { opts.onFailure?.(url, reason); return null; };
  try {
    let res: Response;
    try {
      res = await fetchFn(url, { signal: AbortSignal.timeout(IMAGE_FETCH_TIMEOUT_MS) });
    } catch {
      res = await fetchFn(url, { signal: AbortSignal.timeout(IMAGE_FETCH_TIMEOUT_MS) }); // one retry on a network error
    }
    const mime = (res.headers.get('content-type') ?? '').toLowerCase();
    if (!res.ok) return fail(`HTTP ${res.status}`);
    if (!mime.startsWith('image/')) return fail(`content type ${mime || 'missing'}`);
    let bytes: Uint8Array = new Uint8Array(await res.arrayBuffer());
    let info = readImageInfo(bytes);
    if (info?.type === 'webp' || (!info && opts.toPng)) {
      const png = opts.toPng ? await opts.toPng(bytes, mime) : null;
      if (!png) return fail('format not embeddable');
      bytes = png;
      info = readImageInfo(bytes);
    }
    if (!info || info.type === 'webp') return fail('unknown image format');
    const docxInfo = { ...info, type: info.type };
    const small = opts.shrink ? await opts.shrink(bytes, docxInfo).catch(() => null) : null;
    return small ?? { data: bytes, type: docxInfo.type, width: info.width, height: info.height };
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? ` (${(err.cause as Error & { code?: string }).code ?? err.cause.message})` : '';
    return fail(err instanceof Error ? `${err.name}: ${err.message}${cause}` : String(err));
  }
}

/** All photos of the report by URL, a few requests at a time. */
export async function fetchReportImages(report: ReportResult, opts: FetchImagesOptions = {}): Promise<Map<string, ReportImage>> {
  const urls = reportImageUrls(report);
  const out = new Map<string, ReportImage>();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      const img = await fetchReportImage(url, opts);
      if (img) out.set(url, img);
      opts.onProgress?.(++done, urls.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? IMAGE_FETCH_CONCURRENCY, urls.length) }, worker));
  return out;
}
