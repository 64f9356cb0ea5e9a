import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { buildReportDocument, packReportDocument, type ReportImage } from './docxDocument';
import { fetchReportImages } from '../../../workers/fetchImages';
import { FIXTURE_LEVELS, fixtureReport, HOSTILE_TEXT } from '../../../test/fixtures/report/reportFixture';
import { gradientPng } from '../../../test/fixtures/report/testPng';
import { reportFileName } from './fileName';
import { buildReport } from './assemble';
import { reportTitle, REPORT_TEXT } from './strings';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

async function documentXml(images = new Map<string, ReportImage>(), report = fixtureReport(), assigneeNames?: Map<string, string>) {
  const bytes = await packReportDocument(buildReportDocument({ report, levels: FIXTURE_LEVELS, images, generatedAt: new Date('2026-11-21T10:30:00Z'), assigneeNames }));
  const files = unzipSync(bytes);
  return { files, xml: strFromU8(files['word/document.xml']), styles: strFromU8(files['word/styles.xml']) };
}

describe('buildReportDocument', () => {
  it('uses Calibri in the default and heading styles', async () => {
    const { styles } = await documentXml();
    expect(styles).toMatch(/<w:docDefaults>[\s\S]*w:ascii="Calibri"[\s\S]*<\/w:docDefaults>/);
    expect(styles).not.toMatch(/w:ascii="(?!Calibri)[^"]+"/);
  });

  it('contains every anomaly, the title, range, tracks, date and stats', async () => {
    const report = fixtureReport(40);
    const { xml } = await documentXml(new Map(), report);
    const all = [...report.pointsInZones.flatMap((s) => s.points), ...report.pointsOutsideZones];
    expect(all).toHaveLength(40);
    for (const p of all) expect(xml).toContain(xmlEscape(p.name));
    for (const s of report.pointsInZones) expect(xml).toContain(xmlEscape(s.zone.name));
    expect(xml).toContain(REPORT_TEXT.viewTitle);
    expect(xml).toContain('PK 12,50 → PK 18,00');
    expect(xml).toContain('Voie 1, Voie 2');
    expect(xml).toContain('21/11/2026 11:30'); // Europe/Paris
    expect(xml).toContain(REPORT_TEXT.outsideZones);
    expect(xml).toContain('Surveillance &lt;renforcée&gt;'); // custom level by name
  });

  it('escapes user text and builds no field codes from it', async () => {
    const { xml } = await documentXml();
    expect(xml).toContain(xmlEscape(HOSTILE_TEXT));
    expect(xml).toContain('OT-&lt;12345&gt;&amp;&quot;x&quot;');
    expect(xml).not.toContain('<cassé>');
    expect(xml).not.toMatch(/<w:fldSimple|<w:instrText|<w:fldChar/);
    // The XML is still well formed around the hostile text: exactly one document body.
    expect(xml.match(/<w:body>/g)).toHaveLength(1);
  });

  it('embeds fetched photos fitted in 400×300 and writes the URL of the others', async () => {
    const report = fixtureReport(12, 3);
    const calls: string[] = [];
    const fetchFn = (async (url: string) => {
      calls.push(url);
      if (url.endsWith('photo-0.png')) return new Response(gradientPng(800, 200), { headers: { 'content-type': 'image/png' } });
      if (url.endsWith('photo-3.png')) return new Response('<html/>', { headers: { 'content-type': 'text/html' } });
      if (url.endsWith('photo-6.png')) return new Response(gradientPng(30, 90), { headers: { 'content-type': 'image/png' } });
      if (url.endsWith('photo-9.png')) return new Response('nope', { status: 404, headers: { 'content-type': 'image/png' } });
      throw new Error('network down');
    }) as typeof fetch;
    const progress: number[] = [];
    const images = await fetchReportImages(report, { fetchFn, onProgress: (d) => progress.push(d) });
    expect([...images.keys()].sort()).toEqual(['https://img.test/photo-0.png', 'https://img.test/photo-6.png']);
    expect(progress).toEqual([1, 2, 3, 4]);
    const { xml, files } = await documentXml(images, report);
    expect(Object.keys(files).filter((f) => f.startsWith('word/media/'))).toHaveLength(2);
    const emu = (px: number) => px * 9525;
    expect(xml).toContain(`cx="${emu(400)}" cy="${emu(100)}"`); // 800×200 → 400×100
    expect(xml).toContain(`cx="${emu(100)}" cy="${emu(300)}"`); // 30×90 → 100×300
    expect(xml).toContain('https://img.test/photo-3.png');
    expect(xml).toContain('https://img.test/photo-9.png');
    expect(xml).not.toContain('https://img.test/photo-0.png');
  });

  it('writes a point\'s first photo (its drawn copy) in 400×300 and the next ones\' thumbnails in 160×120', async () => {
    const report = fixtureReport(4, 100); // p0 has a photo, the others none
    const photos = new Map([['p0', [
      { shown: 'https://img.test/p0-drawn.png', thumb: 'https://img.test/p0-a.t.jpg' },
      { shown: 'https://img.test/p0-b.jpg', thumb: 'https://img.test/p0-b.t.jpg' },
      { shown: 'https://img.test/p0-c.jpg', thumb: 'https://img.test/p0-c.t.jpg' },
    ]]]);
    const fetched: string[] = [];
    const fetchFn = (async (url: string) => {
      fetched.push(url);
      const png = url.endsWith('drawn.png') ? gradientPng(800, 600) : url.endsWith('b.t.jpg') ? gradientPng(320, 240) : gradientPng(240, 240);
      return new Response(png, { headers: { 'content-type': 'image/png' } });
    }) as typeof fetch;
    const images = await fetchReportImages(report, { fetchFn, photos });
    expect(fetched.sort()).toEqual(['https://img.test/p0-b.t.jpg', 'https://img.test/p0-c.t.jpg', 'https://img.test/p0-drawn.png']);
    const bytes = await packReportDocument(buildReportDocument({ report, levels: FIXTURE_LEVELS, images, photos, generatedAt: new Date('2026-11-21T10:30:00Z') }));
    const files = unzipSync(bytes);
    const xml = strFromU8(files['word/document.xml']);
    expect(Object.keys(files).filter((f) => f.startsWith('word/media/'))).toHaveLength(3);
    expect(xml.match(new RegExp(`cx="${400 * 9525}" cy="${300 * 9525}"`, 'g'))?.length).toBeGreaterThan(0);
    expect(xml.match(new RegExp(`cx="${160 * 9525}" cy="${120 * 9525}"`, 'g'))?.length).toBeGreaterThan(0); // 320×240 → 160×120
    expect(xml.match(new RegExp(`cx="${120 * 9525}" cy="${120 * 9525}"`, 'g'))?.length).toBeGreaterThan(0); // 240×240 → 120×120
  });

  it('has the Assigné à and Échéance columns: the assignee\'s e-mail, late or due as of the report\'s time', async () => {
    const report = fixtureReport(6);
    const [late, due, unknown] = report.pointsInZones.flatMap((s) => s.points);
    Object.assign(late, { assigneeId: 'u-1', dueAt: '2026-11-19T08:00:00Z' }); // 2 days before 21/11 10:30 UTC
    Object.assign(due, { dueAt: '2026-12-03T13:00:00Z' });
    Object.assign(unknown, { assigneeId: 'u-2' });
    const { xml } = await documentXml(new Map(), report, new Map([['u-1', 'chef@rail.local']]));
    const rows = [...xml.matchAll(/<w:tr>([\s\S]*?)<\/w:tr>/g)].map((tr) => [...tr[1].matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)]
      .map((tc) => [...tc[1].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join('')));
    const header = rows.find((r) => r[0] === 'PK')!;
    expect(header).toEqual(['PK', 'Libellé', 'Description', 'Statut', 'Criticité', 'Équipe', 'Assigné à', 'Échéance', 'N° OT/Dépêche']);
    const cellsOf = (name: string) => rows.find((r) => r[1] === xmlEscape(name))!.slice(6, 8);
    expect(cellsOf(late.name)).toEqual(['chef@rail.local', 'En retard de 2 j']);
    expect(cellsOf(due.name)).toEqual(['—', '03/12 14:00']);
    expect(cellsOf(unknown.name)).toEqual(['Membre inconnu', '—']);
  });

  it('writes the empty message when no anomaly is left', async () => {
    const r = fixtureReport(8);
    const empty = buildReport({ ...r.request, startPoint: 900, endPoint: 901 }, r.pointsInZones.map((s) => s.zone), []);
    const { xml } = await documentXml(new Map(), empty);
    expect(xml).toContain(REPORT_TEXT.empty);
  });
});

describe('reportFileName', () => {
  it('names the file with both PKs and the Paris date', () => {
    expect(reportFileName(12.5, 18, new Date('2026-11-21T10:00:00Z'))).toBe('rapport_parcours_PK12-50_PK18-00_2026-11-21.docx');
    expect(reportFileName(7, 123.456, new Date('2026-11-21T23:30:00Z'))).toBe('rapport_parcours_PK7-00_PK123-46_2026-11-22.docx');
    expect(reportFileName(12.5, 18, new Date('2026-11-21T10:00:00Z'), 'L2')).toBe('rapport_parcours_L2_PK12-50_PK18-00_2026-11-21.docx');
    expect(reportTitle('L2 · Ligne B')).toBe('Rapport de parcours — L2 · Ligne B');
    expect(reportTitle(null)).toBe('Rapport de parcours');
  });
});
