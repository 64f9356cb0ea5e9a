// The photos of a point as lists show them (docs/product.md#photos): each photo's image shown (its drawn copy when
// there is one, else the photo) and the small image a list loads (its thumbnail, else the image shown for a photo
// stored before thumbnails); for many points at once, from the rows of public.points_photos.
import { REPORT_PHOTOS_PER_ROW } from '../constants';

export interface ListedPhoto {
  /** The image shown (opened full size, and the first photo of a Word report). */
  shown: string;
  /** What a list, the report and the exports' thumbnails load. */
  thumb: string;
}

export interface PhotoPathsRow { storage_path: string; drawn_path?: string | null; thumb_path?: string | null }

/** A photo row as listed, its paths turned into URLs by `urlOf` (identity: paths). */
export function listedPhoto(r: PhotoPathsRow, urlOf: (path: string) => string = (p) => p): ListedPhoto {
  const shown = r.drawn_path || r.storage_path;
  return { shown: urlOf(shown), thumb: urlOf(r.thumb_path || shown) };
}

/** The rows of points_photos (each point's in order) grouped by point, at most `max` photos each. */
export function listedPhotosByPoint(rows: readonly (PhotoPathsRow & { point_id: string })[], urlOf: (path: string) => string,
  max: number = REPORT_PHOTOS_PER_ROW): Map<string, ListedPhoto[]> {
  const out = new Map<string, ListedPhoto[]>();
  for (const r of rows) {
    let list = out.get(r.point_id);
    if (!list) { list = []; out.set(r.point_id, list); }
    if (list.length < max) list.push(listedPhoto(r, urlOf));
  }
  return out;
}

/** The photos a report row shows: its gallery's first `max`, else the point's single photo (outside the bucket, or
 * a gallery not read: offline), else none. */
export function rowPhotos(photos: readonly ListedPhoto[] | undefined, imageUrl: string | null, max: number = REPORT_PHOTOS_PER_ROW): ListedPhoto[] {
  if (photos?.length) return photos.slice(0, max);
  return imageUrl ? [{ shown: imageUrl, thumb: imageUrl }] : [];
}
