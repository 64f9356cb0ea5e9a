// lines.image.tiles (20261125100000_line_image_tiles.sql): tiles recorded with a line image are accepted when
// they describe an http(s) or root-relative base, refused otherwise (a viewer fetches from that base).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/types';
import { freshDatabase, testKind } from './fixtures';

describe(`lines.image.tiles (${testKind()})`, () => {
  let db: Database;
  beforeAll(async () => { db = await freshDatabase(testKind()); }, 300_000);
  afterAll(async () => { await db?.close(); });
  const tiles = { base: 'https://x.supabase.co/storage/v1/object/public/line_images/line/a-tiles', levels: 6, size: 512, gutter: 1, format: 'png', width: 12000, height: 1500 };
  const save = (image: unknown) => db.admin.query('insert into public.lines (code, name, image) values ($1, $2, $3::jsonb)', [`T${Math.random().toString(36).slice(2, 8)}`, 'Essai', JSON.stringify(image)]);

  it('accepts an image with or without tiles', async () => {
    await save({ url: '/line.png', width: 12000, height: 1500 });
    await save({ url: 'https://x.supabase.co/storage/v1/object/public/line_images/line/a.png', width: 12000, height: 1500, tiles });
    await save({ url: '/line.png', width: 12000, height: 1500, tiles: { ...tiles, base: '/line-tiles' } });
  });

  it('refuses tiles from a script or data address, or without their levels', async () => {
    for (const bad of [{ ...tiles, base: 'javascript:alert(1)' }, { ...tiles, base: 'data:image/png;base64,AA' }, { ...tiles, levels: undefined }, { ...tiles, format: 'svg' }, 'tiles']) {
      await expect(save({ url: '/line.png', width: 12000, height: 1500, tiles: bad }), JSON.stringify(bad)).rejects.toThrow(/lines_image_tiles_check/);
    }
  });
});
