// Points for the cluster worker and the points layer, derived from the point index once per index/filter/levels
// change (linear passes over typed arrays, never per frame): the slots and the dimmed flags the main thread keeps,
// and what the worker needs: the index's columns (once per data version and levels) and the filter's pass table, from
// which it derives the same slots itself (placedSlots). Map index i is index slot `slots[i]`; `ids` reads a map
// index's point id lazily (no million-string array).
import type { StatusFilter } from '../state/filters';
import type { SeverityScale } from '../core/severity';
import type { ClusterColumns, Coords } from '../core/cluster/types';
import { placedSlots, statusPassTable, type IndexViews } from '../core/pointIndex/queries';
import { findSlot, idAt } from '../core/pointIndex/store';
import { keptResults } from '../core/keptResults';
import { columnsFit, emptyClusterColumns, writeClusterColumns } from '../core/cluster/columns';
import { takeClusterColumns } from '../state/clusterColumnsHandoff';
import { RESOLVED_CODE, type PointIndex } from '../core/pointIndex/types';

/** The cluster worker's input: image px and severity rank of each map index (transferred to the worker). */
export interface ClusterArrays { xs: Coords; ys: Coords; severity: Uint8Array }

/** The columns the worker filters itself: `key` is the same object for every filter of one data version and levels
 * (the client sends the columns once per key), `make` gives copies to transfer (written into `into` when it is large
 * enough: a set the worker gave back; else into the set made with the index, src/state/clusterColumnsHandoff.ts),
 * `pass` is the filter's table. */
export interface FilteredColumns { key: object; pass: Uint8Array; make(into?: ClusterColumns | null): ClusterColumns }

export interface MapPointArrays {
  resolved: Uint8Array; // 1 = status resolu (drawn dimmed)
  count: number;
  /** Fresh arrays for the cluster worker, made on demand (the caller transfers them): the main thread keeps no
   * copy of the points' coordinates for the map (a filter change allocates only what it must). */
  clusterInput(): ClusterArrays;
  /** The same points as the index's columns and a pass table (the client's preferred path: a filter change then sends
   * 3 bytes). Absent for arrays given directly (tests, benches). */
  columns?: FilteredColumns;
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

/** The columns key of an index's data version and levels (weak: an index let go takes it along). */
const columnsOf = new WeakMap<PointIndex, { version: number; scale: object; key: object }>();
function columnsKey(ix: PointIndex, scale: object): object {
  const last = columnsOf.get(ix);
  if (last && last.version === ix.version && last.scale === scale) return last.key;
  const key = {};
  columnsOf.set(ix, { version: ix.version, scale, key });
  return key;
}

/** `views`: the index's first views (src/core/pointIndex/queries.ts), whose placed slots are used when of `filter`. */
export function deriveIndexArrays(ix: PointIndex, filter: StatusFilter, scale: SeverityScale<{ id: string; order: number; color: string }>, views?: IndexViews): DerivedPoints {
  const rankOfCode = Uint8Array.from(ix.critKeys.map((k) => scale.rankOf(k)));
  const pass = statusPassTable(filter);
  const count = ix.count;
  const { x, y, status, crit } = ix;
  const slots = views?.filter === filter ? views.placed : placedSlots(x, y, status, count, pass);
  const n = slots.length;
  const resolved = new Uint8Array(n);
  if (pass[RESOLVED_CODE] === 1) resolved.fill(1); // a status filter passes resolved points only, or none of them
  // The worker's input, made when the map loads it: the filtered points (tests, fallback) or the whole columns.
  const clusterInput = (): ClusterArrays => {
    const xs = new Float32Array(n), ys = new Float32Array(n), severity = new Uint8Array(n); // the index's precision
    for (let k = 0; k < n; k++) {
      const i = slots[k];
      xs[k] = x[i]; ys[k] = y[i]; severity[k] = rankOfCode[crit[i]];
    }
    return { xs, ys, severity };
  };
  const make = (into?: ClusterColumns | null): ClusterColumns => {
    // A set the worker gave back, else the one made with the index (its pages already mapped), else a fresh one.
    const base = columnsFit(into, count) ? into : takeClusterColumns(ix, count) ?? emptyClusterColumns(count);
    return writeClusterColumns({ ...base }, { count, x, y, status, crit }, rankOfCode); // the derivation's count
  };
  const columns = { key: columnsKey(ix, scale), pass, make };
  return { arrays: { resolved, count: n, clusterInput, columns }, slots, ids: idView(ix, slots) };
}

/** Derivations kept per index: the one shown and the one before, so going back to the previous filter is free (at
 * 1M points a derivation is about 5 MB: the slots and the dimmed flags). A line shown again is the same index object,
 * taken back from memory (warm switch): unchanged since, its arrays are reused. */
const derivations = keptResults<PointIndex, { version: number; filter: StatusFilter; scale: object }, DerivedPoints>({
  size: 2,
  current: (kept, asked) => kept.version === asked.version,
  same: (kept, asked) => kept.filter === asked.filter && kept.scale === asked.scale,
});

/** deriveIndexArrays, reusing a kept result when the index, the filter and the levels are unchanged. */
export function deriveIndexArraysKept(ix: PointIndex, filter: StatusFilter, scale: SeverityScale<{ id: string; order: number; color: string }>, views?: IndexViews): DerivedPoints {
  return derivations.get(ix, { version: ix.version, filter, scale }, () => deriveIndexArrays(ix, filter, scale, views));
}

/** The map index of an index slot, or -1. */
export function mapIndexOfSlot(slots: Int32Array, slot: number): number {
  if (slot < 0) return -1;
  return slots.indexOf(slot);
}

/** The slots of the points of `ids` the map shows under `filter` (placed, status passing), in no particular order. */
export function shownSlotsOf(ix: PointIndex, filter: StatusFilter, ids: Iterable<string>): Int32Array {
  const pass = statusPassTable(filter);
  const out: number[] = [];
  for (const id of ids) {
    const s = findSlot(ix, id);
    if (s >= 0 && pass[ix.status[s]] === 1 && !Number.isNaN(ix.x[s]) && !Number.isNaN(ix.y[s])) out.push(s);
  }
  return Int32Array.from(out);
}
