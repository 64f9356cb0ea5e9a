// The Ligne tab's pure logic: ruler <-> image x scaling, marker checks, zone PK ranges after marker edits,
// and the line image setting (docs/product.md#pk zone kmStart/kmEnd; public.lines.image {url, width, height, ...}).
import type { ImagePoint, KilometerMarker, LineImage } from '../types';
import { zoneKmRange, type PkMarker } from '../pk';
import type { StoredTiles } from '../imageTiles';

export const MIN_MARKERS = 2; // interpolation needs two markers, docs/product.md#pk

/** Image x (image px) of a point on the ruler preview drawn `rulerWidthPx` wide. */
export function rulerToImageX(rulerX: number, rulerWidthPx: number, imageWidthPx: number): number {
  if (rulerWidthPx <= 0) return 0;
  const x = (rulerX / rulerWidthPx) * imageWidthPx;
  return Math.round(Math.min(Math.max(x, 0), imageWidthPx));
}

/** Position on the ruler preview of an image x. */
export function imageToRulerX(imageX: number, rulerWidthPx: number, imageWidthPx: number): number {
  return imageWidthPx > 0 ? (imageX / imageWidthPx) * rulerWidthPx : 0;
}

export function hasEnoughMarkers(markers: readonly unknown[]): boolean {
  return markers.length >= MIN_MARKERS;
}

/** Markers sorted by position whose values go down while positions go up (likely a typing mistake). */
export function nonMonotoneMarkers<M extends Pick<KilometerMarker, 'id' | 'position' | 'value'>>(markers: readonly M[]): M[] {
  const sorted = [...markers].sort((a, b) => a.position - b.position);
  const out: M[] = [];
  for (let i = 1; i < sorted.length; i++) if (sorted[i].value < sorted[i - 1].value) out.push(sorted[i]);
  return out;
}

export interface ZoneKmUpdate { id: string; kmStart: number | null; kmEnd: number | null }

/** Zones whose kmStart/kmEnd change under the given markers (the ones to save after a marker edit). */
export function zoneKmUpdates(
  zones: readonly { id: string; points: ImagePoint[]; kmStart: number | null; kmEnd: number | null }[],
  markers: readonly PkMarker[],
): ZoneKmUpdate[] {
  const out: ZoneKmUpdate[] = [];
  for (const z of zones) {
    const r = zoneKmRange(z.points, markers);
    if (r.kmStart !== z.kmStart || r.kmEnd !== z.kmEnd) out.push({ id: z.id, ...r });
  }
  return out;
}

/** The lines.image value for a new image: its URL and whole-pixel size (no key of the image it replaces). */
export function newLineImage(img: Pick<LineImage, 'url' | 'width' | 'height'> & { tiles?: StoredTiles }): LineImage {
  const out: LineImage = { url: img.url, width: Math.round(img.width), height: Math.round(img.height) };
  return img.tiles ? { ...out, tiles: img.tiles } : out;
}

/** True when replacing `current` by `next` changes the pixel grid (points and zones stay in image pixels). */
export function lineImageSizeDiffers(current: Pick<LineImage, 'width' | 'height'>, next: Pick<LineImage, 'width' | 'height'>): boolean {
  return Math.round(current.width) !== Math.round(next.width) || Math.round(current.height) !== Math.round(next.height);
}

const LINE_IMAGE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/** File extension for an accepted line image type, or null (SVG and other types refused). */
export function lineImageExtension(mimeType: string): string | null {
  return LINE_IMAGE_TYPES[mimeType.toLowerCase()] ?? null;
}

export const LINE_IMAGE_BUCKET = 'line_images'; // public bucket, admin-only writes (migration *_line_image_bucket.sql)
export const LINE_IMAGE_FOLDER = 'line';
export const LINE_IMAGE_MAX_BYTES = 20 * 1024 * 1024; // 20 MB: a wide line schematic is bigger than a photo
