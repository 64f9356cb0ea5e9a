// The outbox of the signed-in user: queue a change (coalesced, written to IndexedDB before anything else),
// lay the waiting changes over the loaded points, retry, discard, and the two answers to a conflict.
import { enqueue, nextSeq } from '../../core/outbox/coalesce';
import { formerFields, touchesPoint } from '../../core/outbox/bulk';
import { fieldsOf } from '../../core/outbox/applied';
import type { OutboxItem, OutboxOp } from '../../core/outbox/types';
import type { Point } from '../../core/types';
import { storagePathOfImageUrl } from '../../core/validation';
import { showOverlayOf, showPoints as patchPoints } from './pointsPort';
import { showBatchInSlices, showBulkFields, showBulkOverlayOf } from './bulkPointsPort';
import { store } from '../store';
import { outboxItemsAtom } from './atoms';
import { readItems, writeItems } from './db';
import { dropPhotos } from './photos';
import { currentSession } from '../userSession';
import { definePart } from '../../core/session/scope';

/** The session's outbox: whose queue is loaded, and the chain that serialises queue writes. */
const outboxPart = definePart('outbox', () => ({ user: null as string | null, chain: Promise.resolve() as Promise<unknown> }));
const outbox = () => currentSession().part(outboxPart);
/** Serialises queue writes: each change reads the queue as the previous one left it. */
const serial = <T>(fn: () => Promise<T>): Promise<T> => {
  const o = outbox();
  const p = o.chain.then(fn);
  o.chain = p.catch(() => undefined); // the caller gets p's error; the chain goes on
  return p;
};

export const currentQueueUser = (): string | null => outbox().user;

export async function loadQueue(userId: string): Promise<OutboxItem[]> {
  const o = outbox();
  o.user = userId;
  const held = store.get(outboxItemsAtom);
  const items = await readItems(userId, held);
  if (o.user !== userId || o !== outbox()) return [];
  store.set(outboxItemsAtom, items.sort((a, b) => a.seq - b.seq));
  if (!sameOps(held, items)) showOverlay(); // the queue as this page holds it is already shown
  return items;
}

/** Whether two queues hold the very same changes (the ops of a re-read the page held are reused: ./db readItems). */
function sameOps(a: readonly OutboxItem[], b: readonly OutboxItem[]): boolean {
  if (a.length !== b.length) return false;
  const ops = new Map(a.map((i) => [i.id, i]));
  return b.every((i) => { const h = ops.get(i.id); return !!h && h.op === i.op && h.view === i.view; });
}

export function forgetQueue(): void {
  outbox().user = null;
  store.set(outboxItemsAtom, []);
}

/** Re-applies the waiting changes over the points atom (after every load); no write when already shown. */
export function showOverlay(): void {
  showOverlayOf(store.get(outboxItemsAtom));
  showBulkOverlayOf(store.get(outboxItemsAtom));
}

export interface NewChange { op: OutboxOp; view: Point | null; before: Point | null; photos: string[] }

export function queueChange(c: NewChange): Promise<OutboxItem | null> {
  return serial(async () => {
    const userId = outbox().user;
    if (!userId) throw new Error('Aucune session : modification non enregistrée');
    const fresh: OutboxItem = {
      id: crypto.randomUUID(), seq: 0, userId, queuedAt: Date.now(), op: c.op, view: c.view, before: c.before,
      photos: c.photos, photosDone: [], state: 'pending', error: null, server: null, conflict: null, attempts: 0,
    };
    const r = enqueue(store.get(outboxItemsAtom), fresh);
    const orphanPhotos = r.removed.length ? photosOnlyIn(store.get(outboxItemsAtom).filter((i) => r.removed.includes(i.id)), r.items) : [];
    await writeItems(r.put, r.removed);
    store.set(outboxItemsAtom, r.items);
    if (c.op.kind === 'bulk') await showBatchInSlices(c.op); // a batch's points, in slices (no long task)
    else {
      if (c.view) patchPoints([c.view]); else patchPoints([], [c.op.pointId]);
      showOverlay();
    }
    await dropPhotos(orphanPhotos);
    return r.put[0] ?? null;
  });
}

/** Replaces items (state changes of the replay), in IndexedDB and in the atom; `memoryOnly`: in the atom only (a
 * state IndexedDB need not keep: a batch's 'sending', which a reopened page treats as 'pending' anyway). */
export function updateItems(changed: OutboxItem[], removed: string[] = [], memoryOnly = false): Promise<void> {
  return serial(async () => {
    if (!memoryOnly) await writeItems(changed, removed);
    const byId = new Map(changed.map((i) => [i.id, i]));
    store.set(outboxItemsAtom, store.get(outboxItemsAtom).filter((i) => !removed.includes(i.id)).map((i) => byId.get(i.id) ?? i));
  });
}

/** Adds items made elsewhere (the rows of a sent batch that met a newer version: one conflict item each), last in order. */
export function appendItems(fresh: OutboxItem[]): Promise<void> {
  if (!fresh.length) return Promise.resolve();
  return serial(async () => {
    const userId = outbox().user;
    if (!userId) throw new Error('Aucune session : modification non enregistrée');
    let seq = nextSeq(store.get(outboxItemsAtom));
    const put = fresh.map((i) => ({ ...i, userId, seq: seq++ }));
    await writeItems(put);
    store.set(outboxItemsAtom, [...store.get(outboxItemsAtom), ...put]);
    showOverlay();
  });
}

/** Photo paths of `gone` items no remaining item refers to. */
function photosOnlyIn(gone: OutboxItem[], remaining: OutboxItem[]): string[] {
  const kept = new Set(remaining.flatMap((i) => i.photos));
  return [...new Set(gone.flatMap((i) => i.photos))].filter((p) => !kept.has(p));
}

/** Removes an item for good (sent, or discarded) and the photos only it referred to. */
export async function removeItem(id: string): Promise<OutboxItem | undefined> {
  const item = store.get(outboxItemsAtom).find((i) => i.id === id);
  if (!item) return undefined;
  await updateItems([], [id]);
  await dropPhotos(photosOnlyIn([item], store.get(outboxItemsAtom)));
  return item;
}

/** Gives up a waiting change: the point shows again as before it (or disappears, for a point created here). */
export async function discardItem(id: string): Promise<void> {
  const item = await removeItem(id);
  if (!item) return;
  if (item.op.kind === 'bulk') { showBulkFields(formerFields(item.op.before)); showOverlay(); return; } // the rows as before the batch
  const later = store.get(outboxItemsAtom).some((i) => touchesPoint(i.op, item.op.pointId));
  if (!later) {
    if (item.conflict === 'deleted') patchPoints([], [item.op.pointId]);
    else if (item.server) patchPoints([item.server]);
    else if (item.before) patchPoints([item.before]);
    else patchPoints([], [item.op.pointId]);
  }
  showOverlay();
}

export async function retryItem(id: string): Promise<void> {
  const item = store.get(outboxItemsAtom).find((i) => i.id === id);
  if (item) await updateItems([{ ...item, state: 'pending', error: null }]);
}

/** Conflict answered 'Garder ma version': the change is sent again over the server's current version. */
export async function keepMine(id: string): Promise<void> {
  const item = store.get(outboxItemsAtom).find((i) => i.id === id);
  if (!item || item.state !== 'conflict') return;
  let op: OutboxOp = item.op;
  if (item.conflict === 'deleted') {
    // The point was deleted on the server: recreate it with the device's version (same id).
    if (!item.view) return discardItem(id);
    op = { kind: 'create', pointId: item.op.pointId, fields: fieldsOf(item.view), observedAt: item.view.observedAt };
  } else if (op.kind === 'update' || op.kind === 'delete') {
    op = { ...op, baseVersion: item.server?.updatedAt ?? op.baseVersion };
  }
  await updateItems([{ ...item, op, state: 'pending', error: null, server: null, conflict: null }]);
}

/** Conflict answered 'Garder la version du serveur': the change is dropped and the server's point shown. */
export const keepServer = (id: string): Promise<void> => discardItem(id);

export const photoPathsOf = (url: string | null | undefined): string[] => { const p = storagePathOfImageUrl(url); return p ? [p] : []; };
