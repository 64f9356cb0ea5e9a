// Report details on demand (route report at scale): the text fields of points fetched by id, in pages
// small enough for a URL (the pages of one call go in parallel), with the photos of those that have one
// (public.points_photos, the page's ids in the body). The map and forms use ./pointDetails.
import { supabase } from './client';
import { rpc } from './rpc';
import { publicUrlOf } from './outboxRepository';
import { listedPhotosByPoint, type ListedPhoto } from '../core/photos/listed';
import type { PointDetails } from '../core/report/reportIndex';

/** The first photos (image shown and thumbnail URLs, in order) of points that have one, by point id. */
export async function fetchPointsPhotos(ids: readonly string[]): Promise<Map<string, ListedPhoto[]>> {
  if (!ids.length) return new Map();
  const res = await rpc('points_photos', { p_point_ids: [...ids] });
  if (res.error) throw res.error;
  return listedPhotosByPoint(res.data ?? [], publicUrlOf);
}

/** Ids per request: 100 uuids keep the query string near 4 KB, well inside any proxy's limit. */
export const DETAILS_PAGE = 100;

/** Details of the given points (missing ids are simply absent: deleted meanwhile or not visible under RLS). */
export async function fetchPointDetails(ids: readonly string[]): Promise<PointDetails[]> {
  const pages: string[][] = [];
  for (let k = 0; k < ids.length; k += DETAILS_PAGE) pages.push(ids.slice(k, k + DETAILS_PAGE));
  const results = await Promise.all(pages.map(async (page) => {
    const res = await supabase().from('points').select('id, name, description, ticket_number, image_url, observed_at, created_at, assignee_id, due_at, teams(name)').in('id', page);
    if (res.error) throw res.error;
    const data = res.data ?? [];
    const photos = await fetchPointsPhotos(data.filter((r) => r.image_url).map((r) => r.id));
    return data.map((r): PointDetails => ({
      id: r.id, name: r.name ?? '', description: r.description ?? '', ticketNumber: r.ticket_number ?? null,
      imageUrl: r.image_url ?? null, teamName: r.teams?.name ?? null,
      observedAt: r.observed_at ?? null, createdAt: r.created_at ?? null, assigneeId: r.assignee_id ?? null, dueAt: r.due_at ?? null,
      ...(photos.has(r.id) ? { photos: photos.get(r.id) } : {}),
    }));
  }));
  return results.flat();
}
