// What the point form, the photo field and the delete confirmation call: every change of one point
// (create, edit, status, team, photo, delete) goes to the outbox, shows at once, and is sent at once when online
// (marked 'en attente' otherwise); one replay (./replay), one conflict dialog (./resolveConflict).
import * as actions from '../actions';
import { ConflictCancelledError, RowGoneError } from '../conflicts';
import type { PointInput } from '../../data/mappers';
import { changedFields, fieldsOf } from '../../core/outbox/applied';
import { failureKind } from '../../core/outbox/errors';
import { touchesPoint } from '../../core/outbox/bulk';
import type { OutboxItem, PointFields } from '../../core/outbox/types';
import type { Point } from '../../core/types';
import { isValidImageUrl, VALIDATION_MESSAGES } from '../../core/validation';
import { newRowLine, teamsAtom } from '../tables';
import { currentPoint } from './pointsPort';
import { loadPointDetails } from '../pointDetails';
import { sessionAtom } from '../session';
import { store } from '../store';
import { networkDownAtom, offlineAtom, outboxItemsAtom } from './atoms';
import { discardItem, queueChange } from './queue';
import { keepPhoto, pendingPhotoPath } from './photos';
import { replayOutbox } from './replay';
import { resolvableInDialog, resolveOutboxConflict } from './resolveConflict';
import { OFFLINE_TEXT } from './strings';
import { DATA_TEXT } from '../strings';
import { fail, ok, type Result } from '../../core/result';
import { photoPaths, type GalleryPhoto } from '../../core/photos/gallery';
import { publicUrlOf } from '../../data/outboxRepository';

/** How long a save made online waits for its replay before it is left to the outbox. */
const ONLINE_SAVE_WAIT_MS = 15_000;

const isOffline = (): boolean => store.get(offlineAtom);
const hasWaiting = (pointId: string): boolean => store.get(outboxItemsAtom).some((i) => touchesPoint(i.op, pointId));
const userId = (): string => {
  const id = store.get(sessionAtom)?.user.id;
  if (!id) throw new Error(OFFLINE_TEXT.noSession);
  return id;
};

function networkFailed(err: unknown): boolean {
  if (failureKind(err) !== 'network') return false;
  store.set(networkDownAtom, true);
  return true;
}

/** The saved fields: a new point goes on the line it names, else on newRowLine's; an edit never changes the line. */
const fieldsOfInput = ({ id, lineId, ...f }: PointInput): PointFields =>
  (id ? f : { ...f, ...(lineId ? { lineId } : newRowLine()) });
const teamName = (teamId: string | null): string | null => (teamId ? store.get(teamsAtom).find((t) => t.id === teamId)?.name ?? null : null);

/**
 * Saves a point through the outbox (one write path): the change is laid on the collection at once,
 * recorded, and sent at once when online (queued otherwise). An edit states `base.updatedAt`, the version the form
 * opened; online, the form waits for its replay (at most ONLINE_SAVE_WAIT_MS) and a conflict opens the outbox's
 * conflict dialog in place (../conflicts). Throws so the form keeps its content: the server's refusal,
 * RowGoneError (deleted meanwhile), ConflictCancelledError (dialog cancelled). Returns the point shown. `gallery`: the
 * point's photos in order when the form changed them (set after the row, in the same item).
 */
export async function savePointAware(input: PointInput, base?: Point | null, gallery?: GalleryPhoto[]): Promise<Point> {
  if (!isValidImageUrl(input.imageUrl)) throw new Error(VALIDATION_MESSAGES.imageUrlInvalid);
  const fields = fieldsOfInput(input);
  const urls = [fields.imageUrl, ...(gallery ?? []).flatMap(photoPaths).map(publicUrlOf)];
  const photos = [...new Set((await Promise.all(urls.map(pendingPhotoPath))).filter((p): p is string => !!p))];
  const withGallery = gallery ? { gallery } : {};
  if (input.id) {
    const id = input.id;
    const current = currentPoint(id);
    const from = (hasWaiting(id) ? current : base ?? current) ?? null;
    const patch = from ? changedFields(fieldsOf(from), fields) : fields;
    const shown = current ?? base ?? null;
    const view: Point = { ...(shown ?? { id, creationDate: new Date().toISOString(), createdBy: userId() }), ...fields, id, teamName: teamName(fields.teamId) } as Point;
    if (!Object.keys(patch).length && !gallery) return view;
    // `before` is the version the edit started from: the conflict dialog compares against it
    const item = await queueChange({ op: { kind: 'update', pointId: id, patch, baseVersion: from?.updatedAt ?? null, ...withGallery }, view, before: from ?? current, photos });
    if (isOffline() || !item) { void replayOutbox(); return view; }
    await settleOnline(item.id);
    return currentPoint(id) ?? view;
  }
  const id = crypto.randomUUID();
  const observedAt = new Date().toISOString(); // the device's time of the observation, kept however late it is sent
  const view: Point = { ...fields, id, teamName: teamName(fields.teamId), creationDate: observedAt, observedAt, createdBy: userId() };
  const item = await queueChange({ op: { kind: 'create', pointId: id, fields, observedAt, ...withGallery }, view, before: null, photos });
  if (isOffline() || !item) return view;
  await settleOnline(item.id);
  return currentPoint(id) ?? view;
}

/**
 * Deletes a point through the outbox (its photo is removed after the row); online, waits for the replay. `queued`:
 * it waits on the device. A refusal (`refused`), a point deleted meanwhile (`gone`) or an outbox failure (`error`)
 * leave the point in place with the deletion's failure text.
 */
export async function deletePointAware(point: { id: string; imageUrl?: string | null }): Promise<Result<{ queued: boolean }>> {
  try {
    const current = currentPoint(point.id);
    const imageUrl = point.imageUrl !== undefined ? point.imageUrl
      : (current ?? (isOffline() ? null : await loadPointDetails(point.id).catch(() => null)))?.imageUrl ?? null; // details unreadable: the row goes, its photo file stays in storage
    const item = await queueChange({ op: { kind: 'delete', pointId: point.id, baseVersion: current?.updatedAt ?? null, imageUrl }, view: null, before: current, photos: [] });
    if (isOffline() || !item) { void replayOutbox(); return ok({ queued: true }); }
    const left = await settleOnline(item.id);
    return ok({ queued: !!left });
  } catch (err) {
    console.error('Suppression impossible', err);
    return fail(err instanceof RowGoneError ? 'gone' : err instanceof ConflictCancelledError ? 'refused' : 'error', DATA_TEXT.pointDeleteFailed);
  }
}

/** Sends an item online and waits (with a time limit) for its answer: gone when sent; refused → thrown; a conflict
 * → the conflict dialog, then sent again. Returns the item still waiting (network down, slow), else undefined. */
async function settleOnline(itemId: string): Promise<OutboxItem | undefined> {
  for (let round = 0; round < 5; round++) {
    await Promise.race([replayOutbox(), new Promise((r) => setTimeout(r, ONLINE_SAVE_WAIT_MS))]);
    const left = store.get(outboxItemsAtom).find((i) => i.id === itemId);
    if (!left || left.state === 'pending' || left.state === 'sending') return left;
    if (left.state === 'failed') {
      // Refused by the server while online: the form keeps its content and says so, as before.
      await discardItem(left.id);
      throw new Error(left.error ?? 'refused');
    }
    if (left.conflict === 'deleted' || !resolvableInDialog(left)) {
      await discardItem(left.id);
      throw new RowGoneError('points');
    }
    if (!(await resolveOutboxConflict(left.id))) {
      await discardItem(left.id); // nothing saved: the point shows the server's version, the form keeps the user's
      throw new ConflictCancelledError();
    }
  }
  return store.get(outboxItemsAtom).find((i) => i.id === itemId);
}

/** Uploads a photo, or keeps it on the device for the outbox when the network is missing. Returns its URL. */
export async function uploadPointImageAware(file: Blob, ext: string): Promise<string> {
  if (!isOffline()) {
    try {
      return await actions.uploadPointImage(file, ext);
    } catch (err) {
      if (!networkFailed(err)) throw err;
    }
  }
  return keepPhoto(file, ext, userId());
}

/** True while a change of this point waits in the outbox (the save went to the device, not yet to the server). */
export const waitsOnDevice = (pointId: string): boolean => hasWaiting(pointId);

/** Why a change saved on the device waits: no network (sent when it is back), or a server slow to answer. */
export const waitReason = (): 'network' | 'slow' => (isOffline() ? 'network' : 'slow');
