// The demo seed with its second line (SEED_LINES=2): two lines in order, the first named after the
// bundled image, the second with its own stored image, markers, zones and points, all on it; PK ranges and point
// PKs from its own markers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { freshDatabase, testKind } from './fixtures';
import { kmAt, seedDemo } from '../seed/demo';
import { SECOND_LINE, SECOND_LINE_IMAGE_PATH, SECOND_LINE_POINTS } from '../seed/secondLine';

let db: Database;
const stored: { bucket: string; path: string; bytes: Uint8Array }[] = [];
beforeAll(async () => {
  db = await freshDatabase();
  await seedDemo(db, { adminEmail: 'admin@example.org', adminPassword: 'secret123', extraPoints: 0, secondLine: true,
    putObject: async (bucket, path, bytes) => { stored.push({ bucket, path, bytes }); } });
}, 300_000);
afterAll(async () => { await db?.close(); });

const q = async <T = Record<string, unknown>>(sql: string, p: unknown[] = []) => (await db.admin.query<T>(sql, p)).rows;

describe(`demo seed with two lines (${testKind()})`, () => {
  it('makes two lines; the second has its stored image, 7 markers, 3 zones and its points', async () => {
    const lines = await q<{ id: string; code: string; name: string; image: { url: string; width: number; height: number } | null }>('select id, code, name, image from public.lines order by sort');
    expect(lines.map((l) => [l.code, l.name])).toEqual([['L1', 'Paris – Étampes'], [SECOND_LINE.code, SECOND_LINE.name]]);
    expect(lines[0].image).toBeNull();
    expect(lines[1].image).toEqual({ url: `/storage/v1/object/public/line_images/${SECOND_LINE_IMAGE_PATH}`, width: 6000, height: 1500 });
    const img = stored.find((s) => s.bucket === 'line_images')!;
    expect(img.path).toBe(SECOND_LINE_IMAGE_PATH);
    expect([...img.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const per = async (t: string) => Object.fromEntries((await q<{ line_id: string; n: number }>(`select line_id, count(*)::int as n from public.${t} group by line_id`)).map((r) => [r.line_id, r.n]));
    expect(await per('kilometer_markers')).toEqual({ [lines[0].id]: 13, [lines[1].id]: 7 });
    expect(await per('zones')).toEqual({ [lines[0].id]: 10, [lines[1].id]: 3 });
    expect(await per('points')).toEqual({ [lines[0].id]: 300, [lines[1].id]: SECOND_LINE_POINTS });
  });

  it("computes the second line's PKs from its own markers", async () => {
    const line = (await q<{ id: string }>("select id from public.lines where code = 'L2'"))[0].id;
    const markers = (await q<{ position: string; value: string }>('select "position", value from public.kilometer_markers where line_id = $1', [line]))
      .map((m) => ({ position: Number(m.position), value: Number(m.value) }));
    for (const p of await q<{ position: { x: number }; km_value: string | null }>('select "position", km_value from public.points where line_id = $1', [line])) {
      expect(Number(p.km_value)).toBeCloseTo(kmAt(markers, p.position.x)!, 2);
      expect(p.position.x).toBeLessThan(6000);
    }
  });
});
