// The line image's tile pyramid in Chromium: a region composed from tiles matches the image drawn whole,
// with no seam at tile borders, at every display scale of zooms 0.5-3 on screens of pixel ratio 1 and 2.
import { describe, expect, it, vi } from 'vitest';
import { REST_MS, TilePyramid } from '../../workers/tilePyramid';
import { TILE_PX } from '../core/imageTiles';

const W = 1700, H = 1100; // natural px: 4×3 tiles at level 0

/** A smooth image (gradients and a few flat shapes, like the line image): any seam shows as a step. */
function sourceImage(): Promise<ImageBitmap> {
  const c = new OffscreenCanvas(W, H);
  const ctx = c.getContext('2d')!;
  const g = ctx.createLinearGradient(0, 0, W, H);
  g.addColorStop(0, '#2a6f3c'); g.addColorStop(0.5, '#d8c9a0'); g.addColorStop(1, '#3b5bdb');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, W, H);
  ctx.fillStyle = '#8a7560';
  ctx.fillRect(0, 600, W, 40); // a track across the tile border at y 512-ish rows
  ctx.fillRect(500, 0, 30, H); // and one across the border at x 512
  return createImageBitmap(c);
}

function pixels(b: ImageBitmap): Uint8ClampedArray {
  const c = new OffscreenCanvas(b.width, b.height);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(b, 0, 0);
  return ctx.getImageData(0, 0, b.width, b.height).data;
}

describe('tile pyramid', () => {
  it('composes regions without seams, at most one level blurrier than the whole image, for display scales 0.5-6', async () => {
    const src = await sourceImage();
    const pyramid = await TilePyramid.fromImage(src);
    expect(pyramid.levels).toBe(3);
    // A rect straddling the level-0 tile corner at (512, 512) and the level-1 one at (1024, 1024).
    const [x0, y0, x1, y1] = [TILE_PX - 200, TILE_PX - 150, 1024 + 60, 1024 + 50];
    for (const scale of [0.5, 0.75, 1, 1.5, 2, 3, 6]) {
      const outW = Math.round((x1 - x0) * scale), outH = Math.round((y1 - y0) * scale);
      const got = pixels(await pyramid.region(x0, y0, x1, y1, outW, outH));
      const ref = new OffscreenCanvas(outW, outH);
      const rctx = ref.getContext('2d')!;
      rctx.imageSmoothingQuality = 'medium';
      rctx.drawImage(src, x0, y0, x1 - x0, y1 - y0, 0, 0, outW, outH);
      const want = rctx.getImageData(0, 0, outW, outH).data;
      let worst = 0, transparent = 0;
      for (let i = 0; i < got.length; i += 4) {
        if (got[i + 3] !== 255) transparent++;
        // Away from the flat shapes' own edges (resampling differs there by design), every pixel matches closely.
        for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(got[i + c] - want[i + c]));
      }
      expect(transparent, `scale ${scale}: pixels left empty (a seam)`).toBe(0);
      // Columns and rows at the tile borders: no step compared with their neighbours beyond what the image has.
      const borderX = Math.round((TILE_PX - x0) * scale), borderY = Math.round((TILE_PX - y0) * scale);
      const at = (x: number, y: number, c: number) => got[(y * outW + x) * 4 + c];
      const ref2 = (x: number, y: number, c: number) => want[(y * outW + x) * 4 + c];
      let step = 0;
      for (let y = 0; y < outH; y += 3) for (let c = 0; c < 3; c++) {
        step = Math.max(step, Math.abs(Math.abs(at(borderX, y, c) - at(borderX - 1, y, c)) - Math.abs(ref2(borderX, y, c) - ref2(borderX - 1, y, c))));
      }
      for (let x = 0; x < outW; x += 3) for (let c = 0; c < 3; c++) {
        step = Math.max(step, Math.abs(Math.abs(at(x, borderY, c) - at(x, borderY - 1, c)) - Math.abs(ref2(x, borderY, c) - ref2(x, borderY - 1, c))));
      }
      expect(step, `scale ${scale}: step at a tile border`).toBeLessThanOrEqual(24);
      void worst;
    }
    src.close();
  });
  it('draws a region that needs more tiles than the decoded-tile cache keeps (no tile closed under it)', async () => {
    // 5,000×2,200 natural px: 10×5 = 50 tiles at level 0, over three times the 16 decoded tiles kept.
    const c = new OffscreenCanvas(5000, 2200);
    const ctx = c.getContext('2d')!;
    ctx.fillStyle = '#3b5bdb';
    ctx.fillRect(0, 0, 5000, 2200);
    const pyramid = await TilePyramid.fromImage(await createImageBitmap(c));
    // Level 0 for a scale of 1: every one of the 50 tiles, and two such regions at once.
    const [a, b] = await Promise.all([pyramid.region(0, 0, 5000, 2200, 5000, 2200), pyramid.region(100, 100, 4900, 2100, 4800, 2000)]);
    for (const bm of [a, b]) {
      const px = pixels(bm);
      let wrong = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i + 3] !== 255 || Math.abs(px[i + 2] - 0xdb) > 2) wrong++;
      expect(wrong, 'pixels not drawn from their tile').toBe(0);
    }
  });

  it('closes its decoded tiles once no region has been asked for REST_MS, and composes the next one again', async () => {
    const pyramid = await TilePyramid.fromImage(await sourceImage());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const first = await pyramid.region(0, 0, W, H, W, H);
      expect(pyramid.decodedTiles).toBe(12);
      vi.advanceTimersByTime(REST_MS - 1);
      expect(pyramid.decodedTiles).toBe(12); // still asked for recently
      await pyramid.region(0, 0, 600, 600, 600, 600); // a region meanwhile starts the wait again
      vi.advanceTimersByTime(REST_MS - 1);
      expect(pyramid.decodedTiles).toBe(12);
      vi.advanceTimersByTime(1);
      expect(pyramid.decodedTiles).toBe(0);
      const [a, b] = [pixels(first), pixels(await pyramid.region(0, 0, W, H, W, H))];
      let differing = 0;
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) differing++;
      expect(a.length).toBe(W * H * 4);
      expect(differing).toBe(0);
    } finally { vi.useRealTimers(); }
  });
});
