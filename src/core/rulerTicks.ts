// Kilometre ruler ticks for the visible image range: a "nice" step (1-2-5 × 10^n km) chosen so that labelled ticks
// stay at least ~80 screen px apart at the current zoom, between markers only (no extrapolation), plus the markers.
import { KM_STEP } from './constants';
import { formatKm, roundKm } from './format';
import { sortMarkers, type PkMarker } from './pk';

export const RULER_MIN_LABEL_SPACING_PX = 80; // screen px between two PK labels
export const RULER_MIN_MINOR_SPACING_PX = 8; // screen px between two unlabelled minor ticks

export interface RulerTick { imageX: number; km: number; major: boolean; label: string | null }
export interface RulerMarker { imageX: number; km: number; label: string; labelVisible: boolean }
export interface RulerTicks { stepKm: number | null; minorStepKm: number | null; ticks: RulerTick[]; markers: RulerMarker[] }

export interface RulerTicksInput {
  markers: readonly PkMarker[];
  visibleMinX: number; // image px
  visibleMaxX: number; // image px
  zoom: number; // screen px per image px
  minLabelSpacingPx?: number; // screen px
}

/** Smallest 1-2-5 × 10^n step ≥ `raw`, never below 0.01 km. */
export function niceStep(raw: number): number {
  if (!(raw > KM_STEP)) return KM_STEP;
  const p = Math.pow(10, Math.floor(Math.log10(raw)));
  for (const m of [1, 2, 5, 10]) {
    const s = Number((m * p).toPrecision(12));
    if (s >= raw * (1 - 1e-9)) return s;
  }
  return Number((10 * p).toPrecision(12));
}

function minorDivisions(step: number): number {
  const mantissa = Math.round(step / Math.pow(10, Math.floor(Math.log10(step) + 1e-9)));
  return mantissa === 2 ? 4 : 5;
}

interface Segment { x0: number; x1: number; v0: number; v1: number }

export function rulerTicks(input: RulerTicksInput): RulerTicks {
  const spacing = input.minLabelSpacingPx ?? RULER_MIN_LABEL_SPACING_PX;
  const zoom = input.zoom > 0 ? input.zoom : 1;
  const minX = Math.min(input.visibleMinX, input.visibleMaxX);
  const maxX = Math.max(input.visibleMinX, input.visibleMaxX);
  const sorted = sortMarkers(input.markers);

  const margin = spacing / zoom; // a marker just off screen may still show part of its label
  const markers: RulerMarker[] = [];
  let lastLabelX = -Infinity;
  for (const m of sorted) {
    if (m.position < minX - margin || m.position > maxX + margin) continue;
    const labelVisible = (m.position - lastLabelX) * zoom >= spacing;
    if (labelVisible) lastLabelX = m.position;
    markers.push({ imageX: m.position, km: m.value, label: formatKm(m.value), labelVisible });
  }

  const segments: Segment[] = [];
  let minPxPerKm = Infinity;
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i];
    const b = sorted[i + 1];
    if (b.position <= a.position || a.value === b.value || b.position < minX || a.position > maxX) continue;
    segments.push({ x0: a.position, x1: b.position, v0: a.value, v1: b.value });
    minPxPerKm = Math.min(minPxPerKm, ((b.position - a.position) / Math.abs(b.value - a.value)) * zoom);
  }
  if (segments.length === 0) return { stepKm: null, minorStepKm: null, ticks: [], markers };

  const step = niceStep(spacing / minPxPerKm);
  const minorStep = Number((step / minorDivisions(step)).toPrecision(12));
  const useMinor = minorStep >= KM_STEP && minorStep * minPxPerKm >= RULER_MIN_MINOR_SPACING_PX;
  const unit = useMinor ? minorStep : step;
  const perMajor = Math.round(step / unit);

  const ticks: RulerTick[] = [];
  let lastMajorLabelX = -Infinity;
  for (const s of segments) {
    const xa = Math.max(s.x0, minX);
    const xb = Math.min(s.x1, maxX);
    const kmAt = (x: number) => s.v0 + ((x - s.x0) / (s.x1 - s.x0)) * (s.v1 - s.v0);
    const ka = kmAt(xa);
    const kb = kmAt(xb);
    const up = kb >= ka;
    // Iterate in increasing x: k grows when values grow along x, shrinks otherwise.
    const kFirst = up ? Math.ceil(ka / unit - 1e-9) : Math.floor(ka / unit + 1e-9);
    const kLast = up ? Math.floor(kb / unit + 1e-9) : Math.ceil(kb / unit - 1e-9);
    const dir = up ? 1 : -1;
    for (let k = kFirst; up ? k <= kLast : k >= kLast; k += dir) {
      const km = roundKm(k * unit);
      const x = s.x0 + ((km - s.v0) / (s.v1 - s.v0)) * (s.x1 - s.x0);
      if (x < xa - 1e-9 || x > xb + 1e-9) continue;
      const prev = ticks[ticks.length - 1];
      if (prev && Math.abs(prev.imageX - x) * zoom < 0.5) continue; // shared segment end
      const major = k % perMajor === 0;
      let label: string | null = null;
      if (major && (x - lastMajorLabelX) * zoom >= spacing && !nearMarker(markers, x, zoom, spacing)) {
        label = formatKm(km);
        lastMajorLabelX = x;
      }
      ticks.push({ imageX: x, km, major, label });
    }
  }
  return { stepKm: step, minorStepKm: useMinor ? minorStep : null, ticks, markers };
}

function nearMarker(markers: RulerMarker[], x: number, zoom: number, spacing: number): boolean {
  for (const m of markers) if (m.labelVisible && Math.abs(m.imageX - x) * zoom < spacing) return true;
  return false;
}
