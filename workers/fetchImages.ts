// Fetches the anomaly photos for the Word report (docs/product.md#backend-calls): image content type required, failures give no entry
// (the document then writes the URL text). The bytes-to-image rules are pure, in src/core/report/reportImages.ts.
import type { ReportResult } from '../src/core/types';
import type { ReportImage } from '../src/core/report/docxDocument';
import type { ListedPhoto } from '../src/core/photos/listed';
import { reportImageFromBytes, reportImageUrls, type ImageConverters } from '../src/core/report/reportImages';

export const IMAGE_FETCH_CONCURRENCY = 6; // parallel requests
export const IMAGE_FETCH_TIMEOUT_MS = 15_000; // per image

export interface FetchImagesOptions extends ImageConverters {
  fetchFn?: typeof fetch;
  /** Called for each photo that cannot be used (the document then shows its URL). */
  onFailure?: (url: string, reason: string) => void;
  /** Called after each image with (done, total). */
  onProgress?: (done: number, total: number) => void;
  concurrency?: number;
  /** Each point's first photos by point id (their thumbnails are fetched too). */
  photos?: ReadonlyMap<string, readonly ListedPhoto[]>;
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
    const image = await reportImageFromBytes(new Uint8Array(await res.arrayBuffer()), mime, opts);
    return 'failure' in image ? fail(image.failure) : image;
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? ` (${(err.cause as Error & { code?: string }).code ?? err.cause.message})` : '';
    return fail(err instanceof Error ? `${err.name}: ${err.message}${cause}` : String(err));
  }
}

/** All photos of the report by URL, a few requests at a time. */
export const fetchReportImages = (report: ReportResult, opts: FetchImagesOptions = {}): Promise<Map<string, ReportImage>> =>
  fetchImagesByUrl(reportImageUrls(report, opts.photos), opts);

/** The images of `urls` by URL, a few requests at a time; those that cannot be used are left out. */
export async function fetchImagesByUrl(urls: readonly string[], opts: FetchImagesOptions = {}): Promise<Map<string, ReportImage>> {
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
