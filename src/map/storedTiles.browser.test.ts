// The bundled line image's stored tiles (public/line-tiles, made once by scripts/makeLineTiles.mjs) in Chromium:
// regions composed from them match public/line.png drawn whole at every display scale of zooms 0.5-3
// (phone dpr 2 and desktop dpr 1): no seam at tile borders, no blur beyond one level, nothing left empty; and a region
// fetches only the tiles it covers.
import { describe, expect, it } from 'vitest';
import { TilePyramid } from '../../workers/tilePyramid';
import { levelFor, storedTilesOf, TILE_PX } from '../core/imageTiles';
import { DEFAULT_LINE_IMAGE } from '../core/constants';

function pixels(b: ImageBitmap | OffscreenCanvas): Uint8ClampedArray {
  const c = new OffscreenCanvas(b.width, b.height);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(b, 0, 0);
  return ctx.getImageData(0, 0, b.width, b.height).data;
}

describe('stored tiles of the bundled line image', () => {
  it('are recorded for the bundled image and draw it without seam or extra blur at zooms 0.5-3', async () => {
    const tiles = storedTilesOf(DEFAULT_LINE_IMAGE);
    expect(tiles).not.toBeNull();
    const fetched: string[] = [];
    const pyramid = TilePyramid.stored(tiles!, async (url) => { fetched.push(url); const r = await fetch(url); expect(r.ok, url).toBe(true); return r.blob(); });
    const whole = await createImageBitmap(await (await fetch(DEFAULT_LINE_IMAGE.url)).blob());
    // Around the station of Juvisy (x 3600) across the level-0 tile corner at (3584, 512) and the tracks (y 600).
    const [x0, y0, x1, y1] = [7 * TILE_PX - 140, TILE_PX - 100, 7 * TILE_PX + 260, TILE_PX + 180];
    for (const dpr of [1, 2]) for (const zoom of [0.5, 0.75, 1, 1.5, 2, 3]) {
      const scale = zoom * dpr * 0.5; // the map shows the 12000 px image at zoom 1 with 0.5 css px per image px or less
      const outW = Math.round((x1 - x0) * scale), outH = Math.round((y1 - y0) * scale);
      fetched.length = 0;
      const got = pixels(await pyramid.region(x0, y0, x1, y1, outW, outH));
      const level = levelFor(scale, tiles!.levels);
      // Only the tiles of the level drawn that the rect covers were fetched.
      const k = 2 ** level * TILE_PX;
      const cols = Math.floor((x1 - 1e-9) / k) - Math.floor(x0 / k) + 1, rows = Math.floor((y1 - 1e-9) / k) - Math.floor(y0 / k) + 1;
      expect(fetched.length, `zoom ${zoom} dpr ${dpr}`).toBeLessThanOrEqual(cols * rows);
      expect(fetched.every((u) => u.startsWith(`/line-tiles/${level}/`)), fetched.join()).toBe(true);
      const ref = new OffscreenCanvas(outW, outH);
      const rctx = ref.getContext('2d')!;
      rctx.imageSmoothingQuality = 'high';
      rctx.drawImage(whole, x0, y0, x1 - x0, y1 - y0, 0, 0, outW, outH);
      const want = pixels(ref);
      let transparent = 0, sumDiff = 0;
      for (let i = 0; i < got.length; i += 4) {
        if (got[i + 3] !== 255) transparent++;
        for (let c = 0; c < 3; c++) sumDiff += Math.abs(got[i + c] - want[i + c]);
      }
      expect(transparent, `zoom ${zoom} dpr ${dpr}: pixels left empty (a seam)`).toBe(0);
      // Blur beyond one level shows as a large mean difference on this image's sharp rails and sleepers.
      const meanDiff = sumDiff / (outW * outH * 3);
      expect(meanDiff, `zoom ${zoom} dpr ${dpr}: mean difference with the whole image`).toBeLessThan(12);
      // At the tile borders, no step beyond what the whole image has there.
      const bx = Math.round((7 * TILE_PX - x0) * scale), by = Math.round((TILE_PX - y0) * scale);
      const at = (a: Uint8ClampedArray, x: number, y: number, c: number) => a[(y * outW + x) * 4 + c];
      let step = 0;
      if (level === 0) {
        for (let y = 0; y < outH; y++) for (let c = 0; c < 3; c++) step = Math.max(step, Math.abs(at(got, bx, y, c) - at(got, bx - 1, y, c)) - Math.abs(at(want, bx, y, c) - at(want, bx - 1, y, c)));
        for (let x = 0; x < outW; x++) for (let c = 0; c < 3; c++) step = Math.max(step, Math.abs(at(got, x, by, c) - at(got, x, by - 1, c)) - Math.abs(at(want, x, by, c) - at(want, x, by - 1, c)));
      }
      expect(step, `zoom ${zoom} dpr ${dpr}: step at a tile border`).toBeLessThanOrEqual(40);
    }
    whole.close();
  });
});
