// The line image's tile pyramid inside the image worker (src/core/imageTiles): tiles either stored once
// beside the image (fetched one by one, only those a region needs: the whole image is never fetched nor decoded) or,
// for an image stored without tiles, cut here from the decoded image (workers/tileCutter.ts), which is then released;
// a small LRU of decoded tiles while regions are asked for (closed once none has been for REST_MS: a map at rest keeps
// its composed region, not the tiles it was made from), and regions composed from the tiles of one level with
// integer-snapped edges (no seam).
import { levelCount, levelFor, tileKey, tilePath, tileRect, tilesInRect, type StoredTiles, type TileSpec } from '../src/core/imageTiles';
import { cutTiles } from './tileCutter';

const DECODED_TILES = 16; // decoded tiles kept (about 1 MB each)
export const REST_MS = 2000; // no region asked for this long: the decoded tiles are closed (fetched ones stay)
const FETCHED_BYTES = 8 * 1024 * 1024; // stored tiles kept as fetched (compressed; the bundled image's 108: 2.1 MB)

export class TilePyramid {
  readonly levels: number;
  private decoded = new Map<string, Promise<ImageBitmap>>();
  /** Tiles a region is drawing from (count per tile): evicted meanwhile, they are closed only once it is done. */
  private pinned = new Map<Promise<ImageBitmap>, number>();
  private evictedWhilePinned = new Set<Promise<ImageBitmap>>();
  private composing = 0;
  private restTimer: ReturnType<typeof setTimeout> | undefined;

  private constructor(readonly width: number, readonly height: number, private source: (t: TileSpec) => Promise<Blob>, private encoded?: Map<string, Blob>) {
    this.levels = levelCount(width, height);
  }

  /** Cuts and encodes every level from the decoded image (which the caller may close afterwards). */
  static async fromImage(src: ImageBitmap, yieldEvery = 8): Promise<TilePyramid> {
    const encoded = new Map<string, Blob>();
    for await (const { tile, blob } of cutTiles(src, yieldEvery)) encoded.set(tileKey(tile), blob);
    return new TilePyramid(src.width, src.height, async (t) => encoded.get(tileKey(t))!, encoded);
  }

  /** The tiles stored under `tiles.base`, fetched when a region needs them (`load`: how a tile is fetched). */
  static stored(tiles: StoredTiles, load: (url: string) => Promise<Blob> = fetchBlob): TilePyramid {
    // The fetched (compressed) tiles are kept, up to FETCHED_BYTES: a tile evicted from the small decoded LRU, or a
    // line shown again (its image worker parked), is decoded again but never fetched again.
    const fetched = new Map<string, Promise<Blob>>();
    const sizes = new Map<string, number>();
    let bytes = 0;
    return new TilePyramid(tiles.width, tiles.height, (t) => {
      const url = `${tiles.base}/${tilePath(t, tiles.format)}`;
      const hit = fetched.get(url);
      if (hit) return hit;
      const p = load(url);
      fetched.set(url, p);
      p.then((blob) => {
        if (fetched.get(url) !== p) return;
        sizes.set(url, blob.size);
        bytes += blob.size;
        for (const [k, n] of sizes) {
          if (bytes <= FETCHED_BYTES) break;
          sizes.delete(k); fetched.delete(k); bytes -= n;
        }
      }, () => { if (fetched.get(url) === p) fetched.delete(url); }); // fetched again next time
      return p;
    });
  }

  /** Bytes of the encoded tiles. */
  get encodedBytes(): number {
    let n = 0;
    for (const b of this.encoded?.values() ?? []) n += b.size;
    return n;
  }

  /** Natural-px rect (x0, y0)-(x1, y1) scaled to outW×outH, from the tiles of the level for that scale. */
  async region(x0: number, y0: number, x1: number, y1: number, outW: number, outH: number): Promise<ImageBitmap> {
    const sx = outW / (x1 - x0);
    const sy = outH / (y1 - y0);
    const level = levelFor(Math.max(sx, sy), this.levels);
    const tiles = tilesInRect(this.width, this.height, level, x0, y0, x1, y1);
    // The tiles stay pinned until drawn: a region wider than the LRU (or a concurrent one) evicting them must not close
    // them under this one (drawImage of a closed bitmap throws 'The image source is detached').
    clearTimeout(this.restTimer);
    this.composing++;
    const held = tiles.map((t) => this.pin(this.tile(t)));
    try {
      const bitmaps = await Promise.all(held);
      return this.compose(tiles, bitmaps, level, x0, y0, sx, sy, outW, outH);
    } finally {
      held.forEach((p) => this.unpin(p));
      if (--this.composing === 0) this.restTimer = setTimeout(() => this.closeDecoded(), REST_MS);
    }
  }

  /** Decoded tiles held (the LRU's). */
  get decodedTiles(): number { return this.decoded.size; }

  /** Closes every decoded tile (none is pinned: no region is being composed). */
  private closeDecoded(): void {
    for (const p of this.decoded.values()) void p.then((b) => b.close(), () => undefined);
    this.decoded.clear();
  }

  private compose(tiles: TileSpec[], bitmaps: ImageBitmap[], level: number, x0: number, y0: number, sx: number, sy: number, outW: number, outH: number): ImageBitmap {
    const k = 2 ** level;
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
    else {
      p = this.decode(t);
      p.catch(() => { if (this.decoded.get(key) === p) this.decoded.delete(key); }); // fetched again next time
    }
    this.decoded.set(key, p);
    while (this.decoded.size > DECODED_TILES) {
      const [oldKey, old] = this.decoded.entries().next().value!;
      this.decoded.delete(oldKey);
      if (this.pinned.has(old)) this.evictedWhilePinned.add(old);
      else void old.then((b) => b.close(), () => undefined);
    }
    return p;
  }

  private pin(p: Promise<ImageBitmap>): Promise<ImageBitmap> {
    this.pinned.set(p, (this.pinned.get(p) ?? 0) + 1);
    return p;
  }

  private unpin(p: Promise<ImageBitmap>): void {
    const n = (this.pinned.get(p) ?? 1) - 1;
    if (n > 0) { this.pinned.set(p, n); return; }
    this.pinned.delete(p);
    if (this.evictedWhilePinned.delete(p)) void p.then((b) => b.close(), () => undefined);
  }

  private decode(t: TileSpec): Promise<ImageBitmap> {
    return this.source(t).then((b) => createImageBitmap(b));
  }
}

async function fetchBlob(url: string): Promise<Blob> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`tile ${url}: HTTP ${r.status}`);
  return r.blob();
}
