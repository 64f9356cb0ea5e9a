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
