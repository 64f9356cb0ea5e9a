// A point's gallery as the form edits it and the outbox sends it (docs/product.md#photos): photos in order, each
// with its storage path and what was read from it; the first one is the point's imageUrl.
import { PHOTOS_PER_POINT } from '../constants';

export interface GalleryPhoto {
  /** Storage path in poi_images (points/<uuid>.<ext>). */
  path: string;
  caption: string | null;
  /** Capture time from the photo's EXIF (ISO), null when unknown. */
  takenAt: string | null;
  lat: number | null;
  lon: number | null;
  width: number | null;
  height: number | null;
  bytes: number | null;
  /** The drawn copy (points/<uuid>.jpg), shown instead of the original which stays as it is; null or absent: none. */
  drawnPath?: string | null;
  /** A thumbnail of the image shown (the drawn copy when there is one). */
  thumbPath?: string | null;
}

/** The path to show in a list or a report: the thumbnail, else the photo itself (a photo stored before thumbnails). */
export const listedPath = (p: Pick<GalleryPhoto, 'path' | 'drawnPath' | 'thumbPath'>): string => p.thumbPath || p.drawnPath || p.path;

/** The storage paths a photo occupies (the photo, its drawn copy, its thumbnail). */
export const photoPaths = (p: Pick<GalleryPhoto, 'path' | 'drawnPath' | 'thumbPath'>): string[] =>
  [p.path, p.drawnPath, p.thumbPath].filter((x): x is string => !!x);

/** The list with the photo at `index` moved one place before (-1) or after (+1); unchanged at an end. */
export function movePhoto<T>(list: readonly T[], index: number, step: -1 | 1): T[] {
  const to = index + step;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to], out[index]];
  return out;
}

/** The list with the item at `from` moved to `to` (the others keep their order); unchanged when either is out of range. */
export function moveTo<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

/** How many more photos fit in a gallery of `max` (a point's 8 by default). */
export const roomLeft = (count: number, max: number = PHOTOS_PER_POINT): number => Math.max(0, max - count);

/** True when two galleries differ (order, files, captions, drawn copies or thumbnails). */
export function galleryChanged(a: readonly GalleryPhoto[], b: readonly GalleryPhoto[]): boolean {
  if (a.length !== b.length) return true;
  return a.some((p, i) => p.path !== b[i].path || (p.caption ?? '') !== (b[i].caption ?? '')
    || (p.drawnPath ?? null) !== (b[i].drawnPath ?? null) || (p.thumbPath ?? null) !== (b[i].thumbPath ?? null));
}

/** Every stored file of a gallery: originals, drawn copies and thumbnails. */
export const galleryFiles = (list: readonly GalleryPhoto[]): string[] => list.flatMap(photoPaths);

/** The argument of public.set_point_photos. */
export const galleryRpcRows = (list: readonly GalleryPhoto[]) => list.map((p) => ({
  path: p.path, caption: p.caption, taken_at: p.takenAt, gnss_lat: p.lat, gnss_lon: p.lon,
  width: p.width, height: p.height, bytes: p.bytes, drawn_path: p.drawnPath ?? null, thumb_path: p.thumbPath ?? null,
}));
