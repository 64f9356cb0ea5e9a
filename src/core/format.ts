// French display formats: PK (kilometre) with exactly 2 decimals and a comma, dates in Europe/Paris, and PK input parsing.
import { KM_MAX, KM_MIN } from './constants';

const KM_FORMAT = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
const DATE_FORMAT = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });
const DATE_TIME_FORMAT = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit',
});

/** Rounds a km value to 2 decimals (0.01 km, docs/product.md#constants), robust to binary representation (1.005 gives 1.01). */
export function roundKm(km: number): number {
  // toPrecision(12) drops binary noise first: 1.005 * 100 = 100.49999999999999 → 100.5 → 101.
  const r = Math.round(Number((Math.abs(km) * 100).toPrecision(12))) / 100;
  return km < 0 && r !== 0 ? -r : r;
}

/** A count with the French thousands separator: 75347 → '75 347' (narrow no-break space). */
export function formatCount(n: number): string {
  return COUNT_FORMAT.format(n);
}
const COUNT_FORMAT = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** '0 anomalie', '1 anomalie', '2 anomalies', '1 234 anomalies': French singular for 0 and 1, the plural from 2 on. */
export function countNoun(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${Math.abs(n) >= 2 ? plural : singular}`;
}

/** '12,50' for 12.5; `fallback` for null, undefined or a non-finite number. */
export function formatKm(km: number | null | undefined, fallback = '—'): string {
  if (km === null || km === undefined || !Number.isFinite(km)) return fallback;
  return KM_FORMAT.format(roundKm(km) + 0); // + 0 turns -0 into 0
}

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** '21/11/2026' in Europe/Paris; '' for an invalid date. */
export function formatDateFr(value: string | number | Date): string {
  const d = toDate(value);
  return d ? DATE_FORMAT.format(d) : '';
}

/** '21/11/2026 11:19' in Europe/Paris; '' for an invalid date. */
export function formatDateTimeFr(value: string | number | Date): string {
  const d = toDate(value);
  return d ? DATE_TIME_FORMAT.format(d) : '';
}

const KM_INPUT = /^\d{1,3}(?:[.,]\d{1,2})?$/;

/**
 * Parses a PK as typed or pasted ('12,5', '12.50', ' 7 '): at most 3 integer digits and 2 decimals,
 * between 0 and 999.99 (docs/product.md#pk). Anything else gives null.
 */
export function parseKmInput(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const t = text.trim();
  if (!KM_INPUT.test(t)) return null;
  const km = Number(t.replace(',', '.'));
  return km >= KM_MIN && km <= KM_MAX ? roundKm(km) : null;
}

/** A PK field's text once left: 2 decimals and a comma ('25,5' → '25,50'); the text itself when it is not a PK. */
export function settleKmText(text: string): string {
  const km = parseKmInput(text);
  return km === null ? text : formatKm(km);
}
