// Report form rules of docs/product.md#report-form as pure functions: range normalisation, track fallback, zone reselection, validation.
import type { ReportRequest, Track, Zone } from '../types';
import { TRACKS } from '../constants';
import { REPORT_MESSAGES } from './strings';
import { formatKm } from '../format';

/** A km range as typed in the form; null while a field is empty or not a number. */
export interface RangeInput { start: number | null; end: number | null }

/** Sorted range (start <= end, docs/product.md#report-form); null when a bound is missing. */
export function sortedRange(r: RangeInput): { start: number; end: number } | null {
  if (r.start === null || r.end === null) return null;
  return r.start <= r.end ? { start: r.start, end: r.end } : { start: r.end, end: r.start };
}

/** Tracks used by the report: the selection, or both when none is selected (docs/product.md#report-form). */
export function effectiveTracks(selected: readonly Track[]): Track[] {
  const picked = TRACKS.filter((t) => selected.includes(t));
  return picked.length > 0 ? picked : [...TRACKS];
}

/** Whether a zone fits the selected tracks: zones without a track always fit; with no track selected only they do. */
export function zoneFitsTracks(zone: Pick<Zone, 'track'>, selected: readonly Track[]): boolean {
  return zone.track === null || selected.includes(zone.track);
}

/**
 * Whether a zone's km range overlaps the (unsorted) range. An empty range bound means unbounded on that side.
 * A zone whose km range is unknown (no markers when drawn) overlaps nothing.
 */
export function zoneOverlapsRange(zone: Pick<Zone, 'kmStart' | 'kmEnd'>, r: RangeInput): boolean {
  if (zone.kmStart === null || zone.kmEnd === null) return false;
  const lo = Math.min(zone.kmStart, zone.kmEnd);
  const hi = Math.max(zone.kmStart, zone.kmEnd);
  const s = r.start ?? -Infinity;
  const e = r.end ?? Infinity;
  return hi >= Math.min(s, e) && lo <= Math.max(s, e);
}

/** The zones listed in the form: those crossed by the range, in the zones' given order. */
export function zonesCrossed<Z extends Pick<Zone, 'kmStart' | 'kmEnd'>>(zones: readonly Z[], r: RangeInput): Z[] {
  return zones.filter((z) => zoneOverlapsRange(z, r));
}

/** Zone ids selected after a range or track change: zones overlapping the range that fit the tracks (docs/product.md#report-form). */
export function reselectZones(zones: readonly Zone[], r: RangeInput, tracks: readonly Track[]): string[] {
  return zones.filter((z) => zoneOverlapsRange(z, r) && zoneFitsTracks(z, tracks)).map((z) => z.id);
}

/** Case- and accent-insensitive filter of the zone list by name. */
export function searchZones<Z extends Pick<Zone, 'name'>>(zones: readonly Z[], query: string): Z[] {
  const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const q = fold(query.trim());
  return q === '' ? [...zones] : zones.filter((z) => fold(z.name).includes(q));
}

export interface FormState {
  range: RangeInput;
  selectedZones: readonly string[];
  markerCount: number;
  /** The marker bounds: a PK outside them blocks the report. */
  bounds?: { min: number; max: number } | null;
}

/** The first blocking message of docs/product.md#report-form, or null when the form can be submitted. */
export function validateReportForm(f: FormState): string | null {
  if (f.markerCount < 2) return REPORT_MESSAGES.needMarkers;
  if (f.range.start === null || f.range.end === null) return REPORT_MESSAGES.needRange;
  const b = f.bounds;
  if (b) {
    const out = (v: number) => v < b.min - 1e-9 || v > b.max + 1e-9;
    if (out(f.range.start)) return REPORT_MESSAGES.startOutOfBounds(formatKm(b.min), formatKm(b.max));
    if (out(f.range.end)) return REPORT_MESSAGES.endOutOfBounds(formatKm(b.min), formatKm(b.max));
  }
  if (f.selectedZones.length === 0) return REPORT_MESSAGES.needZone;
  return null;
}

/** Clamps a value into the marker bounds (the inputs are bounded, docs/product.md#report-form). */
export function clampKm(v: number, bounds: { min: number; max: number } | null): number {
  if (!bounds) return v;
  return Math.min(bounds.max, Math.max(bounds.min, v));
}

/** The report request of docs/product.md#report-form: sorted start/end, display values as entered, tracks as selected. */
export function buildReportRequest(
  range: RangeInput, selectedZones: readonly string[], selectedTracks: readonly Track[],
  bounds: { min: number; max: number } | null,
): ReportRequest | null {
  if (range.start === null || range.end === null) return null;
  const a = clampKm(range.start, bounds);
  const b = clampKm(range.end, bounds);
  return {
    startPoint: Math.min(a, b), endPoint: Math.max(a, b),
    displayStartPoint: range.start, displayEndPoint: range.end,
    selectedZones: [...selectedZones],
    selectedTracks: TRACKS.filter((t) => selectedTracks.includes(t)),
  };
}
