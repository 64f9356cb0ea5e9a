// The replay's requests, each safe to repeat: an insert that already landed changes nothing, an update
// states its base version (the database answers 409 when the row changed), a photo goes to the path fixed when it
// was taken and "already exists" means it landed before. Every function throws the supabase error on failure.
import { supabase } from './client';
import { IMAGE_BUCKET, IMAGE_CACHE_SECONDS } from '../core/constants';
import { isAlreadyExists } from '../core/outbox/errors';
import type { PointFields } from '../core/outbox/types';
import type { Point } from '../core/types';
import { asPointInsert, fromPoint, toPoint } from './mappers';
import type { TablesUpdate } from './database.types';

const POINT_SELECT = '*, teams(name)';

/** A supabase error with the HTTP status attached (postgrest-js keeps it beside the error). */
function fail(error: unknown, status: number): never {
  throw Object.assign(error as object, { status });
}

/** The point as the server has it now, or null when it does not exist (deleted). */
export async function fetchPoint(id: string): Promise<Point | null> {
  const res = await supabase().from('points').select(POINT_SELECT).eq('id', id).maybeSingle();
  if (res.error) fail(res.error, res.status);
  return res.data ? toPoint(res.data) : null;
}

/** The points as the server has them now (the rows of a batch changed meanwhile); absent ids were deleted. */
export async function fetchPoints(ids: readonly string[]): Promise<Map<string, Point>> {
  const out = new Map<string, Point>();
  for (let i = 0; i < ids.length; i += 200) {
    const res = await supabase().from('points').select(POINT_SELECT).in('id', ids.slice(i, i + 200));
    if (res.error) fail(res.error, res.status);
    for (const r of res.data ?? []) { const p = toPoint(r); out.set(p.id, p); }
  }
  return out;
}

/**
 * Inserts the point with the device's id and the time the agent saved it (observed_at; the server stamps
 * created_at on arrival); when a row with that id already exists nothing changes.
 */
export async function insertPointOnce(id: string, fields: PointFields, observedAt?: string): Promise<Point> {
  const values = { ...fromPoint({ ...fields, id }), ...(observedAt ? { observed_at: observedAt } : {}) };
  const res = await supabase().from('points').upsert(asPointInsert(values), { onConflict: 'id', ignoreDuplicates: true }).select(POINT_SELECT);
  if (res.error) fail(res.error, res.status);
  const row = res.data?.[0];
  if (row) return toPoint(row);
  const existing = await fetchPoint(id);
  if (!existing) throw new Error('Point introuvable après insertion');
  return existing;
}

export type UpdateResult = { kind: 'ok'; point: Point } | { kind: 'gone' };

/** The columns of the fields in the patch, as fromPoint writes them. */
function patchRow(patch: Partial<PointFields>): TablesUpdate<'points'> {
  const row: TablesUpdate<'points'> = {};
  const p = patch;
  if ('name' in p) row.name = p.name;
  if ('description' in p) row.description = p.description;
  if ('kilometer' in p) row.kilometer = p.kilometer;
  if ('kmValue' in p) row.km_value = p.kmValue;
  if (p.position) row.position = { x: p.position.x, y: p.position.y };
  if ('imageUrl' in p) row.image_url = p.imageUrl;
  if ('status' in p) row.status = p.status;
  if ('criticality' in p) row.criticality = p.criticality;
  if ('ticketNumber' in p) row.ticket_number = p.ticketNumber || null;
  if ('teamId' in p) row.team_id = p.teamId || null;
  if ('assigneeId' in p) row.assignee_id = p.assigneeId || null;
  return row;
}

/** Updates the changed fields stating the base version; throws the 409 (PT409) when it is stale. */
export async function updatePointAt(id: string, patch: Partial<PointFields>, baseVersion: string): Promise<UpdateResult> {
  const row = patchRow(patch);
  row.updated_at = baseVersion;
  const res = await supabase().from('points').update(row).eq('id', id).select(POINT_SELECT);
  if (res.error) fail(res.error, res.status);
  const out = res.data?.[0];
  return out ? { kind: 'ok', point: toPoint(out) } : { kind: 'gone' };
}

/** Deletes the point; deleting a point already gone is not an error. */
export async function deletePointOnce(id: string): Promise<void> {
  const res = await supabase().from('points').delete().eq('id', id);
  if (res.error) fail(res.error, res.status);
}

/** Uploads a photo taken offline to its fixed path; an object already there is this photo, uploaded before. */
export async function uploadPhotoOnce(path: string, blob: Blob): Promise<void> {
  const res = await supabase().storage.from(IMAGE_BUCKET).upload(path, blob, { cacheControl: String(IMAGE_CACHE_SECONDS), upsert: false, contentType: blob.type || undefined });
  if (res.error && !isAlreadyExists(res.error)) throw res.error;
}

export const publicUrlOf = (path: string): string => supabase().storage.from(IMAGE_BUCKET).getPublicUrl(path).data.publicUrl;

/** Best effort removal of a stored photo (a replayed delete's image); failures are the caller's to log. */
export async function removePhoto(path: string): Promise<void> {
  const res = await supabase().storage.from(IMAGE_BUCKET).remove([path]);
  if (res.error) throw res.error;
}
