// What the point form, the photo field and the delete confirmation call (issue 11): online as before, and when
// the network is missing (or fails) the change goes to the outbox and shows at once, marked 'en attente'.
// A new point always goes through the outbox (its id is made here), so a save cut off mid-way is never duplicated.
import * as actions from '../actions';
import type { PointInput } from '../../data/mappers';
import { changedFields, fieldsOf } from '../../core/outbox/applied';
import { failureKind } from '../../core/outbox/errors';
import { touchesPoint } from '../../core/outbox/bulk';
import type { PointFields } from '../../core/outbox/types';
import type { Point } from '../../core/types';
import { isValidImageUrl, VALIDATION_MESSAGES } from '../../core/validation';
import { activeLineId, teamsAtom } from '../tables';
import { currentPoint } from './pointsPort';
import { sessionAtom } from '../session';
import { store } from '../store';
import { networkDownAtom, offlineAtom, outboxItemsAtom } from './atoms';
import { discardItem, queueChange } from './queue';
import { keepPhoto, pendingPhotoPath } from './photos';
import { replayOutbox } from './replay';
import { OFFLINE_TEXT } from './strings';

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

/** The saved fields: a new point goes on the line shown (unless it names one); an edit never changes the line. */
const fieldsOfInput = ({ id, lineId, ...f }: PointInput): PointFields =>
  (id ? f : { ...f, ...((lineId ?? activeLineId()) ? { lineId: lineId ?? activeLineId()! } : {}) });
const teamName = (teamId: string | null): string | null => (teamId ? store.get(teamsAtom).find((t) => t.id === teamId)?.name ?? null : null);

/**
 * Saves a point: an edit online directly (stating `base`, the point as the form opened it: the conflict dialog of
 * issue 15 handles a stale version), a new point and anything offline through the outbox. Returns the point shown.
 */
export async function savePointAware(input: PointInput, base?: Point | null): Promise<Point> {
  if (!isValidImageUrl(input.imageUrl)) throw new Error(VALIDATION_MESSAGES.imageUrlInvalid);
  const fields = fieldsOfInput(input);
  const photos = [await pendingPhotoPath(fields.imageUrl)].filter((p): p is string => !!p);
  if (input.id) {
    const id = input.id;
    if (!isOffline() && !hasWaiting(id) && !photos.length) {
      try {
        return await actions.savePoint(input, base);
      } catch (err) {
        if (!networkFailed(err)) throw err;
      }
    }
    const current = currentPoint(id);
    const from = (hasWaiting(id) ? current : base ?? current) ?? null;
    const patch = from ? changedFields(fieldsOf(from), fields) : fields;
    const view: Point = { ...(current ?? { id, creationDate: new Date().toISOString(), createdBy: userId() }), ...fields, id, teamName: teamName(fields.teamId) } as Point;
    if (!Object.keys(patch).length) return view;
    await queueChange({ op: { kind: 'update', pointId: id, patch, baseVersion: from?.updatedAt ?? null }, view, before: current, photos });
    void replayOutbox();
    return view;
  }
  const id = crypto.randomUUID();
  const observedAt = new Date().toISOString(); // the device's time of the observation, kept however late it is sent
  const view: Point = { ...fields, id, teamName: teamName(fields.teamId), creationDate: observedAt, observedAt, createdBy: userId() };
  const item = await queueChange({ op: { kind: 'create', pointId: id, fields, observedAt }, view, before: null, photos });
  if (isOffline() || !item) return view;
  await Promise.race([replayOutbox(), new Promise((r) => setTimeout(r, ONLINE_SAVE_WAIT_MS))]);
  const left = store.get(outboxItemsAtom).find((i) => i.id === item.id);
  if (left?.state === 'failed') {
    // Refused by the server while online: the form keeps its content and says so, as before.
    await discardItem(left.id);
    throw new Error(left.error ?? 'refused');
  }
  return currentPoint(id) ?? view;
}

/** Deletes a point: online directly, else (or when the network fails) through the outbox. */
export async function deletePointAware(point: { id: string; imageUrl?: string | null }): Promise<{ queued: boolean }> {
  if (!isOffline() && !hasWaiting(point.id)) {
    try {
      await actions.deletePoint(point);
      return { queued: false };
    } catch (err) {
      if (!networkFailed(err)) throw err;
    }
  }
  const current = currentPoint(point.id);
  await queueChange({ op: { kind: 'delete', pointId: point.id, baseVersion: current?.updatedAt ?? null, imageUrl: current?.imageUrl ?? point.imageUrl ?? null }, view: null, before: current, photos: [] });
  void replayOutbox();
  return { queued: true };
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
