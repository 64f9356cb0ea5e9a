// CSV import of a line's PK anchors, one row `pk;lat;lon[;voie]` (docs/product.md#position): ';' (or tab)
// separated, comma or point decimals, PK as '17,400', '17.4' or '017+400', track 1 or 2 (voie 1 when absent),
// an optional header row. Each track's axis is its anchors joined in file order.
import type { Track } from '../types';
import { parsePkQuery, formatPk } from '../pkQuery';
import { checkAnchors, parseTrack, unknownTrackMessage, type ImportResult, type LabelledAnchor } from './importCheck';
import type { LonLat } from './lineIndex';

const NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

function parseNumber(text: string): number | null {
  const t = text.trim();
  return NUMBER.test(t) ? Number(t.replace(',', '.')) : null;
}

function splitRow(line: string): string[] {
  if (line.includes(';')) return line.split(';');
  if (line.includes('\t')) return line.split('\t');
  return line.split(','); // comma-separated: decimals are points then
}

export function parseAnchorCsv(text: string): ImportResult {
  const errors: string[] = [];
  const anchors: LabelledAnchor[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  lines.forEach((raw, i) => {
    const label = `Ligne ${i + 1}`;
    if (raw.trim() === '') return;
    const cells = splitRow(raw).map((c) => c.trim());
    if (i === 0 && parsePkQuery(cells[0]) === null && /^"?(pk|point)/i.test(cells[0])) return; // header: 'pk;lat;lon;voie'
    if (cells.length < 3 || cells.length > 4) { errors.push(`${label} : 3 ou 4 colonnes attendues (pk;lat;lon;voie), ${cells.length} trouvée${cells.length > 1 ? 's' : ''}.`); return; }
    const pk = parsePkQuery(cells[0]);
    const lat = parseNumber(cells[1]);
    const lon = parseNumber(cells[2]);
    const track: Track | null = cells.length === 4 && cells[3] !== '' ? parseTrack(cells[3]) : 'voie_1';
    if (pk === null) errors.push(`${label} : PK « ${cells[0]} » illisible (ex. 17,400 ou 017+400).`);
    if (lat === null || lat < -90 || lat > 90) errors.push(`${label} : latitude « ${cells[1]} » invalide (degrés décimaux entre -90 et 90).`);
    if (lon === null || lon < -180 || lon > 180) errors.push(`${label} : longitude « ${cells[2]} » invalide (degrés décimaux entre -180 et 180).`);
    if (track === null) errors.push(unknownTrackMessage(label, cells[3]));
    if (pk !== null && lat !== null && lon !== null && track !== null) anchors.push({ label, pk, lat, lon, track });
  });
  if (errors.length === 0 && anchors.length < 2) errors.push('Le fichier doit contenir au moins deux repères (pk;lat;lon).');
  if (errors.length > 0) return { ok: false, errors };
  // In file order the PKs of each track must follow one direction (a jump: two rows at one place).
  for (const track of ['voie_1', 'voie_2'] as const) {
    const own = anchors.filter((a) => a.track === track);
    let direction = 0;
    for (let k = 1; k < own.length; k++) {
      const step = Math.sign(own[k].pk - own[k - 1].pk);
      if (step === 0 || (direction !== 0 && step !== direction)) {
        errors.push(`${own[k].label} : PK ${formatPk(own[k].pk)} hors d’ordre après PK ${formatPk(own[k - 1].pk)} (${own[k - 1].label.toLowerCase()}).`);
      } else direction = step;
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const axes = (['voie_1', 'voie_2'] as const).map((track) => {
    const coordinates: LonLat[] = [];
    for (const a of anchors) {
      if (a.track !== track) continue;
      const last = coordinates[coordinates.length - 1];
      if (!last || last[0] !== a.lon || last[1] !== a.lat) coordinates.push([a.lon, a.lat]);
    }
    return { track, coordinates };
  }).filter((a) => a.coordinates.length > 0);
  const single = axes.find((a) => a.coordinates.length < 2);
  if (single) return { ok: false, errors: [`La ${single.track === 'voie_1' ? 'voie 1' : 'voie 2'} n’a qu’un seul point : au moins deux lieux différents sont nécessaires pour un tracé.`] };
  const checked = checkAnchors(axes, anchors);
  if (checked.length > 0) return { ok: false, errors: checked };
  return { ok: true, geometry: { axes, anchors: anchors.map(({ track, pk, lat, lon }) => ({ track, pk, lat, lon })) } };
}
