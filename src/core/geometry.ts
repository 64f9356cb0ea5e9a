// Plane geometry in image pixels: bounding boxes, point in polygon, distances, polygon centroid, zoom ↔ radius.
import type { ImagePoint } from './types';

export interface ImageBBox { minX: number; minY: number; maxX: number; maxY: number } // image px

/** Bounding box of vertices; null for none. */
export function bboxOf(vertices: readonly ImagePoint[]): ImageBBox | null {
  if (vertices.length === 0) return null;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const v of vertices) {
    if (v.x < minX) minX = v.x;
    if (v.y < minY) minY = v.y;
    if (v.x > maxX) maxX = v.x;
    if (v.y > maxY) maxY = v.y;
  }
  return { minX, minY, maxX, maxY };
}

export function bboxContains(b: ImageBBox, x: number, y: number): boolean {
  return x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY;
}

export function bboxIntersects(a: ImageBBox, b: ImageBBox): boolean {
  return a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;
}

/** Even-odd ray casting; points exactly on an edge may fall either side. Fewer than 3 vertices: false. */
export function pointInPolygon(x: number, y: number, vertices: readonly ImagePoint[]): boolean {
  const n = vertices.length;
  if (n < 3) return false;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = vertices[i];
    const b = vertices[j];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

export function sqDist(ax: number, ay: number, bx: number, by: number): number {
  const dx = ax - bx;
  const dy = ay - by;
  return dx * dx + dy * dy;
}

/** Area centroid of a simple polygon (for a zone's label); vertex mean when the area is ~0; null for none. */
export function polygonCentroid(vertices: readonly ImagePoint[]): ImagePoint | null {
  const n = vertices.length;
  if (n === 0) return null;
  let a2 = 0, cx = 0, cy = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const p = vertices[j];
    const q = vertices[i];
    const cross = p.x * q.y - q.x * p.y;
    a2 += cross;
    cx += (p.x + q.x) * cross;
    cy += (p.y + q.y) * cross;
  }
  if (Math.abs(a2) < 1e-9) {
    let sx = 0, sy = 0;
    for (const v of vertices) { sx += v.x; sy += v.y; }
    return { x: sx / n, y: sy / n };
  }
  return { x: cx / (3 * a2), y: cy / (3 * a2) };
}

/** A screen-px radius expressed in image px at `zoom` (screen px per image px): e.g. 50 / zoom (SPEC §9). */
export function imageRadius(screenPx: number, zoom: number): number {
  return screenPx / zoom;
}

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
