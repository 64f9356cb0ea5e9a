// CSV that French Excel opens as is: UTF-8 with a BOM, ';' between fields, CRLF line ends, PK with a
// decimal comma, dates in Europe/Paris. Fields holding ';', quotes or line breaks are quoted (RFC 4180); text that
// Excel would run as a formula (=, +, -, @ first) gets a leading apostrophe.
import { formatDateTimeFr } from '../format';
import type { ExportRecord } from './record';

export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_EOL = '\r\n';

export const CSV_COLUMNS = [
  'PK', 'Libellé', 'Description', 'Statut', 'Criticité', 'Équipe', 'Zone(s)', 'Voie', 'N° OT/Dépêche',
  'Photo (URL)', 'Constaté le', 'Créé le', 'Créé par', 'Assigné à', 'Échéance', 'Photos (URL)',
] as const;

/** Between the URLs of the 'Photos (URL)' column (a URL holds no space). */
export const CSV_PHOTOS_SEPARATOR = ' ';

/** One field, quoted when needed. */
export function csvField(value: string): string {
  const v = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** The PK with a decimal comma and the typed precision (2 decimals), '' without one. */
export function csvKm(km: number | null): string {
  return km === null ? '' : km.toFixed(2).replace('.', ',');
}

/** The header; `withLine`: a first 'Ligne' column (an export of a network of lines). */
export function csvHeader(withLine = false): string {
  return [...(withLine ? ['Ligne'] : []), ...CSV_COLUMNS].map(csvField).join(CSV_SEPARATOR) + CSV_EOL;
}

export function csvLine(r: ExportRecord, withLine = false): string {
  return [
    ...(withLine ? [csvField(r.lineLabel)] : []),
    csvKm(r.km), csvField(r.name), csvField(r.description), csvField(r.statusLabel), csvField(r.criticalityLabel),
    csvField(r.teamName), csvField(r.zoneNames.join(', ')), csvField(r.trackLabel), csvField(r.ticketNumber),
    csvField(r.imageUrl), formatDateTimeFr(r.observedAt), formatDateTimeFr(r.createdAt), csvField(r.createdByEmail),
    csvField(r.assigneeEmail), r.dueAt ? formatDateTimeFr(r.dueAt) : '', csvField(r.photoUrls.join(CSV_PHOTOS_SEPARATOR)),
  ].join(CSV_SEPARATOR) + CSV_EOL;
}

/** Reads a CSV written by csvLine back into fields (tests and tools): quotes, doubled quotes, CRLF in fields. */
export function parseCsv(text: string, sep = CSV_SEPARATOR): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) { row.push(field); field = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(field); rows.push(row); row = []; field = ''; i++; }
    else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows;
}
