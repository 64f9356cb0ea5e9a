// The inspection record's Word file: a real .docx (zip with word/document.xml) holding the texts, the anomalies as
// saved and the signature block; opened with LibreOffice where present (converted to text).
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { inspectionDocxBuffer } from './docx';
import { inspectionFileName, type InspectionDoc } from './docText';
import { gradientPng } from '../../../test/fixtures/report/testPng';

const doc: InspectionDoc = {
  lineName: 'Paris – Lyon', inspector: 'alice@example.org', inspectedAt: '2026-11-24T08:30:00Z', createdAt: '2026-11-24T11:00:00Z',
  kmFrom: 12, kmTo: 18.5,
  findings: [{ id: 'a', name: 'Traverse fissurée <b>', description: '', ticket: 'OT-7', km: 12.5, status: 'signale', criticality: 'danger', team_id: null, team_name: 'Équipe A', zone_id: 'z1' }],
  remarks: { z1: 'Ballast à surveiller' }, notInspected: [{ km_from: 15, km_to: 16, reason: 'Voie occupée' }],
  zoneNames: new Map([['z1', 'Gare de Villeneuve']]), levelNames: new Map([['danger', 'Danger']]),
  annotations: [{ author: 'bob@example.org', at: '2026-11-26T09:00:00Z', body: 'Ballast repris.' }], comparison: '1 nouvelle, 0 résolue depuis',
};

describe('inspection Word document', () => {
  it('holds the record, the anomalies as saved and a signature block', async () => {
    const buf = await inspectionDocxBuffer(doc);
    const xml = strFromU8(unzipSync(new Uint8Array(buf))['word/document.xml']);
    for (const t of ["Compte rendu de tournée d'inspection", 'Paris – Lyon', 'Traverse fissurée &lt;b&gt;', 'OT-7', 'Gare de Villeneuve (1)',
      'Remarques : Ballast à surveiller', 'PK 15,00 → PK 16,00 : Voie occupée', 'Ballast repris.', 'Signatures', 'Responsable de la maintenance', 'Signature :']) {
      expect(xml).toContain(t.replace(/'/g, '&apos;'));
    }
    expect(inspectionFileName('L1 Paris/Lyon', '2026-11-24T08:30:00Z')).toBe('tournee_L1-Paris-Lyon_2026-11-24.docx');
  });

  it('writes a finding\'s photo thumbnails under it in 160×120 at most, a missing one as its URL', async () => {
    const withPhotos: InspectionDoc = {
      ...doc,
      findings: [{ ...doc.findings[0], photos: ['https://s/a.t.jpg', 'https://s/b.t.jpg', 'https://s/missing.t.jpg'] }],
      images: new Map([['https://s/a.t.jpg', { data: gradientPng(320, 240), type: 'png', width: 320, height: 240 }],
        ['https://s/b.t.jpg', { data: gradientPng(240, 240), type: 'png', width: 240, height: 240 }]]),
    };
    const files = unzipSync(new Uint8Array(await inspectionDocxBuffer(withPhotos)));
    const xml = strFromU8(files['word/document.xml']);
    expect(Object.keys(files).filter((f) => f.startsWith('word/media/'))).toHaveLength(2);
    expect(xml.match(new RegExp(`cx="${160 * 9525}" cy="${120 * 9525}"`, 'g'))?.length).toBeGreaterThan(0); // 320×240 → 160×120
    expect(xml.match(new RegExp(`cx="${120 * 9525}" cy="${120 * 9525}"`, 'g'))?.length).toBeGreaterThan(0); // 240×240 → 120×120
    expect(xml).toContain('Photo : https://s/missing.t.jpg');
    const plain = strFromU8(unzipSync(new Uint8Array(await inspectionDocxBuffer(doc)))['word/document.xml']);
    expect(plain).not.toContain('<w:drawing>');
  });

  const soffice = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => existsSync(p));
  it.skipIf(!soffice)('opens in LibreOffice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'insp-docx-'));
    writeFileSync(join(dir, 'tournee.docx'), await inspectionDocxBuffer(doc));
    execFileSync(soffice!, ['--headless', '--convert-to', 'txt:Text', '--outdir', dir, join(dir, 'tournee.docx')], { timeout: 120_000, stdio: 'pipe' });
    const text = readFileSync(join(dir, 'tournee.txt'), 'utf8');
    expect(text).toContain('Traverse fissurée <b>');
    expect(text).toContain('Responsable de la maintenance');
  }, 150_000);
});
