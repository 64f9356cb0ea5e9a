// A point's follow-up (docs/product.md#follow-up): its comments and interventions (public.point_events, inserted
// with the device's id so that a repeat inserts nothing) and its timeline (public.point_timeline).
import { supabase } from './client';
import type { TablesInsert } from './database.types';
import type { EventFields, EventPhoto } from '../core/outbox/types';
import type { TimelineRow } from '../core/followUp/timeline';

/** Inserts the comment or intervention once; a row with that id already there is this one, sent before. */
export async function insertEventOnce(pointId: string, e: EventFields): Promise<void> {
  const row = {
    id: e.eventId, point_id: pointId, kind: e.eventKind, body: e.body,
    done_at: e.eventKind === 'intervention' ? e.doneAt : null, done_by: e.eventKind === 'intervention' ? e.doneBy : null,
    observed_at: e.observedAt,
  };
  // line_id is not sent: the database copies the point's (point_event_stamp trigger), so the generator's required
  // column is filled there.
  const res = await supabase().from('point_events').upsert(row as TablesInsert<'point_events'>, { onConflict: 'id', ignoreDuplicates: true });
  if (res.error) throw Object.assign(res.error, { status: res.status });
}

/** Inserts an intervention's 'après' photos once (their ids are the device's: a repeat inserts nothing). */
export async function insertEventPhotosOnce(pointId: string, eventId: string, photos: readonly EventPhoto[]): Promise<void> {
  const rows = photos.map((p, i) => ({
    id: p.id, point_id: pointId, event_id: eventId, kind: 'apres', storage_path: p.path, position: i, caption: p.caption,
    taken_at: p.takenAt, gnss_lat: p.lat, gnss_lon: p.lon, width: p.width, height: p.height, bytes: p.bytes,
    thumb_path: p.thumbPath ?? null,
  }));
  const res = await supabase().from('point_photos').upsert(rows as TablesInsert<'point_photos'>[], { onConflict: 'id', ignoreDuplicates: true });
  if (res.error) throw Object.assign(res.error, { status: res.status });
}

/** The point's timeline, oldest first. */
export async function fetchTimeline(pointId: string): Promise<TimelineRow[]> {
  const res = await supabase().rpc('point_timeline', { p_point_id: pointId });
  if (res.error) throw res.error;
  return (res.data ?? []) as TimelineRow[];
}
