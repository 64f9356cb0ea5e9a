// Points as typed arrays for the cluster worker and the points layer, derived from the point index once per
// index/filter/levels change (a linear pass over typed arrays, never per frame). Map index i is index slot
// `slots[i]`; `ids` reads a map index's point id lazily (no million-string array).
import type { StatusFilter } from '../state/filters';
import type { SeverityScale } from '../core/severity';
import { passes } from '../core/pointIndex/queries';
import { idAt } from '../core/pointIndex/store';
import { RESOLVED_CODE, type PointIndex } from '../core/pointIndex/types';

export interface PointArrays {
  xs: Float64Array; // image px
  ys: Float64Array; // image px
  severity: Uint8Array; // rank, see src/core/severity.ts
  resolved: Uint8Array; // 1 = status resolu (drawn dimmed)
  count: number;
}

export interface DerivedPoints { arrays: PointArrays; slots: Int32Array; ids: ArrayLike<string> }

/** A read-only array view: map index → point id. */
function idView(ix: PointIndex, slots: Int32Array): ArrayLike<string> {
  return new Proxy({ length: slots.length } as ArrayLike<string>, {
    get(target, prop) {
      if (typeof prop === 'string' && /^\d+$/.test(prop)) {
        const i = Number(prop);
        return i < slots.length && slots[i] < ix.count ? idAt(ix, slots[i]) : undefined;
      }
      return (target as any)[prop];
    },
  });
}

export function deriveIndexArrays(ix: PointIndex, filter: StatusFilter, scale: SeverityScale<{ id: string; order: number; color: string }>): DerivedPoints {
  const rankOfCode = Uint8Array.from(ix.critKeys.map((k) => scale.rankOf(k)));
  const keep = new Int32Array(ix.count);
  let n = 0;
  for (let i = 0; i < ix.count; i++) {
    if (passes(ix.status[i], filter) && Number.isFinite(ix.x[i]) && Number.isFinite(ix.y[i])) keep[n++] = i;
  }
  const slots = keep.slice(0, n);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const severity = new Uint8Array(n);
  const resolved = new Uint8Array(n);
  for (let k = 0; k < n; k++) {
    const i = slots[k];
    xs[k] = ix.x[i];
    ys[k] = ix.y[i];
    severity[k] = rankOfCode[ix.crit[i]] ?? 0;
    resolved[k] = ix.status[i] === RESOLVED_CODE ? 1 : 0;
  }
  return { arrays: { xs, ys, severity, resolved, count: n }, slots, ids: idView(ix, slots) };
}

/** The map index of an index slot, or -1. */
export function mapIndexOfSlot(slots: Int32Array, slot: number): number {
  if (slot < 0) return -1;
  return slots.indexOf(slot);
}
