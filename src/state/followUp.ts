// A point's 'Suivi' for the UI (docs/product.md#follow-up): its timeline (with the actors' e-mails), and adding a
// comment or an intervention through the outbox: shown at once, sent once with the device's id and its own
// observation time, in order with the point's other changes (offline: when the network is back).
import { atom } from 'jotai';
import type { EventFields } from '../core/outbox/types';
import type { Point } from '../core/types';
import type { TimelineRow } from '../core/followUp/timeline';
import { fetchTimeline } from '../data/pointEventsRepository';
import { userEmails } from '../data/auditRepository';
import { store } from './store';
import { offlineAtom, outboxItemsAtom } from './offline/atoms';
import { currentPoint } from './offline/pointsPort';
import { discardItem, queueChange } from './offline/queue';
import { replayOutbox } from './offline/replay';
import { resetAtSignOut } from './signOutReset';
import { pendingPhotoPath } from './offline/photos';
import { publicUrlOf } from '../data/outboxRepository';
import { photoPaths } from '../core/photos/gallery';
import { fail, ok, type Result } from '../core/result';
import { removePointImage } from './actions';
import { DATA_TEXT, FOLLOW_UP_FAILURE } from './strings';

/** Bumped when a comment of this device has been sent (the open timeline reads again). */
export const timelineVersionAtom = resetAtSignOut(atom(0));

/** The comments and interventions of the point waiting in the outbox, oldest first. */
export const pendingEventsAtom = atom((get) => {
  const out = new Map<string, EventFields[]>();
  for (const i of [...get(outboxItemsAtom)].sort((a, b) => a.seq - b.seq)) {
    if (i.op.kind !== 'event') continue;
    out.set(i.op.pointId, [...(out.get(i.op.pointId) ?? []), i.op.event]);
  }
  return out;
});

export interface TimelineData { rows: TimelineRow[]; emails: Map<string, string> }

/** The point's timeline and the e-mails of its actors (those the caller may see). */
export async function loadTimeline(pointId: string): Promise<TimelineData> {
  const rows = await fetchTimeline(pointId);
  const ids = new Set<string>();
  for (const r of rows) {
    if (r.actor) ids.add(r.actor);
    const a = r.changes?.assignee_id;
    for (const v of [a?.old, a?.new]) if (typeof v === 'string') ids.add(v);
  }
  const emails = ids.size ? await userEmails([...ids]).catch((e) => { console.warn('emails du suivi indisponibles', e); return new Map<string, string>(); }) : new Map<string, string>();
  return { rows, emails };
}

/**
 * Queues a comment or an intervention on `point` and sends it at once when online. Returns whether it waits on the
 * device (offline, or the server has not answered yet); `refused` when the server refused it while online (it is
 * taken out of the outbox: the text stays in the form), `error` when it could not be queued or sent.
 */
export async function addPointEvent(point: Point, e: Omit<EventFields, 'eventId' | 'observedAt'>): Promise<Result<{ waits: boolean }>> {
  const event: EventFields = { ...e, eventId: crypto.randomUUID(), observedAt: new Date().toISOString() };
  const view = currentPoint(point.id) ?? point;
  try {
    const photos = (await Promise.all((e.photos ?? []).flatMap(photoPaths).map((p) => pendingPhotoPath(publicUrlOf(p))))).filter((p): p is string => !!p);
    const item = await queueChange({ op: { kind: 'event', pointId: point.id, event }, view, before: view, photos });
    if (store.get(offlineAtom) || !item) { void replayOutbox(); return ok({ waits: true }); }
    await replayOutbox();
    store.set(timelineVersionAtom, (n) => n + 1);
    const left = store.get(outboxItemsAtom).find((i) => i.id === item.id);
    if (left?.state === 'failed') {
      console.error('Suivi : envoi refusé', left.error);
      await discardItem(left.id);
      return fail('refused', FOLLOW_UP_FAILURE);
    }
    return ok({ waits: !!left });
  } catch (err) {
    console.error('Suivi : envoi refusé', err);
    return fail('error', FOLLOW_UP_FAILURE);
  }
}

/** Removes an 'après' photo stored while the form was open (with its drawn copy and thumbnail: `urls`), stopping at the first failure. */
export async function removeFormPhoto(urls: Iterable<string>, onRemoved: (url: string) => void): Promise<Result> {
  try {
    for (const url of new Set(urls)) { await removePointImage(url); onRemoved(url); }
    return ok();
  } catch (err) {
    console.error(err);
    return fail('error', DATA_TEXT.imageDeleteError);
  }
}
