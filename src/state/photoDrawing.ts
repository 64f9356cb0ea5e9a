// A drawing on a photo saved (docs/product.md#photo-drawing): the image shown and the shapes flattened at the photo's
// full resolution into a new JPEG (the original is never changed), a thumbnail of it, both stored like the gallery's
// photos (uploaded at once, or kept on the device and uploaded once by the outbox with the point's gallery).
import { IMAGE_MAX_BYTES, PHOTO_QUALITY } from '../core/constants';
import { fontSizeFor, shapePrimitives, strokeWidthFor, type Shape } from '../core/photos/drawing';
import { paintPrimitives } from '../core/photos/paint';
import { storagePathOfImageUrl, VALIDATION_MESSAGES } from '../core/validation';
import { makeThumbnail } from './photoShrink';
import { uploadPointImageAware } from './offline/offlineActions';
import { previewSrc } from './offline/photos';
import { fail, ok, type Result } from '../core/result';
import { DRAW_FAILURE } from './strings';

export interface StoredFile { path: string; url: string }

/** The stored photo at `url` at full resolution (its local copy while it waits on the device); `error` when unreadable. */
export async function loadPhotoBitmap(url: string): Promise<Result<ImageBitmap>> {
  try {
    const res = await fetch(previewSrc(url));
    if (!res.ok) throw new Error(`Photo illisible (${res.status})`);
    return ok(await createImageBitmap(await res.blob()));
  } catch (err) {
    console.error(DRAW_FAILURE.loadError, err);
    return fail('error', DRAW_FAILURE.loadError);
  }
}

/** The photo and its shapes as one JPEG of the photo's size. */
export async function flattenDrawing(photo: ImageBitmap, shapes: readonly Shape[]): Promise<Blob> {
  const { width, height } = photo;
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas indisponible');
  ctx.drawImage(photo, 0, 0, width, height);
  const stroke = strokeWidthFor(width, height);
  paintPrimitives(ctx, shapes.flatMap((s) => shapePrimitives(s, stroke, fontSizeFor(width, height))));
  for (const quality of [PHOTO_QUALITY, 0.7, 0.5]) {
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    if (blob.size <= IMAGE_MAX_BYTES) return blob;
  }
  throw new Error(VALIDATION_MESSAGES.imageTooLarge);
}

async function store(blob: Blob, ext: string): Promise<StoredFile> {
  const url = await uploadPointImageAware(blob, ext);
  const path = storagePathOfImageUrl(url);
  if (!path) throw new Error(VALIDATION_MESSAGES.generatedUrlInvalid);
  return { path, url };
}

/** Stores a thumbnail of an image (the drawn copy, or the original when its drawing is removed). */
export async function storeThumbnail(image: Blob): Promise<StoredFile> {
  const thumb = await makeThumbnail(image);
  return store(thumb.blob, thumb.ext);
}

/** Flattens and stores the drawn copy and its thumbnail; `error` when either could not be made or stored. */
export async function storeDrawing(photo: ImageBitmap, shapes: readonly Shape[]): Promise<Result<{ drawn: StoredFile; thumb: StoredFile }>> {
  try {
    const blob = await flattenDrawing(photo, shapes);
    const drawn = await store(blob, 'jpg');
    return ok({ drawn, thumb: await storeThumbnail(blob) });
  } catch (err) {
    console.error(DRAW_FAILURE.saveError, err);
    return fail('error', DRAW_FAILURE.saveError);
  }
}

/** A thumbnail of the stored photo at `url` (the original, once its drawing is removed); null when it could not be made (the gallery shows the photo itself). */
export async function storeThumbnailOfPhoto(url: string): Promise<StoredFile | null> {
  try {
    const res = await fetch(previewSrc(url));
    if (!res.ok) throw new Error(`Photo illisible (${res.status})`);
    return await storeThumbnail(await res.blob());
  } catch (err) {
    console.warn('Miniature de la photo d’origine non créée', err);
    return null;
  }
}
