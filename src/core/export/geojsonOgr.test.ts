// The GeoJSON export read by GDAL: `ogrinfo` from Debian's gdal-bin must report the declared
// engineering coordinate system in pixels (never WGS 84 degrees) and the points' pixel extent. Skipped with a loud
// warning where ogrinfo is absent (`.ci/run` installs gdal-bin).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GEOJSON_TAIL, geojsonFeatureText, geojsonHead } from './geojson';
import { createResolver } from './record';

const hasOgr = spawnSync('ogrinfo', ['--version'], { encoding: 'utf8' }).status === 0;
if (!hasOgr) console.warn('\n⚠️  ogrinfo (gdal-bin) is missing: the GeoJSON/GDAL test is SKIPPED. Install gdal-bin (apt-get install gdal-bin).\n');

describe.skipIf(!hasOgr)('GeoJSON export read by ogrinfo', () => {
  it('declares an engineering CRS in pixels and keeps the pixel coordinates', () => {
    const resolver = createResolver({ levels: [], teams: [], zones: [], emails: {} });
    const rows = [
      { id: '11111111-1111-4111-8111-111111111111', name: 'Traverse', description: '', kilometer: '12,50', km_value: 12.5, position: { x: 11378, y: 700 },
        image_url: null, status: 'signale', criticality: 'attention', ticket_number: null, team_id: null,
        observed_at: '2026-11-24T13:47:46Z', created_at: '2026-11-24T13:50:46Z', created_by: null },
      { id: '22222222-2222-4222-8222-222222222222', name: 'Rail', description: '', kilometer: '', km_value: null, position: { x: 20, y: 1400 },
        image_url: null, status: 'resolu', criticality: 'danger', ticket_number: null, team_id: null, created_at: '2026-11-24T13:50:46Z', created_by: null },
    ];
    const text = geojsonHead({ url: '/line.png', width: 12000, height: 1500 })
      + rows.map((r, i) => geojsonFeatureText(resolver.resolve(r), i === 0)).join('') + GEOJSON_TAIL;
    const dir = mkdtempSync(join(tmpdir(), 'ogr-'));
    try {
      const file = join(dir, 'signalements.geojson');
      writeFileSync(file, text);
      const out = execFileSync('ogrinfo', ['-al', '-so', file], { encoding: 'utf8' });
      expect(out).toContain('Feature Count: 2');
      expect(out).toMatch(/ENGCRS\["Image de la ligne \(pixels/);
      expect(out).toMatch(/LENGTHUNIT\["pixel",1\]/);
      expect(out).not.toMatch(/WGS 84|EPSG",4326/);
      expect(out).toMatch(/Extent: \(20\.0+, 700\.0+\) - \(11378\.0+, 1400\.0+\)/);
      expect(out).toMatch(/constate_le: (DateTime|String)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
