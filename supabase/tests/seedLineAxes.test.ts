// The demo lines' place on the ground (supabase/seed/lineAxes.ts): both demo lines get two track axes and anchors
// from their first to last ruler marker, readable by a member; a simulated position along a line is located by
// src/core/position on that line, track and PK (the ground the e2e 'Me localiser' walk stands on).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { asUser, freshDatabase, testKind } from './fixtures';
import { seedDemo } from '../seed/demo';
import { DEMO_ROUTES, demoLineGeometry } from '../seed/lineAxes';
import { buildLineIndex } from '../../src/core/position/lineIndex';
import { locate } from '../../src/core/position/locate';

let db: Database;
let admin: string;
beforeAll(async () => {
  db = await freshDatabase();
  const r = await seedDemo(db, { adminEmail: 'admin@example.org', adminPassword: 'secret123', extraPoints: 0, secondLine: true, putObject: async () => {} });
  admin = r.adminId!;
}, 300_000);
afterAll(async () => { await db?.close(); });

describe(`demo line axes (${testKind()})`, () => {
  it('places both demo lines on the ground and a walk along them on the right line, track and PK', async () => {
    const lines = await asUser<{ id: string; code: string; name: string }>(db, admin, 'select id, code, name from public.lines order by sort');
    const axes = await asUser<{ line_id: string; track: 'voie_1' | 'voie_2'; coordinates: [number, number][] }>(db, admin, 'select line_id, track, coordinates from public.line_axes');
    const anchors = await asUser<{ line_id: string; track: 'voie_1' | 'voie_2'; pk: string; lat: number; lon: number }>(db, admin, 'select line_id, track, pk, lat, lon from public.line_anchors');
    const indexes = lines.map((l) => buildLineIndex({ lineId: l.id, name: l.code,
      axes: axes.filter((a) => a.line_id === l.id), anchors: anchors.filter((a) => a.line_id === l.id).map((a) => ({ ...a, pk: Number(a.pk) })) }));
    expect(indexes.map((i) => i.tracks)).toEqual([['voie_1', 'voie_2'], ['voie_1', 'voie_2']].map((t) => expect.arrayContaining(t)));
    const markers = await asUser<{ line_id: string; min: string; max: string }>(db, admin, 'select line_id, min(value) as min, max(value) as max from public.kilometer_markers group by line_id');
    for (const [k, route] of [[0, DEMO_ROUTES.L1], [1, DEMO_ROUTES.L2]] as const) {
      const m = markers.find((r) => r.line_id === lines[k].id)!;
      const g = demoLineGeometry(route, Number(m.min), Number(m.max));
      for (const pk of [Number(m.min) + 0.5, (Number(m.min) + Number(m.max)) / 2, Number(m.max) - 0.3]) {
        const r = locate(indexes, { ...g.at(pk, 'voie_2'), accuracyM: 2, at: 0 }, { preferredLineId: lines[k].id });
        if (r.kind !== 'on_line') throw new Error(`${lines[k].code} PK ${pk}: ${r.kind}`);
        expect(r.lineId).toBe(lines[k].id);
        expect(r.hit.track).toBe('voie_2');
        expect(Math.abs(r.hit.pk! - pk)).toBeLessThan(0.02);
      }
    }
  });
});
