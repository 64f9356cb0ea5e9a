import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { startStreamingReport, xmlText, type DocxRow } from './docxStream';
import { HOSTILE_TEXT } from '../../../test/fixtures/report/reportFixture';
import { gradientPng } from '../../../test/fixtures/report/testPng';
import { REPORT_TEXT } from './strings';

const meta = {
  request: { startPoint: 12.5, endPoint: 18, displayStartPoint: 12.5, displayEndPoint: 18, selectedZones: ['a', 'b'], selectedTracks: [] },
  tracks: ['voie_1', 'voie_2'] as ('voie_1' | 'voie_2')[],
  stats: { unresolved: 3, zonesWithAnomalies: 1, dangers: 1 },
  generatedAt: new Date('2026-11-21T10:30:00Z'),
};
const row = (i: number, extra: Partial<DocxRow> = {}): DocxRow => ({
  id: `p${i}`, km: 12.5 + i / 100, name: `Anomalie ${i}`, description: `Ligne 1\nLigne 2`, status: 'Signalé', criticality: 'Danger',
  team: 'Équipe A', ticket: `OT-${i}`, imageUrl: null, assignee: '—', due: '—', ...extra,
});

/** Tag balance of an XML text (elements open and close in order); throws at the first mismatch. */
function assertWellFormed(xml: string): void {
  const stack: string[] = [];
  for (const m of xml.matchAll(/<(\/?)([A-Za-z_][\w:.-]*)[^>]*?(\/?)>/g)) {
    if (m[0].startsWith('<?')) continue;
    if (m[1]) { const top = stack.pop(); if (top !== m[2]) throw new Error(`</${m[2]}> closes <${top}> at ${m.index}`); }
    else if (!m[3]) stack.push(m[2]);
  }
  if (stack.length) throw new Error(`unclosed: ${stack.slice(-3).join(', ')}`);
  expect(xml.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]/);
}

/** The texts of each row's cells (a cell's runs joined). */
function cellTexts(xml: string): string[][] {
  return [...xml.matchAll(/<w:tr>([\s\S]*?)<\/w:tr>/g)].map((tr) => [...tr[1].matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)]
    .map((tc) => [...tc[1].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('')));
}

describe('streaming Word report', () => {
  it('writes the skeleton, sections, escaped rows and embedded photos into a valid package', async () => {
    const w = await startStreamingReport(meta);
    w.section({ name: 'Gare <Nord> & dépôt', color: '#ef4444', track: 'Voie 1', kmStart: 12.5, kmEnd: 14, count: 2 });
    w.row(row(1, { name: HOSTILE_TEXT, imageUrl: 'https://img.test/1.png' }), { data: gradientPng(800, 600), type: 'png', width: 800, height: 600 });
    w.row(row(2, { description: HOSTILE_TEXT, imageUrl: 'https://img.test/missing.png' }), null);
    w.section({ name: null, color: '', track: null, kmStart: null, kmEnd: null, count: 1 });
    w.row(row(3));
    const files = unzipSync(new Uint8Array(Buffer.concat(w.finish())));
    const xml = strFromU8(files['word/document.xml']);
    assertWellFormed(xml);
    expect(xml).toContain(REPORT_TEXT.viewTitle);
    expect(xml).toContain('PK 12,50 → PK 18,00');
    expect(xml).not.toContain('@@REPORT_SECTIONS@@');
    expect(xml).toContain(xmlText('Gare <Nord> & dépôt'));
    expect(xml).toContain(xmlText(HOSTILE_TEXT));
    expect(xml).not.toMatch(/<w:fldSimple|<w:instrText/);
    expect(xml).toContain(REPORT_TEXT.outsideZones);
    expect(xml).toContain('Photo : https://img.test/missing.png');
    expect(xml.match(/<w:tblHeader\/>/g)).toHaveLength(2); // the header row repeats on each page, per table
    expect(xml).toContain('<w:t xml:space="preserve">Ligne 2</w:t>');
    expect(Object.keys(files)).toContain('word/media/photo1.png');
    const rels = strFromU8(files['word/_rels/document.xml.rels']);
    expect(rels).toContain('Id="rIdPhoto1"');
    expect(xml).toContain('r:embed="rIdPhoto1"');
    expect(xml).toContain(`cx="${400 * 9525}" cy="${300 * 9525}"`); // fitted in 400×300
    expect(strFromU8(files['word/styles.xml'])).toContain('w:styleId="Heading2"');
  });

  it('writes the first photo in 400×300 and the next ones as smaller thumbnails, a missing one as its URL', async () => {
    const w = await startStreamingReport(meta);
    w.section({ name: 'Zone', color: '#ef4444', track: 'Voie 1', kmStart: 12.5, kmEnd: 14, count: 1 });
    const thumb = { data: gradientPng(320, 240), type: 'png' as const, width: 320, height: 240 };
    w.row(row(1, { imageUrl: 'https://img.test/1.png', thumbUrls: ['https://img.test/2.t.jpg', 'https://img.test/3.t.jpg', 'https://img.test/4.t.jpg'] }),
      { data: gradientPng(800, 600), type: 'png', width: 800, height: 600 }, [thumb, null, thumb]);
    const files = unzipSync(new Uint8Array(Buffer.concat(w.finish())));
    const xml = strFromU8(files['word/document.xml']);
    assertWellFormed(xml);
    expect(Object.keys(files).filter((f) => f.startsWith('word/media/'))).toHaveLength(3);
    expect(xml.match(new RegExp(`cx="${400 * 9525}" cy="${300 * 9525}"`, 'g'))).toHaveLength(2); // the first photo (extent and frame)
    expect(xml.match(new RegExp(`cx="${160 * 9525}" cy="${120 * 9525}"`, 'g'))).toHaveLength(4); // two thumbnails in 160×120
    expect(xml).toContain('Photo : https://img.test/3.t.jpg');
    const rels = strFromU8(files['word/_rels/document.xml.rels']);
    expect(rels.match(/Id="rIdPhoto\d"/g)).toHaveLength(3);
  });

  it('writes the header and each row\'s cells in the columns\' order, with Assigné à and Échéance', async () => {
    const w = await startStreamingReport(meta);
    w.section({ name: 'Zone 1', color: '#3B82F6', track: 'Voie 1', kmStart: 12, kmEnd: 14, count: 2 });
    w.row(row(1, { assignee: 'chef@rail.local', due: 'En retard de 2 j' }));
    w.row(row(2, { due: '03/12 14:00' }));
    const xml = strFromU8(unzipSync(new Uint8Array(Buffer.concat(w.finish())))['word/document.xml']);
    const table = xml.slice(xml.lastIndexOf('<w:tbl>'));
    const rows = cellTexts(table);
    expect(rows[0]).toEqual(['PK', 'Libellé', 'Description', 'Statut', 'Criticité', 'Équipe', 'Assigné à', 'Échéance', 'N° OT/Dépêche']);
    expect(rows[1]).toEqual(['12,51', 'Anomalie 1', 'Ligne 1Ligne 2', 'Signalé', 'Danger', 'Équipe A', 'chef@rail.local', 'En retard de 2 j', 'OT-1']);
    expect(rows[2].slice(6)).toEqual(['—', '03/12 14:00', 'OT-2']);
    // The grid has one column per title, and the widths fill the text width.
    expect(table.match(/<w:gridCol /g)).toHaveLength(9);
  });

  it('holds 30,000 rows in a few MB of compressed output (bounded memory)', async () => {
    const w = await startStreamingReport({ ...meta, stats: { unresolved: 30_000, zonesWithAnomalies: 3, dangers: 0 } });
    for (let s = 0; s < 3; s++) {
      w.section({ name: `Zone ${s}`, color: '#3B82F6', track: 'Voie 1', kmStart: s, kmEnd: s + 1, count: 10_000 });
      for (let i = 0; i < 10_000; i++) w.row(row(s * 10_000 + i));
    }
    const parts = w.finish();
    const total = parts.reduce((n, p) => n + p.length, 0);
    expect(total).toBeLessThan(8 * 2 ** 20); // the XML itself is over 10× larger
    const xml = strFromU8(unzipSync(new Uint8Array(Buffer.concat(parts)))['word/document.xml']);
    expect(xml.length).toBeGreaterThan(10 * total);
    expect(xml.match(/<w:tr>/g)?.length).toBe(30_000 + 3 + 2); // + header rows + the summary table's two
    expect(xml).toContain('Anomalie 29999');
  }, 60_000);

  it('escapes the five entities and drops characters XML forbids', () => {
    expect(xmlText(`a<b>&"c'\u0001d`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;d');
  });
});
