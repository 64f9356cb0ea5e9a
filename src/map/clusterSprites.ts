// Cluster discs (colour of the most critical level + count) rendered once per (rank, label) into small canvases,
// so a frame draws each cluster with one drawImage instead of an arc and a fillText.
import { clusterRadius, formatCount } from './drawPoints';

const MAX_ENTRIES = 600; // cached sprites before the cache is flushed (a sprite is 10-25 KB at pixel ratio 2)

export class ClusterSprites {
  private cache = new Map<string, HTMLCanvasElement>();
  private pixelRatio = 1;
  private colorAt: (rank: number) => string = () => '#6b7280';

  /** New colours drop every sprite; the pixel ratio is part of each sprite's key (it changes while moving). */
  configure(colorAt: (rank: number) => string, pixelRatio: number): void {
    this.pixelRatio = pixelRatio;
    if (colorAt === this.colorAt) return;
    this.colorAt = colorAt;
    this.cache.clear();
  }

  /** The sprite of a cluster; its size in CSS px is 2 × (clusterRadius(size) + 1). */
  get(rank: number, size: number): HTMLCanvasElement {
    const label = formatCount(size);
    const r = clusterRadius(size);
    const key = `${rank}|${label}|${r}|${this.pixelRatio}`;
    let c = this.cache.get(key);
    if (c) return c;
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    const pr = this.pixelRatio;
    const d = 2 * (r + 1);
    c = document.createElement('canvas');
    c.width = Math.ceil(d * pr);
    c.height = Math.ceil(d * pr);
    const ctx = c.getContext('2d')!;
    ctx.scale(pr, pr);
    ctx.beginPath();
    ctx.arc(r + 1, r + 1, r, 0, Math.PI * 2);
    ctx.fillStyle = this.colorAt(rank);
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#ffffff';
    ctx.stroke();
    ctx.font = 'bold 12px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillStyle = '#ffffff';
    ctx.fillText(label, r + 1, r + 1.5);
    this.cache.set(key, c);
    return c;
  }
}
