// Plane geometry in image pixels: bounding boxes, polygon centroid, clamping (point in zone: zoneContains.ts).
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

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}
