// A photo shrunk on the device before it is stored (docs/product.md#photos): its EXIF read first (capture time,
// GNSS, orientation: the re-encoded copy has none), turned upright, its longest side brought to `maxSide` and
// re-encoded (JPEG, or WEBP for a WEBP). A GIF, and a photo already upright, within `maxSide` and `maxBytes`, are
// kept as they are, except with `jpeg` (a thumbnail): always re-encoded as JPEG. Runs in workers/photoShrink.worker.ts.
import { readPhotoMeta, type PhotoMeta } from '../src/core/photos/exif';
import { fitWithin, shrunkType } from '../src/core/photos/fit';

export interface ShrunkPhoto {
  blob: Blob;
  ext: 'jpg' | 'png' | 'webp' | 'gif';
  width: number;
  height: number;
  meta: PhotoMeta;
}

const keptExt = (type: string): ShrunkPhoto['ext'] =>
  (type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : type === 'image/gif' ? 'gif' : 'jpg');

export const photoShrinkApi = {
  async shrink(file: Blob, opts: { maxSide: number; quality: number; maxBytes: number; jpeg?: boolean }): Promise<ShrunkPhoto> {
    const meta = await readPhotoMeta(new Uint8Array(await file.arrayBuffer()));
    const out = opts.jpeg ? shrunkType('image/jpeg') : shrunkType(file.type);
    // 'from-image': the EXIF orientation is applied while decoding, so the copy is upright.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    try {
      const size = fitWithin(bitmap.width, bitmap.height, opts.maxSide);
      const fits = size.width === bitmap.width && size.height === bitmap.height && meta.orientation === 1 && file.size <= opts.maxBytes;
      if (out.type === 'image/gif' || (fits && !opts.jpeg)) return { blob: file, ext: keptExt(file.type), width: bitmap.width, height: bitmap.height, meta };
      const canvas = new OffscreenCanvas(size.width, size.height);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('2d context unavailable');
      if (out.type === 'image/jpeg') { ctx.fillStyle = '#ffffff'; ctx.fillRect(0, 0, size.width, size.height); } // no transparency in JPEG
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, size.width, size.height);
      const blob = await canvas.convertToBlob({ type: out.type, quality: opts.quality });
      return { blob, ext: out.ext, width: size.width, height: size.height, meta };
    } finally {
      bitmap.close();
    }
  },
};
export type PhotoShrinkApi = typeof photoShrinkApi;
