// The density strip's pure rules: open anomalies counted per 100 m of PK (a cell), each cell's worst
// criticality and how many of that level it holds, the cell's colour strength, its French text, and the cell under a
// screen x. Linear passes over the point index's typed columns (1M points in a few milliseconds, in a worker).
import { formatCount, formatKm } from '../format';
import { interpolateKmRaw, imageXForKmSorted, type PkMarker } from '../pk';

/** Cells per km: one cell is 100 m of PK. */
export const CELLS_PER_KM = 10;

/** Counts per cell for cells firstCell .. firstCell + counts.length - 1 (cell c covers PK [c/10, (c+1)/10) km). */
export interface DensityBins {
  firstCell: number;
  counts: Uint32Array;
  /** Severity rank of the worst open anomaly of the cell (0 = unknown level or empty cell). */
  worst: Uint8Array;
  /** How many open anomalies of the cell are at the worst rank. */
  worstCount: Uint32Array;
  /** Largest count of a cell (0 when none). */
  max: number;
  /** Open anomalies counted (those with a known PK passing the filter). */
  total: number;
}

/** What to count: the point index's columns (first `count` slots) and per-code lookups. */
export interface DensityInput {
  count: number;
  km: ArrayLike<number>;
  status: ArrayLike<number>;
  crit: ArrayLike<number>;
  /** status code → 1 when the point counts (open and passing the map's status filter). */
  counted: ArrayLike<number>;
  /** crit code → severity rank (src/core/severity.ts). */
  rankOfCode: ArrayLike<number>;
}

/** The cell of a PK (km rounded to 0.01 first, so 17.4 stored as 17.3999… falls in 17,40-17,50). */
export function cellOfKm(km: number): number {
  return Math.floor(Math.round(km * 100) / (100 / CELLS_PER_KM));
}

export function binOpenPoints(input: DensityInput): DensityBins {
  const { count, km, status, crit, counted, rankOfCode } = input;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < count; i++) {
    const k = km[i];
    if (counted[status[i]] !== 1 || k !== k) continue; // k !== k: NaN, unknown PK
    const c = cellOfKm(k);
    if (c < lo) lo = c;
    if (c > hi) hi = c;
  }
  if (lo > hi) return { firstCell: 0, counts: new Uint32Array(0), worst: new Uint8Array(0), worstCount: new Uint32Array(0), max: 0, total: 0 };
  const n = hi - lo + 1;
  const counts = new Uint32Array(n);
  const worst = new Uint8Array(n);
  const worstCount = new Uint32Array(n);
  let total = 0;
  for (let i = 0; i < count; i++) {
    const k = km[i];
    if (counted[status[i]] !== 1 || k !== k) continue;
    const c = cellOfKm(k) - lo;
    const r = rankOfCode[crit[i]] ?? 0;
    counts[c]++;
    total++;
    if (counts[c] === 1 || r > worst[c]) { worst[c] = r; worstCount[c] = 1; } else if (r === worst[c]) worstCount[c]++;
  }
  let max = 0;
  for (let c = 0; c < n; c++) if (counts[c] > max) max = counts[c];
  return { firstCell: lo, counts, worst, worstCount, max, total };
}

/** Colour strength of a cell: 0 when empty, else 0.3 (one anomaly) up to 1 (the busiest cell), by square root. */
export function cellAlpha(count: number, max: number): number {
  if (count <= 0 || max <= 0) return 0;
  return 0.3 + 0.7 * Math.sqrt(Math.min(1, count / max));
}

/** One cell's counts (zeros outside the bins). */
export function cellAt(bins: DensityBins, cell: number): { cell: number; count: number; worst: number; worstCount: number } {
  const i = cell - bins.firstCell;
  if (i < 0 || i >= bins.counts.length) return { cell, count: 0, worst: 0, worstCount: 0 };
  return { cell, count: bins.counts[i], worst: bins.worst[i], worstCount: bins.worstCount[i] };
}

/** 'PK 17,40-17,50 : 6 anomalies ouvertes (2 danger)'; `levelName`: the worst level's name (null: unknown level). */
export function cellText(cell: number, count: number, worstCount: number, levelName: string | null): string {
  const range = `PK ${formatKm(cell / CELLS_PER_KM)}-${formatKm((cell + 1) / CELLS_PER_KM)}`;
  if (count === 0) return `${range} : aucune anomalie ouverte`;
  const s = count > 1 ? 's' : '';
  return `${range} : ${formatCount(count)} anomalie${s} ouverte${s} (${formatCount(worstCount)} ${(levelName ?? 'niveau inconnu').toLocaleLowerCase('fr-FR')})`;
}

/** The cell at image x (through the kilometre markers), or null outside the markers. */
export function cellAtImageX(sortedMarkers: readonly PkMarker[], imageX: number): number | null {
  const km = interpolateKmRaw(sortedMarkers, imageX);
  return km === null ? null : cellOfKm(km);
}

/** Image x range [x0, x1] of each non-empty cell (NaN where the cell is outside the markers). */
export function cellImageRanges(bins: DensityBins, sortedMarkers: readonly PkMarker[]): { x0: Float64Array; x1: Float64Array } {
  const n = bins.counts.length;
  const x0 = new Float64Array(n).fill(NaN);
  const x1 = new Float64Array(n).fill(NaN);
  for (let i = 0; i < n; i++) {
    if (bins.counts[i] === 0) continue;
    const c = bins.firstCell + i;
    const a = imageXForKmSorted(sortedMarkers, c / CELLS_PER_KM);
    const b = imageXForKmSorted(sortedMarkers, (c + 1) / CELLS_PER_KM);
    if (a === null && b === null) continue;
    x0[i] = Math.min(a ?? b!, b ?? a!);
    x1[i] = Math.max(a ?? b!, b ?? a!);
  }
  return { x0, x1 };
}

/** The next non-empty cell after `from` in direction `dir` (+1 / -1), or null. `from` null: the first (or last). */
export function nextFilledCell(bins: DensityBins, from: number | null, dir: 1 | -1): number | null {
  const n = bins.counts.length;
  let i = from === null ? (dir > 0 ? -1 : n) : Math.min(n, Math.max(-1, from - bins.firstCell));
  for (i += dir; i >= 0 && i < n; i += dir) if (bins.counts[i] > 0) return bins.firstCell + i;
  return null;
}
