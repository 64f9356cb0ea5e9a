// A point's photos (public.point_photos, docs/product.md#photos): its gallery read in order, and set in one
// idempotent call (public.set_point_photos) that the outbox may repeat after a lost answer.
import { supabase } from './client';
import { rpc } from './rpc';
import { galleryRpcRows, type GalleryPhoto } from '../core/photos/gallery';

/** The point's 'constat' photos, in order. */
export async function fetchGallery(pointId: string): Promise<GalleryPhoto[]> {
  const res = await supabase().from('point_photos')
    .select('storage_path, caption, taken_at, gnss_lat, gnss_lon, width, height, bytes, drawn_path, thumb_path')
    .eq('point_id', pointId).is('event_id', null).order('position').order('created_at');
  if (res.error) throw res.error;
  return (res.data ?? []).map((r) => ({
    path: r.storage_path, caption: r.caption, takenAt: r.taken_at, lat: r.gnss_lat, lon: r.gnss_lon,
    width: r.width, height: r.height, bytes: r.bytes, drawnPath: r.drawn_path, thumbPath: r.thumb_path,
  }));
}

/** Makes the point's gallery exactly `photos`, in that order. */
export async function setGallery(pointId: string, photos: readonly GalleryPhoto[]): Promise<void> {
  const res = await rpc('set_point_photos', { p_point_id: pointId, p_photos: galleryRpcRows(photos) });
  if (res.error) throw Object.assign(res.error, { status: res.status });
}
