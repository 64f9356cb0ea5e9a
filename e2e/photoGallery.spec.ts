// Several photos per report on a phone (390×844, touch), without network (docs/product.md#photos): three photos taken
// in a row with 'Prendre une photo' (each shrunk to 2048 px with its EXIF read first: 'Prise le …'), a caption, a
// reorder, the viewer; saved on the device and sent once online, each photo uploaded once (the storage requests are
// counted, thumbnails included); the tiles show thumbnails, the viewer the photo; the gallery's rows keep capture time and place; a photo removed in a change waiting on the device stays
// in storage until the change lands; the point deleted, every stored file goes. On a desktop, an intervention of
// the 'Suivi' takes up to 4 'après' photos, shown in its timeline entry.
import { expect, type Page, type Request } from '@playwright/test';
import { test } from './support/test';
import { adminClient, DESKTOP, PHONE, shot, signIn, uniq } from './appHelpers';
import { counter, openEdit, waitOfflineReady } from './offlineHelpers';
import { withExif } from '../test/fixtures/photos/exifJpeg';

// This file goes offline: the service worker (blocked by default in playwright.config.ts) is on.
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: 'Europe/Paris' });

/** A 3000 × 2000 JPEG of one colour, made by the page's canvas, with the EXIF given. */
async function photo(page: Page, color: string, exif: Parameters<typeof withExif>[1]): Promise<Buffer> {
  const bytes = await page.evaluate(async (c) => {
    const canvas = new OffscreenCanvas(3000, 2000);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = c; ctx.fillRect(0, 0, 3000, 2000);
    ctx.fillStyle = '#ffffff'; ctx.fillRect(1200, 800, 600, 400);
    return [...new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 })).arrayBuffer())];
  }, color);
  return Buffer.from(withExif(new Uint8Array(bytes), exif));
}

const isUpload = (r: Request) => r.method() === 'POST' && /\/storage\/v1\/object\/poi_images\/points\//.test(r.url());

test('three photos taken in a row, saved offline, each uploaded once; removed files go only once nothing points to them', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const db = await adminClient(baseURL!);
  const name = `Galerie ${uniq()}`;
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, timezoneId: 'Europe/Paris' });
  const page = await ctx.newPage();
  const uploads: string[] = [];
  ctx.on('request', (r) => { if (isUpload(r)) uploads.push(new URL(r.url()).pathname); });
  await signIn(page);
  await waitOfflineReady(page);
  const files = [
    await photo(page, '#b91c1c', { dateTimeOriginal: '2026:11:30 08:15:42', lat: 45.7578, lon: 4.832, orientation: 1 }),
    await photo(page, '#1d4ed8', { dateTimeOriginal: '2026:11:30 08:16:05' }),
    await photo(page, '#15803d', {}),
  ];

  await ctx.setOffline(true);
  await page.getByRole('button', { name: 'Ouvrir le menu des actions' }).click();
  await page.getByRole('button', { name: 'Signaler', exact: true }).click();
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  await page.touchscreen.tap(box.x + box.width * 0.45, box.y + box.height * 0.45);
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Libellé').fill(name);
  await dialog.getByLabel('Description').fill('Éclisse fissurée, vue large et gros plan');

  // Three photos in a row with the camera button.
  const camera = dialog.locator('button', { hasText: 'Prendre une photo' });
  for (const [i, buffer] of files.entries()) {
    const chooser = page.waitForEvent('filechooser');
    await camera.click();
    await (await chooser).setFiles({ name: `IMG_000${i + 1}.jpg`, mimeType: 'image/jpeg', buffer });
    await expect(dialog.getByTestId('photo-tile')).toHaveCount(i + 1, { timeout: 20_000 });
  }
  await expect(dialog.getByText('3 photos sur 8')).toBeVisible();
  const tiles = dialog.getByTestId('photo-tile');
  await expect(tiles.nth(0)).toContainText('Prise le 30/11/2026 08:15');
  await expect(tiles.nth(1)).toContainText('Prise le 30/11/2026 08:16');
  await expect(tiles.nth(2)).not.toContainText('Prise le');
  // Shrunk on the device, with a thumbnail made beside it: the tile shows the 320 px thumbnail.
  await expect.poll(() => tiles.nth(0).getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);

  // A caption, then the third photo moved before the second; the viewer shows the caption as alt text.
  await dialog.getByLabel('Légende de la photo 2').fill('Gros plan');
  await dialog.getByRole('button', { name: 'Placer la photo 3 avant' }).click();
  await expect(dialog.getByLabel('Légende de la photo 3')).toHaveValue('Gros plan');
  await shot(page, 'phone-photo-gallery');
  await dialog.getByRole('button', { name: 'Agrandir la photo 3' }).click();
  const viewer = page.getByTestId('photo-viewer');
  await expect(viewer.getByRole('img', { name: 'Gros plan' })).toBeVisible();
  // The viewer shows the photo itself (2048 px), not the thumbnail.
  await expect.poll(() => viewer.getByRole('img', { name: 'Gros plan' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2048);
  await expect(viewer).toContainText('Photo 3 sur 3');
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('Photo 1 sur 3');
  // A swipe to the left shows the next photo.
  const stage = (await viewer.locator('.photo-viewer-stage').boundingBox())!;
  await page.mouse.move(stage.x + stage.width * 0.8, stage.y + stage.height / 2);
  await page.mouse.down();
  await page.mouse.move(stage.x + stage.width * 0.2, stage.y + stage.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(viewer).toContainText('Photo 2 sur 3');
  await shot(page, 'phone-photo-viewer');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(dialog).toBeVisible();

  expect(uploads).toEqual([]);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(counter(page)).toHaveText('1 en attente');

  // Online: the point and its three photos land; each photo and its thumbnail uploaded exactly once.
  await ctx.setOffline(false);
  await expect(counter(page)).toHaveCount(0, { timeout: 60_000 });
  const point = (await db.from('points').select('id, image_url').eq('name', name).single()).data!;
  const rows = (await db.from('point_photos').select('storage_path, thumb_path, position, caption, taken_at, gnss_lat, gnss_lon, width, height, kind')
    .eq('point_id', point.id).order('position')).data!;
  expect(rows.map((r) => [r.position, r.caption, r.width, r.height, r.kind])).toEqual([
    [0, null, 2048, 1365, 'constat'], [1, null, 2048, 1365, 'constat'], [2, 'Gros plan', 2048, 1365, 'constat']]);
  expect(new Date(rows[0].taken_at!).toISOString()).toBe('2026-11-30T07:15:42.000Z');
  expect([rows[0].gnss_lat, rows[0].gnss_lon].map((v) => Math.round(v! * 1e4) / 1e4)).toEqual([45.7578, 4.832]);
  expect(rows[1].taken_at).toBeNull();
  expect(point.image_url).toContain(`/poi_images/${rows[0].storage_path}`);
  const stored = rows.flatMap((r) => [r.storage_path, r.thumb_path!]);
  expect(rows.every((r) => r.thumb_path?.endsWith('.jpg'))).toBe(true);
  expect(uploads.map((u) => u.split('/poi_images/')[1]).sort()).toEqual([...stored].sort());
  const urlOf = (path: string) => `${baseURL}/storage/v1/object/public/poi_images/${path}`;
  for (const path of stored) expect((await page.request.get(urlOf(path))).status()).toBe(200);

  // Offline again: the second photo removed in an edit that waits on the device stays in storage meanwhile.
  await ctx.setOffline(true);
  if (!(await page.locator('.sidebar').evaluate((el) => !el.classList.contains('sidebar-closed')))) {
    await page.getByRole('button', { name: 'Afficher la liste' }).click();
  }
  await page.getByRole('button', { name: `Modifier ${name}` }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('photo-tile')).toHaveCount(3);
  await dialog.getByRole('button', { name: "Supprimer l'image 2" }).click();
  await expect(dialog.getByText('Êtes-vous sûr de vouloir supprimer cette image ?')).toBeVisible();
  await dialog.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog.getByTestId('photo-tile')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(counter(page)).toHaveText('1 en attente');
  expect((await db.from('point_photos').select('id').eq('point_id', point.id)).data).toHaveLength(3);
  expect((await page.request.get(urlOf(rows[1].storage_path))).status()).toBe(200);

  await ctx.setOffline(false);
  await expect(counter(page)).toHaveCount(0, { timeout: 60_000 });
  const left = (await db.from('point_photos').select('storage_path').eq('point_id', point.id).order('position')).data!;
  expect(left.map((r) => r.storage_path)).toEqual([rows[0].storage_path, rows[2].storage_path]);
  expect(uploads).toHaveLength(6);

  // The point deleted: every stored file goes (the server's removal loop).
  expect((await db.from('points').delete().eq('id', point.id)).error).toBeNull();
  await expect.poll(async () => {
    const codes = await Promise.all(stored.map(async (path) => (await page.request.get(urlOf(path))).status()));
    return codes.every((c) => c === 404 || c === 400);
  }, { timeout: 90_000, intervals: [2000] }).toBe(true);
  await ctx.close();
});

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP, isMobile: false, hasTouch: false });

  test('an intervention takes up to 4 \'après\' photos, shown in its timeline entry', async ({ page, baseURL }) => {
    test.setTimeout(180_000); // four photos shrunk, each with its thumbnail, on a shared machine
    const db = await adminClient(baseURL!);
    const name = `Après ${uniq()}`;
    const p = await db.from('points').insert({ name, description: 'Rail fissuré', kilometer: '', position: { x: 2600, y: 640 }, status: 'pris_en_charge', criticality: 'danger' }).select('id').single();
    expect(p.error).toBeNull();
    await signIn(page);
    await openEdit(page, name);
    const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
    const follow = dialog.getByRole('region', { name: 'Suivi' });
    // The timeline read first: its entries replacing the loading line move the form (a click would land beside it).
    await expect(follow.getByText('Chargement du suivi...')).toHaveCount(0);
    await follow.getByRole('radio', { name: 'Intervention' }).check();
    await follow.getByLabel('Ce qui a été fait').fill('Éclisse remplacée');
    const five = await Promise.all(['#334155', '#0f766e', '#a16207', '#7c3aed', '#be123c'].map((c) => photo(page, c, {})));
    await follow.getByTestId('apres-image-input').setInputFiles(five.map((buffer, i) => ({ name: `apres-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer })));
    await expect(follow.getByTestId('photo-tile')).toHaveCount(4, { timeout: 30_000 });
    await expect(follow.getByText('Au plus 4 photos « après » par intervention.')).toBeVisible();
    await follow.getByRole('button', { name: 'Ajouter' }).click();
    const entry = follow.getByTestId('follow-entry').filter({ hasText: 'Éclisse remplacée' });
    await expect(entry.getByRole('img', { name: /^Photo après intervention \d$/ })).toHaveCount(4, { timeout: 20_000 });
    await expect(follow.getByTestId('photo-tile')).toHaveCount(0);
    await shot(page, 'desktop-apres-photos');
    const rows = (await db.from('point_photos').select('kind, event_id, position, thumb_path').eq('point_id', p.data!.id).order('position')).data!;
    expect(rows.map((r) => [r.kind, r.position, !!r.event_id])).toEqual([0, 1, 2, 3].map((i) => ['apres', i, true]));
    // The timeline entry shows each photo's thumbnail.
    const srcs = await entry.getByRole('img', { name: /^Photo après intervention \d$/ }).evaluateAll((els) => els.map((e) => (e as HTMLImageElement).src));
    expect(srcs.map((u) => u.split('/poi_images/')[1]).sort()).toEqual(rows.map((r) => r.thumb_path).sort());
    await db.from('points').delete().eq('id', p.data!.id);
  });
});
