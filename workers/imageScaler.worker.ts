// Image scaling worker: decodes the line image once (fetch + createImageBitmap, off the main thread) and returns
// pre-scaled regions as transferred ImageBitmaps, so the main thread never decodes or resamples the big image.
import * as Comlink from 'comlink';

let source: ImageBitmap | null = null;
let sourceUrl = '';
let loading: Promise<ImageBitmap> | null = null;

async function load(url: string): Promise<ImageBitmap> {
  if (source && sourceUrl === url) return source;
  if (!loading || sourceUrl !== url) {
    sourceUrl = url;
    loading = fetch(url).then((r) => r.blob()).then((b) => createImageBitmap(b));
  }
  source = await loading;
  return source;
}

export const imageScalerApi = {
  /** The image-px rect (x0, y0)-(x1, y1) of an image displayed at `width`×`height`, scaled to outW×outH device px. */
  async region(url: string, width: number, height: number, x0: number, y0: number, x1: number, y1: number, outW: number, outH: number): Promise<ImageBitmap> {
    const src = await load(url);
    const kx = src.width / width;
    const ky = src.height / height;
    const canvas = new OffscreenCanvas(outW, outH);
    const ctx = canvas.getContext('2d')!;
    ctx.imageSmoothingQuality = 'medium';
    ctx.drawImage(src, x0 * kx, y0 * ky, (x1 - x0) * kx, (y1 - y0) * ky, 0, 0, outW, outH);
    const bitmap = canvas.transferToImageBitmap();
    return Comlink.transfer(bitmap, [bitmap]);
  },
};
export type ImageScalerApi = typeof imageScalerApi;

Comlink.expose(imageScalerApi);
