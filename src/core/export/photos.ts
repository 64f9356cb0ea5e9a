// Every photo of the exported points (docs/architecture.md#find-and-share): for each page, the points that have a photo
// (image_url set) get the public URLs of their photos' images shown (a drawn copy when there is one), in order, read
// through public.points_photos with the caller's token (RLS decides). A point whose gallery holds nothing (a photo
// outside the bucket) keeps its image_url alone.
import type { Cursor, RestAuth } from './source';
import type { PointRowRaw } from './record';

/** public.points_photos takes at most this many points a call. */
export const PHOTOS_PER_CALL = 1000;

/** The public URL of a stored photo under `base` (the API's address). */
export const storageUrl = (base: string, path: string): string =>
  `${base.replace(/\/+$/, '')}/storage/v1/object/public/poi_images/${path.split('/').map(encodeURIComponent).join('/')}`;

interface PhotoRow { point_id: string; storage_path: string; drawn_path: string | null }

/** Wraps a page reader: each row with a photo gets `photos` (the URLs of its images shown, in order). Throws with the
 * server's message when the photos cannot be read (the export stops rather than leave them out). */
export function withPhotoUrls(read: (after: Cursor | null) => Promise<PointRowRaw[]>, auth: RestAuth, fetchFn: typeof fetch = fetch) {
  return async (after: Cursor | null): Promise<PointRowRaw[]> => {
    const rows = await read(after);
    const ids = rows.filter((r) => r.image_url).map((r) => r.id);
    const byPoint = new Map<string, string[]>();
    for (let k = 0; k < ids.length; k += PHOTOS_PER_CALL) {
      const res = await fetchFn(`${auth.url.replace(/\/+$/, '')}/rest/v1/rpc/points_photos`, {
        method: 'POST',
        headers: { apikey: auth.anonKey, Authorization: `Bearer ${auth.accessToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ p_point_ids: ids.slice(k, k + PHOTOS_PER_CALL) }),
      });
      if (!res.ok) {
        let msg = `HTTP ${res.status}`;
        try { msg = ((await res.json()) as { message?: string }).message ?? msg; } catch { /* not JSON: the HTTP status is the message */ }
        throw new Error(msg);
      }
      for (const p of (await res.json()) as PhotoRow[]) {
        const list = byPoint.get(p.point_id) ?? [];
        list.push(storageUrl(auth.url, p.drawn_path || p.storage_path));
        byPoint.set(p.point_id, list);
      }
    }
    return rows.map((r) => (byPoint.has(r.id) ? { ...r, photos: byPoint.get(r.id) } : r));
  };
}

/** The photo URLs of an exported row: its gallery's images shown, else its image_url alone, else none. */
export const rowPhotoUrls = (r: Pick<PointRowRaw, 'image_url' | 'photos'>): string[] =>
  (r.photos?.length ? r.photos : r.image_url ? [r.image_url] : []);
