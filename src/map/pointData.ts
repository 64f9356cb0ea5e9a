// Points for the cluster worker and the points layer, derived from the point index once per index/filter/levels
// change (linear passes over typed arrays, never per frame): the slots and the dimmed flags the main thread keeps,
// and the worker's coordinates made on demand. Map index i is index slot `slots[i]`; `ids` reads a map index's point
// id lazily (no million-string array).
import type { StatusFilter } from '../state/filters';
import type { SeverityScale } from '../core/severity';
import type { Coords } from '../core/cluster/types';
import { passes } from '../core/pointIndex/queries';
import { idAt } from '../core/pointIndex/store';
import { RESOLVED_CODE, type PointIndex } from '../core/pointIndex/types';

/** The cluster worker's input: image px and severity rank of each map index (transferred to the worker). */
export interface ClusterArrays { xs: Coords; ys: Coords; severity: Uint8Array }

export interface MapPointArrays {
  resolved: Uint8Array; // 1 = status resolu (drawn dimmed)
  count: number;
  /** Fresh arrays for the cluster worker, made on demand (the caller transfers them): the main thread keeps no
   * copy of the points' coordinates for the map (issue 19: a filter change allocates only what it must). */
  clusterInput(): ClusterArrays;
}

export interface DerivedPoints { arrays: MapPointArrays; slots: Int32Array; ids: ArrayLike<string> }

/** Map arrays from given coordinates (tests, benches): the worker gets copies. */
export function pointArrays(xs: Coords, ys: Coords, severity: Uint8Array, resolved = new Uint8Array(xs.length)): MapPointArrays {
  const count = xs.length;
  return { resolved, count, clusterInput: () => ({ xs: xs.slice(0, count), ys: ys.slice(0, count), severity: severity.slice(0, count) }) };
}

/** A read-only array view: map index → point id. */
function idView(ix: PointIndex, slots: Int32Array): ArrayLike<string> {
  return new Proxy({ length: slots.length } as ArrayLike<string>, {
    get(target, prop) {
      if (typeof prop === 'string' && /^\d+$/.test(prop)) {
        const i = Number(prop);
        return i < slots.length && slots[i] < ix.count ? idAt(ix, slots[i]) : undefined;
      }
      return Reflect.get(target, prop);
    },
  });
}

export function deriveIndexArrays(ix: PointIndex, filter: StatusFilter, scale: SeverityScale<{ id: string; order: number; color: string }>): DerivedPoints {
  const rankOfCode = Uint8Array.from(ix.critKeys.map((k) => scale.rankOf(k)));
  const pass = Uint8Array.from([0, 1, 2], (code) => (passes(code, filter) ? 1 : 0));
  const n0 = ix.count;
  const { x, y, status, crit } = ix;
  // Counted first, so every array is allocated once at its size (fresh memory is what costs most here: no
  // oversized arrays trimmed by a copy). No per-point function call: 1M points in a few ms.
  let n = 0;
  for (let i = 0; i < n0; i++) {
    const px = x[i], py = y[i];
    // px === px is false for NaN; Float32 values are never ±Infinity from the server
    if (pass[status[i]] === 1 && px === px && py === py) n++;
  }
  const slots = new Int32Array(n);
  const resolved = new Uint8Array(n);
  for (let i = 0, k = 0; k < n; i++) {
    const st = status[i], px = x[i], py = y[i];
    if (pass[st] !== 1 || px !== px || py !== py) continue;
    slots[k] = i;
    if (st === RESOLVED_CODE) resolved[k] = 1;
    k++;
  }
  // The worker's coordinates, made when the map loads them (once per data/filter change) from the slots.
  const clusterInput = (): ClusterArrays => {
    const xs = new Float32Array(n), ys = new Float32Array(n), severity = new Uint8Array(n); // the index's precision
    for (let k = 0; k < n; k++) {
      const i = slots[k];
      xs[k] = x[i]; ys[k] = y[i]; severity[k] = rankOfCode[crit[i]];
    }
    return { xs, ys, severity };
  };
  return { arrays: { resolved, count: n, clusterInput }, slots, ids: idView(ix, slots) };
}

/** The last derivation of each index (weak: an index let go takes it along). A line shown again is the same index
 * object, taken back from memory (issue 20: warm switch): unchanged since, its arrays are reused, not rebuilt. */
const derivedOf = new WeakMap<PointIndex, { version: number; filter: StatusFilter; scale: object; out: DerivedPoints }>();

/** deriveIndexArrays, reusing the index's last result when the index, the filter and the levels are unchanged. */
export function deriveIndexArraysKept(ix: PointIndex, filter: StatusFilter, scale: SeverityScale<{ id: string; order: number; color: string }>): DerivedPoints {
  const last = derivedOf.get(ix);
  if (last && last.version === ix.version && last.filter === filter && last.scale === scale) return last.out;
  const out = deriveIndexArrays(ix, filter, scale);
  derivedOf.set(ix, { version: ix.version, filter, scale, out });
  return out;
}

/** The map index of an index slot, or -1. */
export function mapIndexOfSlot(slots: Int32Array, slot: number): number {
  if (slot < 0) return -1;
  return slots.indexOf(slot);
}
