// Image scaling worker: returns pre-scaled regions of the line image as transferred ImageBitmaps, composed from its
// tile pyramid (workers/tilePyramid.ts), so the main thread never decodes or resamples the big image. Tiles stored
// beside the image (lines.image.tiles, made once at upload or build) are fetched only where a region needs them; an
// image stored without tiles (older installations) is decoded once here, cut into tiles, then released.
import * as Comlink from 'comlink';
import { TilePyramid } from './tilePyramid';
import type { StoredTiles } from '../src/core/imageTiles';

interface Source { full: ImageBitmap | null; pyramid: TilePyramid | null; tiled: Promise<TilePyramid | null> }

let sourceKey = '';
let loading: Promise<Source> | null = null;

function load(url: string, tiles: StoredTiles | null): Promise<Source> {
  const key = `${url}|${tiles?.base ?? ''}`;
  if (loading && sourceKey === key) return loading;
  sourceKey = key;
  if (tiles) {
    const pyramid = TilePyramid.stored(tiles);
    loading = Promise.resolve({ full: null, pyramid, tiled: Promise.resolve(pyramid) });
    return loading;
  }
  loading = fetch(url).then((r) => r.blob()).then((b) => createImageBitmap(b)).then((full) => {
    const s: Source = { full, pyramid: null, tiled: Promise.resolve(null) };
    // Regions are drawn from the decoded image until the pyramid is made, then from tiles only.
    s.tiled = TilePyramid.fromImage(full).then((p) => { s.pyramid = p; s.full?.close(); s.full = null; return p; })
      .catch((e) => { console.warn('line image not tiled: drawn from the whole image', e); return null; });
    return s;
  });
  return loading;
}

export const imageScalerApi = {
  /** The image-px rect (x0, y0)-(x1, y1) of an image displayed at `width`×`height`, scaled to outW×outH device px. */
  async region(url: string, tiles: StoredTiles | null, width: number, height: number, x0: number, y0: number, x1: number, y1: number, outW: number, outH: number): Promise<ImageBitmap> {
    const src = await load(url, tiles);
    let bitmap: ImageBitmap;
    if (src.pyramid) {
      const { width: nw, height: nh } = src.pyramid;
      const kx = nw / width, ky = nh / height;
      bitmap = await src.pyramid.region(x0 * kx, y0 * ky, x1 * kx, y1 * ky, outW, outH);
    } else {
      const full = src.full!;
      const kx = full.width / width, ky = full.height / height;
      const canvas = new OffscreenCanvas(outW, outH);
      const ctx = canvas.getContext('2d')!;
      ctx.imageSmoothingQuality = 'medium';
      ctx.drawImage(full, x0 * kx, y0 * ky, (x1 - x0) * kx, (y1 - y0) * ky, 0, 0, outW, outH);
      bitmap = canvas.transferToImageBitmap();
    }
    return Comlink.transfer(bitmap, [bitmap]);
  },
};
export type ImageScalerApi = typeof imageScalerApi;

Comlink.expose(imageScalerApi);
