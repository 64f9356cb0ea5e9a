// The route report as index arrays: the classifier's per-point codes grouped into sections (the
// selected zones by kmStart, then the points outside every zone), each in km order, as one Int32Array of point indices.
// Pure and allocation-light so it runs in the report worker at 1M points; the view and the exports read it by slices.
import { DANGER_CRITICALITY } from '../constants';
import { NOT_ELIGIBLE, OUTSIDE_ZONES } from './classify';
import type { ReportPointIndex } from './reportIndex';
import { sortByKm } from './kmOrder';

/** A section of the plan: a zone (its index in the zones given to the classifier) or OUTSIDE_ZONES. */
export interface PlanSection { zone: number; start: number; end: number }

export interface ReportPlan {
  sections: PlanSection[];
  /** Point indices, section after section, each section in km order (ties by point index). */
  rows: Int32Array;
}

/**
 * Groups the codes: points of non-selected zones are dropped; sections are the selected zones holding at least one
 * point, ordered by `zoneKmStart` (null last, then by zone index), then the points outside zones.
 */
export function planReport(codes: Int32Array, km: Float64Array, zoneKmStart: readonly (number | null)[], selected: readonly boolean[]): ReportPlan {
  const kept = (c: number) => c !== NOT_ELIGIBLE && (c === OUTSIDE_ZONES || selected[c]);
  let n = 0;
  for (let i = 0; i < codes.length; i++) if (kept(codes[i])) n++;
  const eligible = new Int32Array(n);
  for (let i = 0, k = 0; i < codes.length; i++) if (kept(codes[i])) eligible[k++] = i;
  const order = sortByKm(eligible, km); // ties by point index: `eligible` is in index order and the sort is stable
  // Counting pass per group, then a stable scatter: km order survives inside every section.
  const zoneCount = zoneKmStart.length;
  const counts = new Int32Array(zoneCount + 1); // last slot: outside zones
  for (let k = 0; k < order.length; k++) { const c = codes[order[k]]; counts[c === OUTSIDE_ZONES ? zoneCount : c]++; }
  const zonesUsed: number[] = [];
  for (let z = 0; z < zoneCount; z++) if (counts[z] > 0) zonesUsed.push(z);
  const startOf = (z: number) => zoneKmStart[z] ?? Infinity;
  zonesUsed.sort((a, b) => startOf(a) - startOf(b) || a - b);
  const groups = counts[zoneCount] > 0 ? [...zonesUsed, zoneCount] : zonesUsed;
  const offset = new Int32Array(zoneCount + 1);
  const sections: PlanSection[] = [];
  let at = 0;
  for (const g of groups) {
    offset[g] = at;
    sections.push({ zone: g === zoneCount ? OUTSIDE_ZONES : g, start: at, end: at + counts[g] });
    at += counts[g];
  }
  const rows = eligible; // no longer needed once sorted: its buffer takes the rows (as much fresh memory less)
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    const c = codes[i];
    rows[offset[c === OUTSIDE_ZONES ? zoneCount : c]++] = i;
  }
  return { sections, rows };
}

export interface PlanStats { unresolved: number; zonesWithAnomalies: number; dangers: number }

/** The three stat cards from the arrays: anomalies, zones holding some, points of the 'danger' level. */
export function planStats(plan: ReportPlan, ix: Pick<ReportPointIndex, 'criticality' | 'criticalityKeys'>): PlanStats {
  const danger = ix.criticalityKeys.indexOf(DANGER_CRITICALITY);
  let dangers = 0;
  if (danger >= 0) for (let k = 0; k < plan.rows.length; k++) if (ix.criticality[plan.rows[k]] === danger) dangers++;
  return {
    unresolved: plan.rows.length,
    zonesWithAnomalies: plan.sections.filter((s) => s.zone !== OUTSIDE_ZONES && s.end > s.start).length,
    dangers,
  };
}

/** The plan restricted to points with lo <= km <= hi (the print range); empty sections are dropped. */
export function planSubRange(plan: ReportPlan, km: Float64Array, lo: number, hi: number): ReportPlan {
  const rows: number[] = [];
  const sections: PlanSection[] = [];
  for (const s of plan.sections) {
    const start = rows.length;
    for (let k = s.start; k < s.end; k++) { const v = km[plan.rows[k]]; if (v >= lo && v <= hi) rows.push(plan.rows[k]); }
    if (rows.length > start) sections.push({ zone: s.zone, start, end: rows.length });
  }
  return { sections, rows: Int32Array.from(rows) };
}

/** Rows per screen page of the report: a browser cannot lay out an element much taller than about 33.5M px (2^31
 * layout units / 64), so a report of 750k rows (33M px at 44 px a row; 134k rows at a phone's 250 px cards) would lose
 * its end. Past this many rows the view shows pages of rows ('Lignes 1 à 50 000 sur 751 428'): 12.5M px on a phone. */
export const REPORT_PAGE_ROWS = 50_000;

/** How many screen pages a plan takes (at least 1). */
export function reportPageCount(plan: ReportPlan, pageRows = REPORT_PAGE_ROWS): number {
  return Math.max(1, Math.ceil(plan.rows.length / pageRows));
}

/**
 * One page of the plan (rows `from` to `to`, excluded) as a flat list of items for a virtualised view: per section met,
 * its heading (again at the top of a page that starts inside it) then its rows in groups of `rowsPerItem` (a
 * virtualiser keeps a measurement per item: groups of k rows make k times fewer items). Entry e covers plan section `section[e]`, rows `first[e]` to `end[e]`, and its
 * items start at `itemStart[e]`.
 */
export interface PlanItems { count: number; itemStart: Int32Array; section: Int32Array; first: Int32Array; end: Int32Array; rowsPerItem: number; from: number; to: number }

export function planItems(plan: ReportPlan, rowsPerItem = 1, page = 0, pageRows = Infinity): PlanItems {
  const from = Math.min(plan.rows.length, page > 0 ? page * pageRows : 0), to = Math.min(plan.rows.length, from + pageRows);
  const met = plan.sections.map((s, k) => ({ s, k })).filter(({ s }) => s.start < to && s.end > from);
  const itemStart = new Int32Array(met.length), section = new Int32Array(met.length);
  const first = new Int32Array(met.length), end = new Int32Array(met.length);
  let at = 0;
  met.forEach(({ s, k }, e) => {
    itemStart[e] = at; section[e] = k; first[e] = Math.max(s.start, from); end[e] = Math.min(s.end, to);
    at += 1 + Math.ceil((end[e] - first[e]) / rowsPerItem);
  });
  return { count: at, itemStart, section, first, end, rowsPerItem, from, to };
}

/** What item i is: its section, and `rows` positions in plan.rows from `row` (row -1 and rows 0 for the heading). */
export function itemAt(items: PlanItems, i: number): { section: number; row: number; rows: number } {
  let lo = 0, hi = items.itemStart.length - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (items.itemStart[mid] <= i) lo = mid; else hi = mid - 1; }
  const offset = i - items.itemStart[lo];
  if (offset === 0) return { section: items.section[lo], row: -1, rows: 0 };
  const row = items.first[lo] + (offset - 1) * items.rowsPerItem;
  return { section: items.section[lo], row, rows: Math.min(items.rowsPerItem, items.end[lo] - row) };
}

/** Printed A4 page estimate of a plan (calibrated on the print stylesheet: 9 pt table, 12 mm margins). */
export const PRINT_LAYOUT = { pageMm: 273, firstPageMm: 95, sectionHeadMm: 16, rowMm: 8.5, photoRowMm: 16 } as const;
export function estimatePrintPages(plan: ReportPlan, photoShare = 0.1): number {
  if (plan.rows.length === 0) return 1;
  const L = PRINT_LAYOUT;
  const mm = L.firstPageMm + plan.sections.length * L.sectionHeadMm + plan.rows.length * (L.rowMm * (1 - photoShare) + L.photoRowMm * photoShare);
  return Math.max(1, Math.ceil(mm / L.pageMm));
}
