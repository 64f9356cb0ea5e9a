// Replays the outbox when the network is there: oldest first, the photos then the row (then its gallery), each request idempotent
// (see src/data/outboxRepository.ts), one tab at a time (Web Locks). A network failure stops the run (the item waits);
// an expired session that cannot be refreshed stops it until the user signs in again; a 409 is a conflict unless
// the server already holds the change (this device's own earlier write) or nothing of the point changed since the
// edit began (only its version moved: sent again at it); a point deleted on the server is reported. A comment or an
// intervention goes in order with its point's other changes.
import { nextToSend, rebaseAfter } from '../../core/outbox/order';
import { alreadyApplied, unchangedSince } from '../../core/outbox/applied';
import { failureKind, refusalReason } from '../../core/outbox/errors';
import type { OutboxItem, OutboxOp } from '../../core/outbox/types';
import type { Point } from '../../core/types';
import { storagePathOfImageUrl } from '../../core/validation';
import * as repo from '../../data/outboxRepository';
import { supabase } from '../../data/client';
import { showPoints as patchPoints } from './pointsPort';
import { store } from '../store';
import { authBlockedAtom, lastSyncAtom, networkDownAtom, outboxItemsAtom, recentlySentAtom, replayingAtom } from './atoms';
import { currentQueueUser, loadQueue, removeItem, showOverlay, updateItems } from './queue';
import { readPhoto } from './photos';
import { itemName, OFFLINE_TEXT } from './strings';
import { sendBulkItem } from './bulkReplay';
import { insertEventOnce, insertEventPhotosOnce } from '../../data/pointEventsRepository';
import { setGallery } from '../../data/pointPhotosRepository';
import { photoPaths, type GalleryPhoto } from '../../core/photos/gallery';
import { rememberGallery } from '../galleryCache';
import { currentSession } from '../userSession';
import { definePart } from '../../core/session/scope';
import { yieldToPage } from '../../platform/yieldToPage';

/** The session's replay run, and whether it must look again when it ends. */
const replayPart = definePart('replay', () => ({ running: null as Promise<void> | null, again: false }));

/** Starts a replay run (or asks the running one to look again when it ends). */
export function replayOutbox(): Promise<void> {
  const scope = currentSession();
  const r = scope.part(replayPart);
  if (r.running) { r.again = true; return r.running; }
  r.running = (async () => {
    try {
      do { r.again = false; await withLock(runOnce); } while (r.again && scope.active);
    } finally {
      r.running = null;
    }
  })();
  return r.running;
}

async function withLock(fn: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn();
  // Another tab replaying: it does the job; this one looks again later.
  await locks.request('rail-outbox-replay', { ifAvailable: true }, async (lock) => { if (lock) await fn(); });
}

type Outcome = 'next' | 'stop';

async function runOnce(): Promise<void> {
  const userId = currentQueueUser();
  if (!userId || !store.get(outboxItemsAtom).length) return;
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  store.set(replayingAtom, true);
  try {
    await loadQueue(userId); // another tab may have sent items since this one read the queue
    await yieldToPage(); // reading back a batch's item (10,000 rows) is one task, sending it another
    if (!(await sessionReady(userId))) return;
    for (;;) {
      const item = nextToSend(store.get(outboxItemsAtom));
      if (!item || currentQueueUser() !== userId) return;
      if ((await sendItem(item)) === 'stop') return;
    }
  } finally {
    store.set(replayingAtom, false);
  }
}

/** A usable session for this user: refreshed if expired; false (and the outbox waits) otherwise. */
async function sessionReady(userId: string): Promise<boolean> {
  const { data, error } = await supabase().auth.getSession();
  if (data.session && data.session.user.id === userId) { store.set(authBlockedAtom, false); return true; }
  if (error && failureKind(error) === 'network') { store.set(networkDownAtom, true); return false; }
  store.set(authBlockedAtom, true);
  return false;
}

async function sendItem(item: OutboxItem): Promise<Outcome> {
  let sending: OutboxItem = { ...item, state: 'sending', attempts: item.attempts + 1 };
  // A batch is written once, when queued: its 'sending' stays in memory (stored, it would clone 10,000 rows again on
  // this thread; a page closed meanwhile finds it 'pending' and replays it, which is idempotent).
  await updateItems([sending], [], item.op.kind === 'bulk');
  try {
    sending = await uploadPhotos(sending);
    const op = sending.op;
    let landed = null as Point | null;
    if (op.kind === 'create') {
      landed = await repo.insertPointOnce(op.pointId, op.fields, op.observedAt);
      if (op.gallery) await sendGallery(op.pointId, op.gallery);
    } else if (op.kind === 'update') {
      if (Object.keys(op.patch).length) {
        const r = await sendUpdate(sending, op);
        if ('conflict' in r) return conflict(sending, r.conflict);
        landed = r.landed;
      }
      // The gallery once the row points to its first photo: a file leaves storage only when nothing points to it.
      if (op.gallery) await sendGallery(op.pointId, op.gallery);
    } else if (op.kind === 'bulk') {
      await sendBulkItem(sending); // one RPC per 2,500 rows, each row at its stated version
    } else if (op.kind === 'event') {
      await insertEventOnce(op.pointId, op.event); // the device's id: a repeat after a lost answer inserts nothing
      if (op.event.photos?.length) await insertEventPhotosOnce(op.pointId, op.event.eventId, op.event.photos);
    } else {
      await repo.deletePointOnce(op.pointId);
      const path = storagePathOfImageUrl(op.imageUrl);
      if (path) await repo.removePhoto(path).catch((e) => console.warn(OFFLINE_TEXT.photoRemoveFailed, e));
    }
    await succeeded(sending, landed);
    return 'next';
  } catch (err) {
    // The item as stored now: the photos uploaded before the failure stay done (a new run resumes after them).
    sending = store.get(outboxItemsAtom).find((i) => i.id === sending.id) ?? sending;
    const kind = failureKind(err);
    if (kind === 'network') {
      store.set(networkDownAtom, true);
      await updateItems([{ ...sending, state: 'pending' }]);
      return 'stop';
    }
    if (kind === 'auth') {
      const { data } = await supabase().auth.refreshSession().catch(() => ({ data: { session: null } }));
      await updateItems([{ ...sending, state: 'pending' }]);
      if (data.session) return 'next';
      store.set(authBlockedAtom, true);
      return 'stop';
    }
    console.error('Envoi différé refusé', err);
    await updateItems([{ ...sending, state: 'failed', error: refusalReason(err) }]);
    return 'next';
  }
}

const sendGallery = async (pointId: string, gallery: GalleryPhoto[]) => {
  await setGallery(pointId, gallery);
  rememberGallery(pointId, gallery);
};

type UpdateOp = Extract<OutboxOp, { kind: 'update' }>;

/**
 * An update at its stated version. On a newer version: this device's own earlier write when the server holds the
 * change already; sent again at the newer version when nothing changed since the edit's start (`unchangedSince`:
 * a slow server's answer came after the next edit began); else a conflict (with the server's point, or null: gone).
 */
async function sendUpdate(item: OutboxItem, op: UpdateOp): Promise<{ landed: Point } | { conflict: Point | null }> {
  let base = op.baseVersion ?? (await repo.fetchPoint(op.pointId))?.updatedAt ?? null;
  for (let round = 0; ; round++) {
    if (base === null) return { conflict: null };
    try {
      const r = await repo.updatePointAt(op.pointId, op.patch, base);
      return r.kind === 'gone' ? { conflict: null } : { landed: r.point };
    } catch (err) {
      if (failureKind(err) !== 'conflict') throw err;
    }
    const server = await repo.fetchPoint(op.pointId);
    if (!server) return { conflict: null };
    if (alreadyApplied(op.patch, server)) return { landed: server };
    if (round >= 2 || !unchangedSince(item.before, server)) return { conflict: server };
    base = server.updatedAt ?? null;
  }
}

/** Uploads the item's photos kept on the device that it still refers to, each once: a run after a failure resumes
 * after the photos already sent (photosDone). */
async function uploadPhotos(item: OutboxItem): Promise<OutboxItem> {
  const op = item.op;
  const url = op.kind === 'create' ? op.fields.imageUrl : op.kind === 'update' ? op.patch.imageUrl : null;
  const photos = op.kind === 'create' || op.kind === 'update' ? op.gallery ?? [] : op.kind === 'event' ? op.event.photos ?? [] : [];
  const wanted = new Set([storagePathOfImageUrl(url), ...photos.flatMap(photoPaths)]);
  let cur = item;
  for (const path of item.photos) {
    if (!wanted.has(path) || cur.photosDone.includes(path)) continue;
    const photo = await readPhoto(path);
    if (!photo) continue; // uploaded and cleaned up by an earlier run
    await repo.uploadPhotoOnce(path, photo.blob);
    cur = { ...cur, photosDone: [...cur.photosDone, path] };
    await updateItems([cur]);
  }
  return cur;
}

async function succeeded(item: OutboxItem, landed: Point | null): Promise<void> {
  store.set(networkDownAtom, false);
  const rest = store.get(outboxItemsAtom);
  if (landed?.updatedAt) {
    const rebased = rebaseAfter(rest, item, landed.updatedAt);
    if (rebased.length) await updateItems(rebased);
  }
  await removeItem(item.id);
  if (landed) patchPoints([landed]);
  showOverlay();
  store.set(lastSyncAtom, Date.now());
  const label = itemName(item);
  store.set(recentlySentAtom, [{ id: item.id, label: `${OFFLINE_TEXT.opLabel[item.op.kind]} : ${label}`, at: Date.now() }, ...store.get(recentlySentAtom)].slice(0, 20));
}

async function conflict(item: OutboxItem, server: Point | null): Promise<Outcome> {
  await updateItems([{
    ...item, state: 'conflict', server, conflict: server ? 'changed' : 'deleted',
    error: server ? OFFLINE_TEXT.conflictChanged : OFFLINE_TEXT.conflictDeleted,
  }]);
  return 'next';
}
