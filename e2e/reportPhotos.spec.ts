// A point with three photos in the report and Word (docs/product.md#photos, #word-document): each photo picked in the
// form gets its thumbnail made on the device, both uploaded once (the storage requests are counted) and the tiles show
// the thumbnails; in the route report (another browser, empty cache) that point's row shows three thumbnails and
// loads only the thumbnails, never the full photos; the Word file embeds the first photo in 400×300 and the two
// others as thumbnails (the word/media entries of that point counted).
import { expect, type Page, type Request } from '@playwright/test';
import { test } from './support/test';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { adminClient, DESKTOP, openLineReport, shot, signIn, uniq } from './appHelpers';

test.use({ viewport: DESKTOP, acceptDownloads: true });

/** A 3000 × 2000 JPEG of one colour, made by the page's canvas. */
async function photo(page: Page, color: string): Promise<Buffer> {
  const bytes = await page.evaluate(async (c) => {
    const canvas = new OffscreenCanvas(3000, 2000);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = c; ctx.fillRect(0, 0, 3000, 2000);
    ctx.fillStyle = '#ffffff'; ctx.fillRect(1200, 800, 600, 400);
    return [...new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 })).arrayBuffer())];
  }, color);
  return Buffer.from(bytes);
}

const isUpload = (r: Request) => r.method() === 'POST' && /\/storage\/v1\/object\/poi_images\/points\//.test(r.url());
const publicPath = (r: Request) => /\/storage\/v1\/object\/public\/poi_images\/(points\/[^?]+)/.exec(r.url())?.[1] ?? null;

test('three photos: thumbnails made once at upload, shown in the report row, embedded in Word', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const db = await adminClient(baseURL!);
  const name = `Trois photos ${uniq()}`;
  const uploads: string[] = [];
  page.on('request', (r) => { if (isUpload(r)) uploads.push(new URL(r.url()).pathname.split('/poi_images/')[1]); });
  await signIn(page);

  await page.getByRole('button', { name: 'Signaler' }).click();
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Libellé').fill(name);
  await dialog.getByLabel('Description').fill('Éclisse fissurée : vue large, gros plan, détail');
  await dialog.getByLabel('PK (point kilométrique)').fill('14.25'); // a point without PK is not in a route report
  await dialog.getByTestId('image-input').setInputFiles([
    { name: 'IMG_1.jpg', mimeType: 'image/jpeg', buffer: await photo(page, '#b91c1c') },
    { name: 'IMG_2.jpg', mimeType: 'image/jpeg', buffer: await photo(page, '#1d4ed8') },
    { name: 'IMG_3.jpg', mimeType: 'image/jpeg', buffer: await photo(page, '#15803d') },
  ]);
  const tiles = dialog.getByTestId('photo-tile');
  await expect(tiles).toHaveCount(3, { timeout: 30_000 });
  // The tiles show the thumbnails (320 px wide), never the 2048 px photos.
  for (let i = 0; i < 3; i++) {
    await expect.poll(() => tiles.nth(i).getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
  }
  await shot(page, 'desktop-gallery-thumbnails');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  // The form waits for the send at most ONLINE_SAVE_WAIT_MS (src/state/offline/offlineActions.ts), then the point stays
  // queued on the device and is sent after.
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect.poll(async () => {
    const p = (await db.from('points').select('id').eq('name', name).maybeSingle()).data;
    return p ? (await db.from('point_photos').select('point_id', { count: 'exact', head: true }).eq('point_id', p.id)).count : 0;
  }, { timeout: 60_000 }).toBe(3);

  const point = (await db.from('points').select('id, image_url').eq('name', name).single()).data!;
  const rows = (await db.from('point_photos').select('storage_path, thumb_path, width').eq('point_id', point.id).order('position')).data!;
  expect(rows.map((r) => r.width)).toEqual([2048, 2048, 2048]);
  expect(rows.every((r) => r.thumb_path && r.thumb_path !== r.storage_path && r.thumb_path.endsWith('.jpg'))).toBe(true);
  // Each photo and each thumbnail uploaded exactly once.
  expect([...uploads].sort()).toEqual(rows.flatMap((r) => [r.storage_path, r.thumb_path!]).sort());
  for (const r of rows) {
    const thumb = await page.request.get(`${baseURL}/storage/v1/object/public/poi_images/${r.thumb_path}`);
    expect([thumb.status(), thumb.headers()['content-type']]).toEqual([200, 'image/jpeg']);
  }

  // The report in another browser (nothing cached): the row shows three thumbnails and loads only them.
  const ctx = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const reader = await ctx.newPage();
  const loaded: string[] = [];
  reader.on('request', (r) => { const p = publicPath(r); if (p) loaded.push(p); });
  await signIn(reader);
  // PK 14,20-14,30 around the point: the line may hold the 20,000 points of report-scale.spec.ts by now.
  const view = await openLineReport(reader, '14,20', '14,30');
  const row = view.locator(`.report-row[data-point-id="${point.id}"]`);
  const body = view.locator('.dialog-body');
  await expect(view.locator('.report-row').first().locator('.report-label')).not.toHaveText('…', { timeout: 30_000 });
  for (let k = 0; k < 300 && !(await row.count()); k++) {
    await body.evaluate((el) => { el.scrollTop += el.clientHeight * 0.8; });
    await reader.waitForTimeout(50);
  }
  await expect(row).toHaveCount(1);
  await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const imgs = row.locator('.report-photo img');
  await expect(imgs).toHaveCount(3, { timeout: 20_000 });
  await expect.poll(() => imgs.evaluateAll((els) => els.filter((e) => (e as HTMLImageElement).complete && (e as HTMLImageElement).naturalWidth > 0).length)).toBe(3);
  await expect(imgs.nth(1)).toHaveAttribute('alt', `Photo 2 : ${name}`);
  await row.screenshot({ path: 'test-results/app-screens/report-row-three-photos.png' });
  const mine = rows.flatMap((r) => [r.storage_path, r.thumb_path!]);
  expect(loaded.filter((p) => mine.includes(p)).sort()).toEqual(rows.map((r) => r.thumb_path!).sort());

  // Word: the point's first photo and the two thumbnails are embedded (three media of that point).
  const downloadPromise = reader.waitForEvent('download', { timeout: 120_000 });
  await view.getByRole('button', { name: 'Télécharger Word' }).click();
  const download = await downloadPromise;
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const xml = strFromU8(files['word/document.xml']);
  const rels = strFromU8(files['word/_rels/document.xml.rels']);
  const escaped = name.replace(/&/g, '&amp;');
  const drawings = [...xml.matchAll(/<wp:inline[\s\S]*?<\/wp:inline>/g)].map((m) => m[0]).filter((d) => d.includes(`descr="${escaped}"`));
  expect(drawings).toHaveLength(3);
  const media = drawings.map((d) => {
    const rid = /r:embed="([^"]+)"/.exec(d)![1];
    return `word/${new RegExp(`Id="${rid}"[^>]*Target="([^"]+)"`).exec(rels)![1]}`;
  });
  for (const m of media) expect(Object.keys(files)).toContain(m);
  expect(new Set(media).size).toBe(3);
  expect(Object.keys(files).filter((f) => f.startsWith('word/media/')).length).toBeGreaterThanOrEqual(3);
  const extent = (d: string) => Number(/<wp:extent cx="(\d+)"/.exec(d)![1]) / 9525;
  expect(drawings.map(extent)).toEqual([400, 160, 160]); // 2048×1365 fitted in 400×300, 320×213 in 160×120
  // The first is the photo (shrunk for Word), the others the stored thumbnails as they are.
  expect(files[media[1]].length).toBeLessThan(40_000);
  await ctx.close();
  await db.from('points').delete().eq('id', point.id);
});
