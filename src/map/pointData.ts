// Points as typed arrays for the cluster worker and the points layer: derived once per data/filter change,
// never per frame. Index i of the arrays is `ids[i]` on the main thread.
import type { Point } from '../core/types';
import type { StatusFilter } from '../state/filters';
import type { SeverityScale } from '../core/severity';

export interface PointArrays {
  xs: Float64Array; // image px
  ys: Float64Array; // image px
  severity: Uint8Array; // rank, see src/core/severity.ts
  resolved: Uint8Array; // 1 = status resolu (drawn dimmed)
  count: number;
}

export interface DerivedPoints { arrays: PointArrays; ids: string[] }

/** Whether a point passes the sidebar status filter ('tous' = every status except resolu, docs/product.md#sidebar). */
export function passesStatusFilter(p: Point, filter: StatusFilter): boolean {
  return filter === 'tous' ? p.status !== 'resolu' : p.status === filter;
}

export function derivePointArrays(points: readonly Point[], filter: StatusFilter, scale: SeverityScale<{ id: string; order: number; color: string }>): DerivedPoints {
  const kept = points.filter((p) => passesStatusFilter(p, filter) && Number.isFinite(p.position?.x) && Number.isFinite(p.position?.y));
  const n = kept.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const severity = new Uint8Array(n);
  const resolved = new Uint8Array(n);
  const ids = new Array<string>(n);
  for (let i = 0; i < n; i++) {
    const p = kept[i];
    xs[i] = p.position.x;
    ys[i] = p.position.y;
    severity[i] = scale.rankOf(p.criticality);
    resolved[i] = p.status === 'resolu' ? 1 : 0;
    ids[i] = p.id;
  }
  return { arrays: { xs, ys, severity, resolved, count: n }, ids };
}
