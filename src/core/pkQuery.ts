// A PK typed in the search field ('17,4', '17.40', 'PK 17+400', 'pk 17 + 40') and the map position to jump to:
// the inverse of the PK of a position (marker interpolation), refusing a PK outside the markers' range.
import { imageXForKmSorted, sortMarkers, type PkMarker } from './pk';
import { formatKm, roundKm } from './format';
import { KM_MAX } from './constants';

// 'PK' optional; km (1-3 digits); then either a decimal part (',' or '.', 1-3 digits) or '+' metres (1-3 digits).
const PK_QUERY = /^(?:p\.?\s*k\.?\s*)?(\d{1,3})(?:\s*[.,]\s*(\d{1,3})|\s*\+\s*(\d{1,3}))?$/i;

/** The km a query denotes, or null when it is not a PK. '17+400' and '17+4' are metres after the '+' (17,4 / 17,004). */
export function parsePkQuery(text: string): number | null {
  const m = PK_QUERY.exec(text.trim());
  if (!m) return null;
  const km = Number(m[1]) + (m[2] !== undefined ? Number(`0.${m[2]}`) : 0) + (m[3] !== undefined ? Number(m[3]) / 1000 : 0);
  if (!Number.isFinite(km) || km > KM_MAX) return null;
  return Math.round(km * 1000) / 1000;
}

export type PkJump =
  | { ok: true; km: number; x: number }
  | { ok: false; reason: 'no_markers' | 'out_of_range'; km: number; min?: number; max?: number };

/** Where the map centres for `km`: the image x by interpolation between markers (ends of the range included). */
export function pkJumpTarget(markers: readonly PkMarker[], km: number): PkJump {
  const sorted = sortMarkers(markers);
  if (sorted.length < 2) return { ok: false, reason: 'no_markers', km };
  let min = Infinity;
  let max = -Infinity;
  for (const m of sorted) { if (m.value < min) min = m.value; if (m.value > max) max = m.value; }
  const x = km < min || km > max ? null : imageXForKmSorted(sorted, km);
  if (x === null) return { ok: false, reason: 'out_of_range', km, min, max };
  return { ok: true, km, x };
}

/** The French message for a refused jump. */
export function pkJumpMessage(j: Extract<PkJump, { ok: false }>): string {
  if (j.reason === 'no_markers') return 'Aucun repère kilométrique : impossible de situer un PK sur la ligne.';
  return `Le PK ${formatPk(j.km)} est hors de la ligne (repères de PK ${formatKm(j.min)} à PK ${formatKm(j.max)}).`;
}

/** A PK with a decimal comma, 2 decimals, or 3 when the metres need them ('17,40', '17,004'). */
export function formatPk(km: number): string {
  return Math.abs(roundKm(km) - km) < 1e-9 ? formatKm(km) : km.toFixed(3).replace('.', ',');
}
