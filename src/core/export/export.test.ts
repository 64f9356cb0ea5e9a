// The export core: CSV read back column by column (BOM, separator, decimal comma, a description with ';', quotes
// and a line break, formula guard), GeoJSON validated against its structure, zone and track resolution, paging.
import { describe, expect, it } from 'vitest';
import { CSV_BOM, CSV_COLUMNS, csvField, parseCsv } from './csv';
import { validateGeoJson, type GeoJsonFeature } from './geojson';
import type { ExportLookups, PointRowRaw } from './record';
import { exportFileName, runExport, type ExportFormat } from './run';
import { pageUrl } from './source';

const lookups: ExportLookups = {
  levels: [{ id: 'danger', name: 'Danger sécurité' }, { id: 'attention', name: 'Attention sur ce risque' }],
  teams: [{ id: 't1', name: 'Équipe Nord' }],
  zones: [
    { id: 'z1', name: 'Gare A', track: 'voie_1', points: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 100 }, { x: 0, y: 100 }] },
    { id: 'z2', name: 'Quai 2', track: 'voie_2', points: [{ x: 50, y: 50 }, { x: 150, y: 50 }, { x: 150, y: 150 }, { x: 50, y: 150 }] },
  ],
  emails: { u1: 'alice@rail.fr' },
};
const row = (i: number, o: Partial<PointRowRaw> = {}): PointRowRaw => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `Point ${i}`, description: 'd', kilometer: '12.50', km_value: 12.5,
  position: { x: 10, y: 10 }, image_url: null, status: 'signale', criticality: 'attention', ticket_number: null, team_id: null,
  created_at: '2026-07-01T08:30:00.123456+00:00', created_by: null, ...o,
});

async function exportText(format: ExportFormat, rows: PointRowRaw[], filter = { status: 'all' as const, zoneId: null as string | null }, pageSize = 1000, chunkChars = 64) {
  const chunks: string[] = [];
  const pages: (string | null)[] = [];
  const res = await runExport({ format, filter, lookups, image: { url: '/line.png', width: 12000, height: 1500 } }, {
    pageSize, chunkChars,
    fetchPage: async (after) => {
      pages.push(after?.id ?? null);
      const start = after ? rows.findIndex((r) => r.id === after.id) + 1 : 0;
      return rows.slice(start, start + pageSize);
    },
    write: (c) => { chunks.push(c); },
  });
  return { text: chunks.join(''), chunks, pages, res };
}

describe('CSV for French Excel', () => {
  it('writes a BOM, the 16 columns, a decimal comma, Paris dates and quotes what needs it; reads back field by field', async () => {
    const tricky = 'Rail cassé; voir "photo"\r\net ligne 2\nfin';
    const { text } = await exportText('csv', [
      row(1, { name: 'Éclisse', description: tricky, km_value: '17.4', kilometer: '17.40', status: 'pris_en_charge', criticality: 'danger',
        team_id: 't1', position: { x: 60, y: 60 }, ticket_number: 'OT-72170', image_url: 'https://x.fr/a.jpg', created_by: 'u1',
        observed_at: '2026-01-15T21:10:00+00:00', created_at: '2026-01-15T23:30:00+00:00', assignee_id: 'u1', due_at: '2026-01-17T21:10:00+00:00',
        photos: ['https://x.fr/a.jpg', 'https://x.fr/b.png', 'https://x.fr/c.jpg'] }),
      row(2, { description: '=1+1', km_value: null, position: { x: 500, y: 500 }, created_at: '2026-07-01T22:05:00Z' }),
    ]);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows[0]).toEqual(['PK', 'Libellé', 'Description', 'Statut', 'Criticité', 'Équipe', 'Zone(s)', 'Voie', 'N° OT/Dépêche', 'Photo (URL)', 'Constaté le', 'Créé le', 'Créé par', 'Assigné à', 'Échéance', 'Photos (URL)']);
    expect(rows).toHaveLength(3);
    const [pk, name, desc, status, crit, team, zones, track, ticket, photo, observed, created, by, assignee, due, photos] = rows[1];
    expect(pk).toBe('17,40');
    expect(name).toBe('Éclisse');
    expect(desc).toBe(tricky);
    expect(status).toBe('En cours');
    expect(crit).toBe('Danger sécurité');
    expect(team).toBe('Équipe Nord');
    expect(zones).toBe('Gare A, Quai 2');
    expect(track).toBe('Voie 1, Voie 2');
    expect(ticket).toBe('OT-72170');
    expect(photo).toBe('https://x.fr/a.jpg');
    expect(photos.split(' ')).toEqual(['https://x.fr/a.jpg', 'https://x.fr/b.png', 'https://x.fr/c.jpg']); // every photo, in order
    expect(observed).toBe('15/01/2026 22:10'); // saved offline: the device's time of the observation
    expect(created).toBe('16/01/2026 00:30'); // winter: UTC+1
    expect(rows[2][10]).toBe(rows[2][11]); // no observed_at (an older row): the arrival
    expect(by).toBe('alice@rail.fr');
    expect(assignee).toBe('alice@rail.fr');
    expect(due).toBe('17/01/2026 22:10');
    expect(rows[2].slice(13)).toEqual(['', '', '']); // nobody assigned, no due time, no photo
    expect(rows[2][0]).toBe('');
    expect(rows[2][2]).toBe("'=1+1"); // never run as a formula
    expect(rows[2][6]).toBe('');
    expect(rows[2][11]).toBe('02/07/2026 00:05'); // summer: UTC+2
    // the separator inside the description is quoted, so every line has exactly 16 fields
    expect(rows.every((r) => r.length === 16)).toBe(true);
    expect(text).toContain('"Rail cassé; voir ""photo""');
  });
  it('quotes only when needed', () => {
    expect(csvField('simple')).toBe('simple');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('dit "non"')).toBe('"dit ""non"""');
    expect(csvField('-5')).toBe("'-5");
  });
});

describe('GeoJSON', () => {
  it('is a valid FeatureCollection in image pixels with the PK and every field as properties', async () => {
    const { text } = await exportText('geojson', [row(1, { team_id: 't1', position: { x: 60, y: 40 }, created_by: 'u1', assignee_id: 'u1', due_at: '2026-07-03T08:30:00Z' }), row(2, { km_value: null })]);
    const doc = JSON.parse(text);
    expect(validateGeoJson(doc)).toEqual([]);
    expect(doc.coordinate_space).toMatchObject({ type: 'image_pixels', width: 12000, height: 1500 });
    expect(doc.features).toHaveLength(2);
    expect(doc.features[0].geometry).toEqual({ type: 'Point', coordinates: [60, 40] });
    expect(doc.features[0].properties).toMatchObject({ pk: 12.5, libelle: 'Point 1', statut: 'signale', statut_libelle: 'Signalé',
      criticite_libelle: 'Attention sur ce risque', equipe: 'Équipe Nord', zones: ['Gare A'], voie: 'voie_1', cree_par: 'alice@rail.fr' });
    expect(doc.features[0].properties).toMatchObject({ assigne_a_id: 'u1', assigne_a: 'alice@rail.fr', echeance: '2026-07-03T08:30:00Z' });
    expect(doc.features[1].properties).toMatchObject({ assigne_a: null, echeance: null });
    expect(doc.features[0].properties.photos).toEqual([]);
    expect(doc.features[1].properties.pk).toBeNull();
    expect(validateGeoJson({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: ['a', 1] }, properties: { pk: null } }] }))
      .toEqual(['features[0].geometry.coordinates']);
  });
  it('lists every photo\'s URL in order; a point without gallery its image_url alone', async () => {
    const { text } = await exportText('geojson', [
      row(1, { image_url: 'https://x.fr/a.jpg', photos: ['https://x.fr/a.jpg', 'https://x.fr/b-dessin.png'] }),
      row(2, { image_url: 'https://ailleurs.fr/p.jpg' }),
    ]);
    const doc = JSON.parse(text);
    expect(doc.features.map((f: GeoJsonFeature) => [f.properties.photo_url, f.properties.photos])).toEqual([
      ['https://x.fr/a.jpg', ['https://x.fr/a.jpg', 'https://x.fr/b-dessin.png']],
      ['https://ailleurs.fr/p.jpg', ['https://ailleurs.fr/p.jpg']],
    ]);
  });
  it('is valid when empty', async () => {
    const { text } = await exportText('geojson', []);
    expect(validateGeoJson(JSON.parse(text))).toEqual([]);
  });
});

describe('runExport', () => {
  it('pages by keyset, streams in chunks, filters by zone', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => row(i, { position: i % 2 ? { x: 10, y: 10 } : { x: 900, y: 900 } }));
    const { text, chunks, pages, res } = await exportText('csv', rows, { status: 'all', zoneId: 'z1' }, 10, 200);
    expect(pages).toEqual([null, rows[9].id, rows[19].id]);
    expect(res).toMatchObject({ rowsRead: 25, rowsWritten: 12 });
    expect(chunks.length).toBeGreaterThan(2);
    expect(parseCsv(text.slice(1))).toHaveLength(13);
  });
  it('builds keyset page addresses newest first with the filters', () => {
    const u = new URL(pageUrl('http://h/', { status: 'tous', teamId: 'none' }, { createdAt: '2026-07-01T08:30:00.123456+00:00', id: 'abc' }));
    expect(u.pathname).toBe('/rest/v1/points');
    expect(u.searchParams.get('status')).toBe('neq.resolu');
    expect(u.searchParams.get('team_id')).toBe('is.null');
    expect(u.searchParams.get('order')).toBe('created_at.desc,id.desc');
    expect(u.searchParams.get('or')).toBe('(created_at.lt."2026-07-01T08:30:00.123456+00:00",and(created_at.eq."2026-07-01T08:30:00.123456+00:00",id.lt.abc))');
  });
  it('a network export: a first Ligne column, each point matched against the zones of its own line; a line filter in the address', async () => {
    const chunks: string[] = [];
    const rows = [row(1, { line_id: 'A' }), row(2, { line_id: 'B' })];
    await runExport({
      format: 'csv', filter: { status: 'all' }, image: null,
      lookups: { ...lookups, zones: [{ ...lookups.zones[0], lineId: 'A' }], lines: [{ id: 'A', label: 'L1 · Ligne A' }, { id: 'B', label: 'L2 · Ligne B' }] },
    }, { fetchPage: async (after) => (after ? [] : rows), write: (c) => { chunks.push(c); } });
    const csv = parseCsv(chunks.join('').slice(1));
    expect(csv[0]).toEqual(['Ligne', ...CSV_COLUMNS]);
    expect(csv.slice(1).map((r) => [r[0], r[7]])).toEqual([['L1 · Ligne A', 'Gare A'], ['L2 · Ligne B', '']]);
    expect(new URL(pageUrl('http://h/', { status: 'all', lineId: 'A' }, null)).searchParams.get('line_id')).toBe('eq.A');
    expect(new URL(pageUrl('http://h/', { status: 'all' }, null)).searchParams.get('line_id')).toBeNull();
  });
  it("a network GeoJSON gives each point its line and that line's image size (pixels differ per line)", async () => {
    const chunks: string[] = [];
    const rows = [row(1, { line_id: 'A' }), row(2, { line_id: 'B' })];
    await runExport({
      format: 'geojson', filter: { status: 'all' }, image: null,
      lookups: { ...lookups, lines: [{ id: 'A', label: 'L1 · Ligne A', image: { url: '/a.png', width: 12000, height: 1500 } }, { id: 'B', label: 'L2 · Ligne B', image: { url: '/b.png', width: 6000, height: 1500 } }] },
    }, { fetchPage: async (after) => (after ? [] : rows), write: (c) => { chunks.push(c); } });
    const doc = JSON.parse(chunks.join(''));
    expect(validateGeoJson(doc)).toEqual([]);
    expect(doc.features.map((f: GeoJsonFeature) => [f.properties.ligne, f.properties.image_largeur, f.properties.image_hauteur]))
      .toEqual([['L1 · Ligne A', 12000, 1500], ['L2 · Ligne B', 6000, 1500]]);
  });
  it('names the file with the Paris date (and the line code for one line of a network)', () => {
    expect(exportFileName('csv', new Date('2026-11-22T12:00:00Z'), 'L 2/B')).toBe('signalements_L-2-B_2026-11-22.csv');
    expect(exportFileName('csv', new Date('2026-11-22T23:30:00Z'))).toBe('signalements_2026-11-23.csv');
    expect(exportFileName('geojson', new Date('2026-11-22T12:00:00Z'))).toBe('signalements_2026-11-22.geojson');
  });
});
