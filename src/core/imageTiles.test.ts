// Tile pyramid arithmetic: levels of the 12000×1500 line image, the level for a display scale, the tiles in view.
import { describe, expect, it } from 'vitest';
import { allTiles, levelCount, levelFor, levelSize, storedTilesFor, storedTilesOf, tilePath, tileRect, tilesInRect, TILE_PX } from './imageTiles';

describe('image tiles', () => {
  it('halves the image per level down to one tile', () => {
    expect(levelCount(12000, 1500)).toBe(6); // 12000, 6000, 3000, 1500, 750, 375
    expect(levelSize(12000, 1500, 5)).toEqual({ width: 375, height: 47 });
    expect(levelCount(400, 300)).toBe(1);
  });

  it('picks the smallest level at least as sharp as the display (never more than one level of blur)', () => {
    expect(levelFor(2, 6)).toBe(0); // phone, zoom 1, dpr 2
    expect(levelFor(1, 6)).toBe(0);
    expect(levelFor(0.99, 6)).toBe(0);
    expect(levelFor(0.5, 6)).toBe(1); // desktop, zoom 0.5
    expect(levelFor(0.3, 6)).toBe(1);
    expect(levelFor(0.25, 6)).toBe(2);
    expect(levelFor(0.001, 6)).toBe(5);
  });

  it('lists the tiles covering a rect, clipped to the level', () => {
    expect(tilesInRect(12000, 1500, 0, 0, 0, 512, 512)).toEqual([{ level: 0, col: 0, row: 0 }]);
    expect(tilesInRect(12000, 1500, 0, 500, 1000, 530, 1500)).toEqual([
      { level: 0, col: 0, row: 1 }, { level: 0, col: 1, row: 1 }, { level: 0, col: 0, row: 2 }, { level: 0, col: 1, row: 2 },
    ]);
    expect(tilesInRect(12000, 1500, 1, 0, 0, 12000, 1500)).toHaveLength(12 * 2); // 6000×750 at level 1
    expect(tilesInRect(12000, 1500, 0, 11990, 0, 12000, 10)).toEqual([{ level: 0, col: 23, row: 0 }]);
  });

  it('gives each tile a gutter of its neighbours, clipped at the image edges', () => {
    expect(tileRect(12000, 1500, { level: 0, col: 0, row: 0 })).toEqual({ x: 0, y: 0, w: TILE_PX, h: TILE_PX, gx: 0, gy: 0, gw: TILE_PX + 1, gh: TILE_PX + 1 });
    expect(tileRect(12000, 1500, { level: 0, col: 23, row: 2 })).toEqual({ x: 11776, y: 1024, w: 224, h: 476, gx: 11775, gy: 1023, gw: 225, gh: 477 });
  });

  it('lists every tile of every level and names them level/col_row.png', () => {
    const all = allTiles(12000, 1500);
    expect(all.length).toBe(72 + 24 + 6 + 3 + 2 + 1);
    expect(tilePath(all[0])).toBe('0/0_0.png');
    expect(tilePath(all[all.length - 1])).toBe('5/0_0.png');
  });

  it('uses stored tiles only when recorded as this code cuts them, for this image size', () => {
    const img = { width: 12000, height: 1500 };
    const t = storedTilesFor('https://x.supabase.co/storage/v1/object/public/line_images/line/a-tiles/', 12000, 1500);
    expect(t.base).toBe('https://x.supabase.co/storage/v1/object/public/line_images/line/a-tiles');
    expect(storedTilesOf({ ...img, tiles: t })).toEqual(t);
    expect(storedTilesOf(img)).toBeNull(); // an installation from before stored tiles
    expect(storedTilesOf({ ...img, tiles: { ...t, size: 256 } })).toBeNull();
    expect(storedTilesOf({ width: 6000, height: 1500, tiles: t })).toBeNull(); // tiles of another image
    expect(storedTilesOf({ ...img, tiles: { ...t, base: 'javascript:alert(1)' } })).toBeNull();
  });
});
