// The line image for the image layer, never resampled whole on the main thread: a worker (tiles of a pyramid, stored
// beside the image when lines.image.tiles says so, see workers/imageScaler.worker.ts) returns a low-resolution overview once and, for each settled zoom, the region around
// the view pre-scaled to it; the layer draws it with a 1:1 blit. One region is asked at a time: views wanted while it
// is composed are coalesced into the latest (a pan asks at most one more), so the worker never composes regions that
// would be dropped, on a CPU the gesture's frames share.
import type * as Comlink from 'comlink';
import type { Size, Viewport } from './viewportMath';
import type { ImageScalerApi } from '../../workers/imageScaler.worker';
import type { StoredTiles } from '../core/imageTiles';
import { hostWorker, type HostedWorker } from '../platform/workerHost';

const MARGIN = 0.4; // fraction of the view cached beyond each edge
const AHEAD = 0.25; // rebuild while panning once the view is this close (fraction of the view) to the cache edge
const MAX_CACHE_PX = 12_000_000; // device px (~48 MB); beyond, only the overview is drawn
const OVERVIEW_MAX_WIDTH = 2048; // px, overview bitmap width (drawn only until the region for the view lands)

interface Region { bitmap: ImageBitmap; scale: number; pixelRatio: number; x0: number; y0: number; x1: number; y1: number } // x/y: image px
interface Ask { key: string; scale: number; pixelRatio: number; x0: number; y0: number; x1: number; y1: number; outW: number; outH: number }
/** What the image worker is asked (tests give their own). */
export type RegionSource = Pick<ImageScalerApi, 'region'>;

export class ImageCache {
  private cache: Region | null = null;
  private margin = MARGIN; // shrunk for big views (high pixel ratio) to stay under MAX_CACHE_PX
  private overview: Region | null = null;
  /** The region being composed by the worker, and the latest one wanted meanwhile (asked once that one lands). */
  private inFlight: Ask | null = null;
  private next: Ask | null = null;
  /** The zoom of the view last asked for: a region landing for another one is dropped. */
  private wantedZoom = { scale: 0, pixelRatio: 0 };
  private host: HostedWorker<ImageScalerApi> | null = null;
  private api: RegionSource | Comlink.Remote<ImageScalerApi>;
  private disposed = false;
  private parked = false;

  constructor(private url: string, private tiles: StoredTiles | null, private image: Size, private onReady: () => void, source?: RegionSource) {
    this.api = source ?? this.startWorker();
    const ow = Math.min(OVERVIEW_MAX_WIDTH, image.width);
    const oh = Math.max(1, Math.round((image.height * ow) / image.width));
    void this.api.region(url, tiles, image.width, image.height, 0, 0, image.width, image.height, ow, oh).then((bitmap) => {
      if (this.disposed) { bitmap.close(); return; }
      this.overview = { bitmap, scale: ow / image.width, pixelRatio: 1, x0: 0, y0: 0, x1: image.width, y1: image.height };
      this.onReady();
    }).catch((e) => console.error('line image failed to load', e));
  }

  private startWorker(): Comlink.Remote<ImageScalerApi> {
    this.host = hostWorker<ImageScalerApi>({
      create: () => new Worker(new URL('../../workers/imageScaler.worker.ts', import.meta.url), { type: 'module' }),
      // Decoding the whole line image on the main thread is what this cache avoids: without the worker, the ruler
      // and points are drawn over a plain background.
      fallback: () => ({ region: () => Promise.reject(new Error('no image worker: line image not drawn')) }),
      onFallback: (reason) => console.warn('image worker unavailable', reason),
    });
    return this.host.api;
  }

  get ready(): boolean {
    return this.overview !== null || this.cache !== null;
  }

  /** Draws the image for viewport `v`. `ctx` has an identity transform (device px). */
  draw(ctx: CanvasRenderingContext2D, v: Viewport, view: Size, pixelRatio: number): void {
    const c = this.cache;
    const s = v.scale;
    if (c && c.scale === s && this.covers(c, v, view, 0)) {
      ctx.imageSmoothingEnabled = false;
      const x = Math.round((c.x0 * s + v.x) * pixelRatio);
      const y = Math.round((c.y0 * s + v.y) * pixelRatio);
      if (c.pixelRatio === pixelRatio) ctx.drawImage(c.bitmap, x, y); // 1:1 blit
      else ctx.drawImage(c.bitmap, x, y, (c.bitmap.width * pixelRatio) / c.pixelRatio, (c.bitmap.height * pixelRatio) / c.pixelRatio);
      return;
    }
    // Not yet (or never) pre-scaled for this zoom: the overview (unless the rescaled cache covers the view), then the cache.
    ctx.imageSmoothingEnabled = true;
    const cacheCovers = c !== null && this.covers(c, v, view, 0);
    for (const r of [cacheCovers ? null : this.overview, c]) {
      if (!r) continue;
      const k = s * pixelRatio;
      ctx.drawImage(r.bitmap, (r.x0 * s + v.x) * pixelRatio, (r.y0 * s + v.y) * pixelRatio, (r.x1 - r.x0) * k, (r.y1 - r.y0) * k);
    }
  }

  /** Whether the drawn region does not fit viewport `v` 1:1 while one for its zoom is on its way (worth waiting for). */
  awaiting(v: Viewport, view: Size, pixelRatio: number): boolean {
    const c = this.cache;
    if (c && c.scale === v.scale && c.pixelRatio === pixelRatio && this.covers(c, v, view, 0)) return false;
    const wanted = this.next ?? this.inFlight;
    return wanted !== null && wanted.scale === v.scale && wanted.pixelRatio === pixelRatio;
  }

  /** While panning at the cached zoom: rebuild ahead of time when the view nears the cache's edge. */
  panning(v: Viewport, view: Size, pixelRatio: number): void {
    const c = this.cache;
    if (c && c.scale === v.scale && !this.covers(c, v, view, this.ahead())) this.refresh(v, view, pixelRatio);
  }

  /** Asks the worker for the region around a settled viewport; the old cache stays until the new one lands. */
  refresh(v: Viewport, view: Size, pixelRatio: number): void {
    const c = this.cache;
    if (view.width === 0) return;
    this.parked = false;
    this.wantedZoom = { scale: v.scale, pixelRatio };
    const viewDevicePx = view.width * view.height * pixelRatio * pixelRatio;
    this.margin = Math.max(0.1, Math.min(MARGIN, (Math.sqrt(MAX_CACHE_PX / viewDevicePx) - 1) / 2 - 0.01));
    if (c && c.scale === v.scale && c.pixelRatio === pixelRatio && this.covers(c, v, view, this.ahead())) { this.next = null; return; }
    const s = v.scale;
    const w = view.width / s;
    const h = view.height / s;
    const m = this.margin;
    const x0 = Math.max(0, Math.floor(-v.x / s - w * m));
    const y0 = Math.max(0, Math.floor(-v.y / s - h * m));
    const x1 = Math.min(this.image.width, Math.ceil(-v.x / s + w * (1 + m)));
    const y1 = Math.min(this.image.height, Math.ceil(-v.y / s + h * (1 + m)));
    const outW = Math.round((x1 - x0) * s * pixelRatio);
    const outH = Math.round((y1 - y0) * s * pixelRatio);
    if (outW <= 0 || outH <= 0 || outW * outH > MAX_CACHE_PX) return;
    const ask: Ask = { key: `${s}|${pixelRatio}|${x0}|${y0}|${x1}|${y1}`, scale: s, pixelRatio, x0, y0, x1, y1, outW, outH };
    if (this.inFlight === null) { this.send(ask); return; }
    // One region at a time: this view waits for the one being composed (the latest view replaces an older wait),
    // unless that one is this very region.
    this.next = this.inFlight.key === ask.key ? null : ask;
  }

  private send(ask: Ask): void {
    this.inFlight = ask;
    const { width, height } = this.image;
    const landed = (bitmap: ImageBitmap | null) => {
      this.inFlight = null;
      const next = this.next;
      this.next = null;
      // Kept unless disposed, parked, or made for another zoom than the one now wanted.
      const wanted = this.wantedZoom;
      if (bitmap && (this.disposed || this.parked || wanted.scale !== ask.scale || wanted.pixelRatio !== ask.pixelRatio)) bitmap.close();
      else if (bitmap) {
        this.cache?.bitmap.close();
        this.cache = { bitmap, scale: ask.scale, pixelRatio: ask.pixelRatio, x0: ask.x0, y0: ask.y0, x1: ask.x1, y1: ask.y1 };
      }
      if (next && !this.disposed && !this.parked && !(this.cache && this.holds(this.cache, next))) this.send(next);
      if (bitmap && this.cache?.bitmap === bitmap) this.onReady();
    };
    this.api.region(this.url, this.tiles, width, height, ask.x0, ask.y0, ask.x1, ask.y1, ask.outW, ask.outH).then(landed, () => landed(null));
  }

  /** Whether region `c` contains the region `a` asks for, at its zoom. */
  private holds(c: Region, a: Ask): boolean {
    return c.scale === a.scale && c.pixelRatio === a.pixelRatio && c.x0 <= a.x0 && c.y0 <= a.y0 && c.x1 >= a.x1 && c.y1 >= a.y1;
  }

  private ahead(): number {
    return Math.min(AHEAD, this.margin / 2);
  }

  /** Line no longer shown, kept for a switch back (src/core/lines/parkedPool.ts): the region for the view (the big
   * bitmap) is dropped; the overview and the worker with its decoded tiles stay, so nothing is fetched nor decoded
   * again when the line is shown once more. */
  park(): void {
    this.parked = true;
    this.next = null;
    this.cache?.bitmap.close();
    this.cache = null;
  }

  dispose(): void {
    this.disposed = true;
    this.cache?.bitmap.close();
    this.overview?.bitmap.close();
    this.cache = null;
    this.overview = null;
    this.host?.terminate();
  }

  /** Whether the cache holds the visible part of the image, grown by `ahead` of the view on each side. */
  private covers(c: Region, v: Viewport, view: Size, ahead: number): boolean {
    const w = view.width / v.scale;
    const h = view.height / v.scale;
    const minX = Math.max(0, -v.x / v.scale - w * ahead);
    const minY = Math.max(0, -v.y / v.scale - h * ahead);
    const maxX = Math.min(this.image.width, -v.x / v.scale + w * (1 + ahead));
    const maxY = Math.min(this.image.height, -v.y / v.scale + h * (1 + ahead));
    const eps = 1 / v.scale; // one screen px of slack
    return c.x0 <= minX + eps && c.y0 <= minY + eps && c.x1 >= maxX - eps && c.y1 >= maxY - eps;
  }
}
