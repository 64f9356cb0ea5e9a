// Line image tiles made once (issue 19): the map fetches only the bundled image's tiles in view (never the whole
// image); an admin's replacement is cut into tiles at upload, stored beside the image in line_images with its
// metadata in lines.image.tiles, and the map then fetches only the new tiles in view.
import { test, expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { adminClient, login, openPanel, closePanel } from './adminHelpers';

/** Line image and tile requests made by the page and its workers from now on. */
function watchImageRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (/\/line(-tiles\/|\.png$)|\/line_images\//.test(u.pathname)) seen.push(u.pathname);
  });
  return seen;
}

test('tiles: only the visible ones fetched, made at upload and stored beside a replaced image', async ({ page, baseURL }) => {
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
  const panel = await openPanel(page, 'Ligne');
  await panel.getByTestId('line-image-input').setInputFiles({ name: 'line.png', mimeType: 'image/png', buffer: readFileSync('public/line.png') });
  await expect(panel.getByText('line.png — 12000 × 1500 px')).toBeVisible();
  await panel.getByRole('button', { name: "Remplacer l'image" }).click();
  await expect(page.getByText('Image de la ligne remplacée')).toBeVisible({ timeout: 60_000 });
  const image = (await db.from('lines').select('image').eq('id', before.id).single()).data!.image as { url: string; tiles: { base: string; levels: number; size: number; width: number; height: number } };
  expect(image.tiles).toMatchObject({ levels: 6, size: 512, gutter: 1, format: 'png', width: 12000, height: 1500 });
  expect(image.tiles.base).toBe(image.url.replace(/\.png$/, '-tiles'));
  const folder = new URL(image.tiles.base).pathname.split('/line_images/')[1];
  const listed = await Promise.all([0, 1, 2, 3, 4, 5].map(async (l) => (await db.storage.from('line_images').list(`${folder}/${l}`, { limit: 200 })).data!.length));
  expect(listed).toEqual([72, 24, 6, 3, 2, 1]);
  const tile = await fetch(`${image.tiles.base}/0/3_1.png`);
  expect(tile.status).toBe(200);
  expect(tile.headers.get('content-type')).toBe('image/png');

  // The map now shows the new image from its own tiles, only those in view.
  seen.length = 0;
  await closePanel(page);
  const newTiles = () => seen.filter((p) => p.startsWith(new URL(image.tiles.base).pathname));
  await expect.poll(() => newTiles().length, { timeout: 20_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(1_500);
  expect(newTiles().length).toBeLessThan(total / 3);
  expect(seen.filter((p) => p === new URL(image.url).pathname)).toEqual([]);

  // Restored for the other specs.
  expect((await db.from('lines').update({ image: before.image }).eq('id', before.id)).error).toBeNull();
});
