// The line image as a tile pyramid: level k is the image at 1/2^k, cut in TILE_PX squares, each stored
// with a GUTTER_PX border of its neighbours' pixels so a scaled draw of a tile has no seam; the level drawn is the
// smallest one at least as sharp as the display (never more than one level of blur), only the tiles in view.

export const TILE_PX = 512; // level px, a tile's side without its gutter
export const GUTTER_PX = 1; // level px of the neighbours copied around a tile

export interface TileSpec { level: number; col: number; row: number }

/** A level's size in px (level 0 = the image). */
export function levelSize(width: number, height: number, level: number): { width: number; height: number } {
  const k = 2 ** level;
  return { width: Math.max(1, Math.ceil(width / k)), height: Math.max(1, Math.ceil(height / k)) };
}

/** Number of levels: down to the first that fits in one tile. */
export function levelCount(width: number, height: number): number {
  let n = 1;
  while (Math.max(width, height) / 2 ** (n - 1) > TILE_PX) n++;
  return n;
}

/** The level for `devicePxPerImagePx` (image shown at that many device px per image px): the smallest one at least as sharp. */
export function levelFor(devicePxPerImagePx: number, levels: number): number {
  if (!(devicePxPerImagePx > 0)) return 0;
  const k = Math.floor(Math.log2(1 / devicePxPerImagePx) + 1e-9);
  return Math.max(0, Math.min(levels - 1, k));
}

/** The tiles of `level` covering the image-px rect (x0, y0)-(x1, y1), row by row. */
export function tilesInRect(width: number, height: number, level: number, x0: number, y0: number, x1: number, y1: number): TileSpec[] {
  const k = 2 ** level;
  const size = levelSize(width, height, level);
  const cols = Math.ceil(size.width / TILE_PX);
  const rows = Math.ceil(size.height / TILE_PX);
  const c0 = Math.max(0, Math.floor(x0 / k / TILE_PX));
  const r0 = Math.max(0, Math.floor(y0 / k / TILE_PX));
  const c1 = Math.min(cols - 1, Math.floor((x1 - 1e-9) / k / TILE_PX));
  const r1 = Math.min(rows - 1, Math.floor((y1 - 1e-9) / k / TILE_PX));
  const out: TileSpec[] = [];
  for (let row = r0; row <= r1; row++) for (let col = c0; col <= c1; col++) out.push({ level, col, row });
  return out;
}

/** A tile's rect in level px, without gutter (x, y, w, h), and with its gutter clipped to the level (gx, gy, gw, gh). */
export function tileRect(width: number, height: number, t: TileSpec): { x: number; y: number; w: number; h: number; gx: number; gy: number; gw: number; gh: number } {
  const size = levelSize(width, height, t.level);
  const x = t.col * TILE_PX;
  const y = t.row * TILE_PX;
  const w = Math.min(TILE_PX, size.width - x);
  const h = Math.min(TILE_PX, size.height - y);
  const gx = Math.max(0, x - GUTTER_PX);
  const gy = Math.max(0, y - GUTTER_PX);
  return { x, y, w, h, gx, gy, gw: Math.min(size.width, x + w + GUTTER_PX) - gx, gh: Math.min(size.height, y + h + GUTTER_PX) - gy };
}

export const tileKey = (t: TileSpec): string => `${t.level}/${t.col}/${t.row}`;

/** A line image's tiles stored once beside it (lines.image.tiles; the bundled image's in DEFAULT_LINE_IMAGE): tile
 * `level/col_row.format` under `base`, cut with TILE_PX and GUTTER_PX from the image of `width`×`height`. */
export interface StoredTiles { base: string; levels: number; size: number; gutter: number; format: 'png'; width: number; height: number }

/** A tile's path under its pyramid's base. */
export const tilePath = (t: TileSpec, format = 'png'): string => `${t.level}/${t.col}_${t.row}.${format}`;

/** Every tile of every level, coarsest level last (the order tiles are cut and uploaded in). */
export function allTiles(width: number, height: number): TileSpec[] {
  const out: TileSpec[] = [];
  for (let level = 0; level < levelCount(width, height); level++) {
    const k = 2 ** level;
    const size = levelSize(width, height, level);
    out.push(...tilesInRect(width, height, level, 0, 0, size.width * k, size.height * k));
  }
  return out;
}

/** The metadata for tiles of a `width`×`height` image stored under `base`. */
export function storedTilesFor(base: string, width: number, height: number): StoredTiles {
  return { base: base.replace(/\/$/, ''), levels: levelCount(width, height), size: TILE_PX, gutter: GUTTER_PX, format: 'png', width, height };
}

/** The stored tiles of an image, when recorded and cut the way this code draws them (else null: the image is tiled in
 * the browser from the whole file, as for installations made before tiles were stored). */
export function storedTilesOf(image: { width: number; height: number; tiles?: unknown }): StoredTiles | null {
  const t = image.tiles as Partial<StoredTiles> | null | undefined;
  if (!t || typeof t !== 'object' || typeof t.base !== 'string' || !/^(https?:\/\/|\/)[^\s<>"]*$/i.test(t.base)) return null;
  if (t.size !== TILE_PX || t.gutter !== GUTTER_PX || t.format !== 'png') return null;
  if (t.width !== image.width || t.height !== image.height || t.levels !== levelCount(image.width, image.height)) return null;
  return t as StoredTiles;
}
