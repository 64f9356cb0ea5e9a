// The line image's tile pyramid inside the image worker (issue 19, src/core/imageTiles): made once from the decoded
// image (each tile encoded as PNG, after which the decoded image — 72 MB for 12000×1500 — is released), a small LRU of
// decoded tiles, and regions composed from the tiles of one level with integer-snapped edges (no seam).
import { levelCount, levelFor, levelSize, tileKey, tileRect, tilesInRect, type TileSpec } from '../src/core/imageTiles';

const DECODED_TILES = 16; // decoded tiles kept (about 1 MB each)

export class TilePyramid {
  readonly levels: number;
  private decoded = new Map<string, Promise<ImageBitmap>>();

  private constructor(readonly width: number, readonly height: number, private encoded: Map<string, Blob>) {
    this.levels = levelCount(width, height);
  }

  /** Cuts and encodes every level from the decoded image (which the caller may close afterwards). */
  static async fromImage(src: ImageBitmap, yieldEvery = 8): Promise<TilePyramid> {
    const { width, height } = src;
    const encoded = new Map<string, Blob>();
    const levels = levelCount(width, height);
    let n = 0;
    const canvas = new OffscreenCanvas(1, 1); // one canvas for every tile (no bitmap left per tile for the GC)
    const ctx = canvas.getContext('2d')!;
    for (let level = 0; level < levels; level++) {
      const k = 2 ** level;
      const size = levelSize(width, height, level);
      for (const t of tilesInRect(width, height, level, 0, 0, size.width * k, size.height * k)) {
        const r = tileRect(width, height, t);
        if (canvas.width !== r.gw || canvas.height !== r.gh) { canvas.width = r.gw; canvas.height = r.gh; } else ctx.clearRect(0, 0, r.gw, r.gh);
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(src, r.gx * k, r.gy * k, Math.min(r.gw * k, width - r.gx * k), Math.min(r.gh * k, height - r.gy * k), 0, 0, r.gw, r.gh);
        encoded.set(tileKey(t), await canvas.convertToBlob({ type: 'image/png' }));
        if (++n % yieldEvery === 0) await new Promise((r) => setTimeout(r, 0)); // let region requests through
      }
    }
    return new TilePyramid(width, height, encoded);
  }

  /** Bytes of the encoded tiles. */
  get encodedBytes(): number {
    let n = 0;
    for (const b of this.encoded.values()) n += b.size;
    return n;
  }

  /** Natural-px rect (x0, y0)-(x1, y1) scaled to outW×outH, from the tiles of the level for that scale. */
  async region(x0: number, y0: number, x1: number, y1: number, outW: number, outH: number): Promise<ImageBitmap> {
    const sx = outW / (x1 - x0);
    const sy = outH / (y1 - y0);
    const level = levelFor(Math.max(sx, sy), this.levels);
    const k = 2 ** level;
    const tiles = tilesInRect(this.width, this.height, level, x0, y0, x1, y1);
    // A tile evicted (closed) by a concurrent request meanwhile is decoded again for this one.
    const bitmaps = await Promise.all(tiles.map(async (t) => {
      const b = await this.tile(t);
      return b.width > 0 ? b : createImageBitmap(this.encoded.get(tileKey(t))!);
    }));
    const canvas = new OffscreenCanvas(outW, outH);
    const ctx = canvas.getContext('2d')!;
    ctx.imageSmoothingQuality = 'medium';
    tiles.forEach((t, i) => {
      const r = tileRect(this.width, this.height, t);
      // Edges snapped to whole output px, so neighbouring tiles meet exactly (no blended seam).
      const dx0 = Math.round((r.x * k - x0) * sx);
      const dy0 = Math.round((r.y * k - y0) * sy);
      const dx1 = Math.round((Math.min(this.width, (r.x + r.w) * k) - x0) * sx);
      const dy1 = Math.round((Math.min(this.height, (r.y + r.h) * k) - y0) * sy);
      if (dx1 > dx0 && dy1 > dy0) ctx.drawImage(bitmaps[i], r.x - r.gx, r.y - r.gy, r.w, r.h, dx0, dy0, dx1 - dx0, dy1 - dy0);
    });
    return canvas.transferToImageBitmap();
  }

  /** A decoded tile, through the LRU (least recently used closed). */
  private tile(t: TileSpec): Promise<ImageBitmap> {
    const key = tileKey(t);
    let p = this.decoded.get(key);
    if (p) this.decoded.delete(key);
    else p = createImageBitmap(this.encoded.get(key)!);
    this.decoded.set(key, p);
    while (this.decoded.size > DECODED_TILES) {
      const [oldKey, old] = this.decoded.entries().next().value!;
      this.decoded.delete(oldKey);
      void old.then((b) => b.close());
    }
    return p;
  }
}
