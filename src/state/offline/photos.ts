// Photos chosen without network: kept as blobs in IndexedDB under the storage path fixed at that moment
// (points/<uuid>.<ext>, so a replay uploads to the same place), previewed from an object URL until uploaded.
import { IMAGE_FOLDER } from '../../core/constants';
import { storagePathOfImageUrl } from '../../core/validation';
import { publicUrlOf } from '../../data/outboxRepository';
import { outboxDb, type PendingPhoto } from './db';
import { currentSession } from '../userSession';
import { definePart } from '../../core/session/scope';

/** The session's previews of waiting photos: public URL → object URL (revoked when the session ends). */
const previewsPart = definePart('photoPreviews', () => new Map<string, string>(), (m) => {
  for (const u of m.values()) URL.revokeObjectURL(u);
  m.clear();
});
const previews = () => currentSession().part(previewsPart);

export async function keepPhoto(blob: Blob, ext: string, userId: string): Promise<string> {
  const path = `${IMAGE_FOLDER}/${crypto.randomUUID()}.${ext}`;
  await (await outboxDb()).put('photos', { path, userId, blob, takenAt: Date.now() });
  const url = publicUrlOf(path);
  previews().set(url, URL.createObjectURL(blob));
  return url;
}

/** The src to show for an image URL: the local copy of a photo not yet uploaded, else the URL itself. */
export const previewSrc = (url: string): string => previews().get(url) ?? url;

/** The path of the waiting photo an image URL refers to, or null. */
export async function pendingPhotoPath(url: string | null | undefined): Promise<string | null> {
  const path = storagePathOfImageUrl(url);
  if (!path) return null;
  return (await (await outboxDb()).get('photos', path)) ? path : null;
}

export async function readPhoto(path: string): Promise<PendingPhoto | undefined> {
  return (await outboxDb()).get('photos', path);
}

/** Object URLs for the user's waiting photos (after a reload). */
export async function restorePreviews(userId: string): Promise<void> {
  for (const p of await (await outboxDb()).getAllFromIndex('photos', 'byUser', userId)) {
    const url = publicUrlOf(p.path);
    if (!previews().has(url)) previews().set(url, URL.createObjectURL(p.blob));
  }
}

/** Drops the user's kept photos that no waiting item refers to (a form cancelled offline). */
export async function dropUnreferencedPhotos(userId: string, referenced: Set<string>): Promise<void> {
  const all = await (await outboxDb()).getAllKeysFromIndex('photos', 'byUser', userId);
  await dropPhotos(all.filter((p) => !referenced.has(p)));
}

export async function dropPhotos(paths: string[]): Promise<void> {
  if (!paths.length) return;
  const tx = (await outboxDb()).transaction('photos', 'readwrite');
  await Promise.all([...paths.map((p) => tx.store.delete(p)), tx.done]);
}
