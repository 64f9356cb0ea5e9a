// Word report file name (docs/product.md#constants): rapport_parcours_PK12-50_PK18-00_2026-11-21.docx, date in Europe/Paris.
import { formatKm } from '../format';

const ISO_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** 'YYYY-MM-DD' of the instant in Europe/Paris. */
export function parisIsoDay(at: Date): string {
  const parts = Object.fromEntries(ISO_DAY.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** PK for a file name: 2 decimals, '-' instead of the decimal comma (12.5 → '12-50'). */
export function fileKm(km: number): string {
  return formatKm(km, '0,00').replace(',', '-').replace(/[^0-9-]/g, '');
}

/**
 * The file name from the PK values as entered (display start/end) and the generation instant; the line's code
 * (a network's report) after 'rapport_parcours_'.
 */
export function reportFileName(displayStart: number, displayEnd: number, at: Date, lineCode: string | null = null): string {
  const line = lineCode ? `${lineCode.replace(/[^0-9A-Za-z_-]+/g, '-')}_` : '';
  return `rapport_parcours_${line}PK${fileKm(displayStart)}_PK${fileKm(displayEnd)}_${parisIsoDay(at)}.docx`;
}
