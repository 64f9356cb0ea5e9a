// What the form's photo gallery calls (docs/product.md#photos): a chosen photo read, shrunk and stored (kept on the
// device without network) with its thumbnail made on the device and stored beside it the same way, a point's gallery
// as last saved (a change still waiting in the outbox first), and the public URL of a stored photo.
import { checkImageFile, VALIDATION_MESSAGES } from '../core/validation';
import { IMAGE_MAX_BYTES } from '../core/constants';
import { listedPath, photoPaths, type GalleryPhoto } from '../core/photos/gallery';
import { failureKind } from '../core/outbox/errors';
import { storagePathOfImageUrl } from '../core/validation';
import { fetchGallery } from '../data/pointPhotosRepository';
import { publicUrlOf } from '../data/outboxRepository';
import { makeThumbnail, shrinkPhoto } from './photoShrink';
import { uploadPointImageAware } from './offline/offlineActions';
import { outboxItemsAtom } from './offline/atoms';
import { store } from './store';
import { rememberedGallery, rememberGallery } from './galleryCache';

export const photoUrl = (path: string): string => publicUrlOf(path);

/** The URL a gallery tile shows: the thumbnail of the image shown, else that image (stored before thumbnails). */
export const thumbUrlOf = (p: Pick<GalleryPhoto, 'path' | 'drawnPath' | 'thumbPath'>): string => publicUrlOf(listedPath(p));

/** The URLs a photo occupies in storage (the photo, its drawn copy, its thumbnail). */
export const storedUrlsOf = (p: Pick<GalleryPhoto, 'path' | 'drawnPath' | 'thumbPath'>): string[] => photoPaths(p).map(publicUrlOf);

/** A chosen file checked (type, format), shrunk in a worker with its EXIF read first, then stored with its thumbnail
 * (`thumbUrl`: stored too, so removed with the photo if the form drops it). */
export async function takePhoto(file: File): Promise<{ photo: GalleryPhoto; url: string; thumbUrl: string } | { error: string }> {
  const check = checkImageFile({ type: file.type, name: file.name, size: 0 }); // the size limit applies to the shrunk copy
  if (!check.ok) return { error: check.error };
  const shrunk = await shrinkPhoto(file);
  if (shrunk.blob.size > IMAGE_MAX_BYTES) return { error: VALIDATION_MESSAGES.imageTooLarge };
  const url = await uploadPointImageAware(shrunk.blob, shrunk.ext);
  const path = storagePathOfImageUrl(url);
  if (!path) return { error: VALIDATION_MESSAGES.generatedUrlInvalid };
  const thumb = await makeThumbnail(shrunk.blob);
  const thumbUrl = await uploadPointImageAware(thumb.blob, thumb.ext);
  const thumbPath = storagePathOfImageUrl(thumbUrl);
  if (!thumbPath) return { error: VALIDATION_MESSAGES.generatedUrlInvalid };
  return {
    url,
    thumbUrl,
    photo: {
      path, caption: null, takenAt: shrunk.meta.takenAt, lat: shrunk.meta.lat, lon: shrunk.meta.lon,
      width: shrunk.width, height: shrunk.height, bytes: shrunk.blob.size, thumbPath,
    },
  };
}

/**
 * The point's gallery: the one of its last change waiting on the device, else the server's (without network, the
 * one this session last read or sent). Null when unknown: the form then shows the point's first photo only and does
 * not change the gallery.
 */
export async function loadGallery(pointId: string): Promise<GalleryPhoto[] | null> {
  const waiting = store.get(outboxItemsAtom).filter((i) => i.op.pointId === pointId).sort((a, b) => b.seq - a.seq);
  for (const i of waiting) if ((i.op.kind === 'create' || i.op.kind === 'update') && i.op.gallery) return i.op.gallery;
  try {
    const g = await fetchGallery(pointId);
    rememberGallery(pointId, g);
    return g;
  } catch (err) {
    if (failureKind(err) === 'network') return rememberedGallery(pointId);
    throw err;
  }
}
