// Cuts a decoded image into its tile pyramid (src/core/imageTiles): each tile with its gutter, scaled from the image
// with high-quality smoothing and encoded as PNG, one at a time on one reused canvas. Used once per image: at upload
// (workers/lineImageTiles.worker.ts), for the bundled image (scripts/makeLineTiles.mjs), and in the viewer only for
// an image stored without tiles.
import { allTiles, tileRect, type TileSpec } from '../src/core/imageTiles';

/** Yields every tile of `src` as PNG, yielding to the event loop every `yieldEvery` tiles. */
export async function* cutTiles(src: ImageBitmap, yieldEvery = 8): AsyncGenerator<{ tile: TileSpec; blob: Blob }> {
  const { width, height } = src;
  const canvas = new OffscreenCanvas(1, 1); // one canvas for every tile (no bitmap left per tile for the GC)
  const ctx = canvas.getContext('2d')!;
  let n = 0;
  for (const t of allTiles(width, height)) {
    const k = 2 ** t.level;
    const r = tileRect(width, height, t);
    if (canvas.width !== r.gw || canvas.height !== r.gh) { canvas.width = r.gw; canvas.height = r.gh; } else ctx.clearRect(0, 0, r.gw, r.gh);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(src, r.gx * k, r.gy * k, Math.min(r.gw * k, width - r.gx * k), Math.min(r.gh * k, height - r.gy * k), 0, 0, r.gw, r.gh);
    yield { tile: t, blob: await canvas.convertToBlob({ type: 'image/png' }) };
    if (++n % yieldEvery === 0) await new Promise((r) => setTimeout(r, 0)); // let region requests through
  }
}
