// Brute-force reference of the clustering semantics (O(n²) per level, for tests and the bench on small sets):
// level 25 down to 0, each level greedily clusters the previous level's items in order, radius 50 / zoom image px.
import { clusterRadiusImagePx, LEVEL_COUNT, MAX_LEVEL } from './levels';

export interface ReferenceItem { x: number; y: number; size: number; severity: number; members: number[] }

/** Items of every level (index = level), each with the sorted point indices it holds. */
export function greedyReference(xs: ArrayLike<number>, ys: ArrayLike<number>, severity: ArrayLike<number>): ReferenceItem[][] {
  const levels: ReferenceItem[][] = new Array(LEVEL_COUNT);
  let items: ReferenceItem[] = Array.from({ length: xs.length }, (_, i) => ({ x: xs[i], y: ys[i], size: 1, severity: severity[i], members: [i] }));
  for (let level = MAX_LEVEL; level >= 0; level--) {
    const r = clusterRadiusImagePx(level);
    const r2 = r * r;
    const done = new Uint8Array(items.length);
    const out: ReferenceItem[] = [];
    for (let i = 0; i < items.length; i++) {
      if (done[i]) continue;
      done[i] = 1;
      const a = items[i];
      const merged: ReferenceItem[] = [];
      for (let j = i + 1; j < items.length; j++) {
        if (done[j]) continue;
        const b = items[j];
        const dx = a.x - b.x;
        const dy = a.y - b.y;
        if (dx * dx + dy * dy <= r2) {
          done[j] = 1;
          merged.push(b);
        }
      }
      if (merged.length === 0) {
        out.push(a);
        continue;
      }
      let size = a.size, wx = a.x * a.size, wy = a.y * a.size, sev = a.severity;
      const members = [...a.members];
      for (const b of merged) {
        size += b.size;
        wx += b.x * b.size;
        wy += b.y * b.size;
        sev = Math.max(sev, b.severity);
        members.push(...b.members);
      }
      out.push({ x: wx / size, y: wy / size, size, severity: sev, members: members.sort((p, q) => p - q) });
    }
    levels[level] = out;
    items = out;
  }
  return levels;
}
