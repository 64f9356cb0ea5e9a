// The pure part of the Word report's photos (docs/product.md#backend-calls): which URLs to fetch, and what fetched bytes become (an
// embeddable image or the reason they cannot be used). The network I/O lives in workers/fetchImages.ts.
import type { Point, ReportResult } from '../types';
import { rowPhotos, type ListedPhoto } from '../photos/listed';
import type { ReportImage } from './docxDocument';
import { readImageInfo, type DocxImageType, type ImageInfo } from './imageInfo';

export interface ImageConverters {
  /** Converts a format docx cannot embed (WebP) to PNG bytes; null when it cannot. */
  toPng?: (bytes: Uint8Array, mime: string) => Promise<Uint8Array | null>;
  /** Re-encodes a large photo smaller (the worker does it with OffscreenCanvas); null keeps the original bytes. */
  shrink?: (bytes: Uint8Array, info: ImageInfo & { type: DocxImageType }) => Promise<ReportImage | null>;
}

/** Distinct image URLs of the report's anomalies, in report order: each one's first photo (its image shown), then the
 * thumbnails of its next ones (`photos` by point id; a point not in it has its imageUrl alone). */
export function reportImageUrls(report: ReportResult, photos?: ReadonlyMap<string, readonly ListedPhoto[]>): string[] {
  const urls = new Set<string>();
  const add = (p: Point) => rowPhotos(photos?.get(p.id), p.imageUrl).forEach((f, k) => urls.add(k ? f.thumb : f.shown));
  for (const s of report.pointsInZones) for (const p of s.points) add(p);
  for (const p of report.pointsOutsideZones) add(p);
  return [...urls];
}

/** The embeddable image made of fetched bytes (`mime` from the response), or the reason they cannot be used. */
export async function reportImageFromBytes(bytes: Uint8Array, mime: string, conv: ImageConverters = {}): Promise<ReportImage | { failure: string }> {
  let info = readImageInfo(bytes);
  if (info?.type === 'webp' || (!info && conv.toPng)) {
    const png = conv.toPng ? await conv.toPng(bytes, mime) : null;
    if (!png) return { failure: 'format not embeddable' };
    bytes = png;
    info = readImageInfo(bytes);
  }
  if (!info || info.type === 'webp') return { failure: 'unknown image format' };
  const docxInfo = { ...info, type: info.type };
  const small = conv.shrink ? await conv.shrink(bytes, docxInfo).catch(() => null) : null; // not shrunk: the original goes in
  return small ?? { data: bytes, type: docxInfo.type, width: info.width, height: info.height };
}
