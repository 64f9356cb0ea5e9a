// Shrinks a chosen photo in a worker (workers/photoShrink.worker.ts; on the main thread if no worker can start),
// one worker kept while photos come in a row, ended once idle.
import { onDemandWorker } from '../platform/workerHost';
import { IMAGE_MAX_BYTES, PHOTO_MAX_SIDE_PX, PHOTO_QUALITY, PHOTO_THUMB_QUALITY, PHOTO_THUMB_SIDE_PX } from '../core/constants';
import type { PhotoShrinkApi, ShrunkPhoto } from '../../workers/photoShrinkApi';

export type { ShrunkPhoto };

const shrinker = onDemandWorker<PhotoShrinkApi>({
  create: () => new Worker(new URL('../../workers/photoShrink.worker.ts', import.meta.url), { type: 'module', name: 'photo-shrink' }),
  fallback: async () => (await import('../../workers/photoShrinkApi')).photoShrinkApi,
  onFallback: (reason) => console.warn('Réduction des photos sur la page principale', reason),
}, 30_000);

/** The photo upright, its longest side at most PHOTO_MAX_SIDE_PX, with what its EXIF said. */
export const shrinkPhoto = (file: Blob): Promise<ShrunkPhoto> =>
  shrinker.api.shrink(file, { maxSide: PHOTO_MAX_SIDE_PX, quality: PHOTO_QUALITY, maxBytes: IMAGE_MAX_BYTES });

/** A thumbnail of a photo (or of its drawn copy): a JPEG whatever the source (PNG, GIF, WEBP), longest side
 * PHOTO_THUMB_SIDE_PX, stored beside it. */
export const makeThumbnail = (file: Blob): Promise<ShrunkPhoto> =>
  shrinker.api.shrink(file, { maxSide: PHOTO_THUMB_SIDE_PX, quality: PHOTO_THUMB_QUALITY, maxBytes: IMAGE_MAX_BYTES, jpeg: true });
