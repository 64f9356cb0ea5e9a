// Line image tiles made once: the map fetches only the bundled image's tiles in view (never the whole
// image); an admin's replacement is cut into tiles at upload, stored beside the image in line_images with its
// metadata in lines.image.tiles, and the map then fetches only the new tiles in view.
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { adminClient, login, openPanel, closePanel } from './adminHelpers';

/** Line image and tile downloads made by the map (fetches of the page and its workers) from now on. */
function watchImageRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    // Fetches (the map's image worker), not the uploads nor the admin ruler's thumbnail (an SVG <image>).
    if (r.method() !== 'GET' || r.resourceType() !== 'fetch') return;
    const u = new URL(r.url());
    if (/\/line(-tiles\/|\.png$)|\/line_images\//.test(u.pathname)) seen.push(u.pathname);
  });
  return seen;
}

test('tiles: only the visible ones fetched, made at upload and stored beside a replaced image', async ({ page, baseURL }) => {
  test.setTimeout(300_000); // 108 tiles cut and uploaded on a loaded 2-core machine
  const db = await adminClient(baseURL!);
  const before = (await db.from('lines').select('id, image').order('sort').limit(1).single()).data!;
  const seen = watchImageRequests(page);
  await login(page);
  await expect(page.locator('[data-testid="map-canvas"]')).toBeVisible();
  // The bundled image (or the one another spec left): its tiles, a few, and never the whole file.
  await expect.poll(() => seen.filter((p) => p.includes('-tiles/')).length, { timeout: 20_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(1_500);
  const total = 108; // tiles of the 12000×1500 image, every level
  expect(seen.filter((p) => p.includes('-tiles/')).length).toBeLessThan(total / 3);
  expect(seen.filter((p) => !p.includes('-tiles/'))).toEqual([]);

  // Replaced by an admin: cut at upload, stored beside the image, recorded with the image.
  const panel = await openPanel(page, 'Règle PK et image');
  await panel.getByTestId('line-image-input').setInputFiles({ name: 'line.png', mimeType: 'image/png', buffer: readFileSync('public/line.png') });
  await expect(panel.getByText('line.png — 12000 × 1500 px')).toBeVisible();
  seen.length = 0; // the map, still mounted under the panel, shows the new image as soon as it is saved
  await panel.getByRole('button', { name: "Remplacer l'image" }).click();
  await expect(page.getByText('Image de la ligne remplacée')).toBeVisible({ timeout: 60_000 });
  const image = (await db.from('lines').select('image').eq('id', before.id).single()).data!.image as { url: string; tiles: { base: string; levels: number; size: number; width: number; height: number } };
  expect(image.tiles).toMatchObject({ levels: 6, size: 512, gutter: 1, format: 'png', width: 12000, height: 1500 });
  expect(image.tiles.base).toBe(image.url.replace(/\.png$/, '-tiles'));
  // Every tile of every level is in the bucket (columns × rows per level of 12000×1500 in 512 px tiles).
  const grid = [[24, 3], [12, 2], [6, 1], [3, 1], [2, 1], [1, 1]];
  const paths = grid.flatMap(([cols, rows], level) => Array.from({ length: cols * rows }, (_, i) => `${level}/${i % cols}_${Math.floor(i / cols)}.png`));
  expect(paths.length).toBe(total);
  const stored = await Promise.all(paths.map(async (p) => { const r = await fetch(`${image.tiles.base}/${p}`); return `${r.status} ${r.headers.get('content-type')}`; }));
  expect(stored.filter((s) => s !== '200 image/png')).toEqual([]);

  // The map now shows the new image from its own tiles, only those in view.
  await closePanel(page);
  const newTiles = () => seen.filter((p) => p.startsWith(new URL(image.tiles.base).pathname));
  await expect.poll(() => newTiles().length, { timeout: 20_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(1_500);
  expect(newTiles().length).toBeLessThan(total / 3);
  expect(seen.filter((p) => p === new URL(image.url).pathname)).toEqual([]);

  // Restored for the other specs.
  const version = (await db.from('lines').select('updated_at').eq('id', before.id).single()).data!.updated_at as string;
  expect((await db.from('lines').update({ image: before.image, updated_at: version }).eq('id', before.id)).error).toBeNull();
});
