import { describe, expect, it } from 'vitest';
import { parseAnchorCsv } from './importCsv';

// Rows about 100 m apart heading east at 48.85° N (0.001366° of longitude ≈ 100 m).
const lon = (k: number) => (2.35 + k * 0.001366).toFixed(6);

describe('CSV anchor import', () => {
  it('reads comma decimals with a header and both tracks', () => {
    const text = ['pk;lat;lon;voie', `17,400;48,85;${lon(0).replace('.', ',')};1`, `17,500;48,85;${lon(1).replace('.', ',')};1`,
      `17,400;48,85004;${lon(0).replace('.', ',')};Voie 2`, `17,500;48,85004;${lon(1).replace('.', ',')};V2`].join('\r\n');
    const r = parseAnchorCsv(text);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.geometry.axes.map((a) => a.track)).toEqual(['voie_1', 'voie_2']);
    expect(r.geometry.anchors).toHaveLength(4);
    expect(r.geometry.anchors[1]).toEqual({ track: 'voie_1', pk: 17.5, lat: 48.85, lon: Number(lon(1)) });
  });
  it("reads point decimals, '017+400' PKs, no track column, and a jump at one place", () => {
    const r = parseAnchorCsv(`017+300;48.85;${lon(0)}\n017+400;48.85;${lon(1)}\n018+100;48.85;${lon(1)}\n018+200;48.85;${lon(2)}\n`);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.geometry.anchors.map((a) => a.pk)).toEqual([17.3, 17.4, 18.1, 18.2]);
    expect(r.geometry.axes).toHaveLength(1);
    expect(r.geometry.axes[0].coordinates).toHaveLength(3); // the jump's two rows are one place
  });
  it('refuses an unknown track with the row named', () => {
    const r = parseAnchorCsv(`17,4;48.85;${lon(0)};1\n17,5;48.85;${lon(1)};3\n`);
    expect(r).toEqual({ ok: false, errors: ['Ligne 2 : voie « 3 » inconnue (attendu 1 ou 2).'] });
  });
  it('refuses PKs out of order with the row named', () => {
    const r = parseAnchorCsv(`17,3;48.85;${lon(0)}\n17,4;48.85;${lon(1)}\n17,35;48.85;${lon(2)}\n`);
    expect(r).toEqual({ ok: false, errors: ['Ligne 3 : PK 17,35 hors d’ordre après PK 17,40 (ligne 2).'] });
  });
  it('names unreadable cells', () => {
    const r = parseAnchorCsv(`abc;48.85;${lon(0)}\n17,4;91;${lon(1)}\n17,5;48.85\n`);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      'Ligne 1 : PK « abc » illisible (ex. 17,400 ou 017+400).',
      'Ligne 2 : latitude « 91 » invalide (degrés décimaux entre -90 et 90).',
      'Ligne 3 : 3 ou 4 colonnes attendues (pk;lat;lon;voie), 2 trouvées.',
    ]);
  });
});
