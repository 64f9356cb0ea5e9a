// Drawing on a photo (docs/product.md#photo-drawing). On a phone (390×844, touch): a point's photo opened in the
// editor, a circle and an arrow drawn with a finger, the arrow undone, saved without network; back online the drawn
// copy and its thumbnail are uploaded once each (the storage requests are counted), the row points to them, the
// original's bytes are unchanged in storage, and the gallery and the viewer show the drawn copy with both downloads.
// On a desktop: the text tool, Ctrl+Z, Escape asking before losing the shapes, a circle placed from the keyboard,
// drawing again (the replaced copy leaves storage) and 'Retirer le dessin'.
import { expect, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
import { test } from './support/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, PHONE, shot, signIn, uniq } from './appHelpers';
import { counter, openEdit, waitOfflineReady } from './offlineHelpers';

// This file goes offline: the service worker (blocked by default in playwright.config.ts) is on.
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const isUpload = (r: Request) => r.method() === 'POST' && /\/storage\/v1\/object\/poi_images\/points\//.test(r.url());
const urlOf = (baseURL: string, path: string) => `${baseURL}/storage/v1/object/public/poi_images/${path}`;

/** A 1600 × 1200 grey JPEG made by the page's canvas (any page, a blank one too). */
async function jpeg(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(1600, 1200);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#6b7280'; ctx.fillRect(0, 0, 1600, 1200);
    return [...new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer())];
  });
  return Buffer.from(bytes);
}

/** A point whose gallery holds one stored photo. */
async function pointWithPhoto(db: SupabaseClient, baseURL: string, name: string, photo: Buffer): Promise<{ id: string; path: string }> {
  const path = `points/${crypto.randomUUID()}.jpg`;
  const up = await db.storage.from('poi_images').upload(path, photo, { contentType: 'image/jpeg' });
  expect(up.error).toBeNull();
  const p = await db.from('points').insert({ name, description: 'Éclisse fissurée', kilometer: '', position: { x: 2600, y: 640 },
    status: 'signale', criticality: 'danger', image_url: urlOf(baseURL, path) }).select('id').single();
  expect(p.error).toBeNull();
  const g = await db.rpc('set_point_photos', { p_point_id: p.data!.id, p_photos: [{ path, width: 1600, height: 1200, bytes: photo.length }] });
  expect(g.error).toBeNull();
  return { id: p.data!.id, path };
}

/** A finger dragged over the page through the points given (Chromium's touch events: pointer events of type touch). */
async function fingerDrag(ctx: BrowserContext, page: Page, points: { x: number; y: number }[]): Promise<void> {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [points[0]] });
  for (const p of points.slice(1)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Width, height and the RGB of one pixel of a stored image, decoded by the page. */
async function pixel(page: Page, url: string, x: number, y: number): Promise<{ w: number; h: number; rgb: number[] }> {
  return page.evaluate(async ([u, px, py]) => {
    const b = await createImageBitmap(await (await fetch(u as string, { cache: 'no-store' })).blob());
    const c = new OffscreenCanvas(b.width, b.height);
    const ctx = c.getContext('2d')!;
    ctx.drawImage(b, 0, 0);
    const d = ctx.getImageData(px as number, py as number, 1, 1).data;
    return { w: b.width, h: b.height, rgb: [d[0], d[1], d[2]] };
  }, [url, x, y] as const);
}

/** The RGB of one pixel of the image an <img> shows, at its natural size. */
const shownPixel = (img: Locator, x: number, y: number): Promise<number[]> => img.evaluate(async (el: HTMLImageElement, [px, py]) => {
  await el.decode();
  const c = new OffscreenCanvas(el.naturalWidth, el.naturalHeight);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(el, 0, 0);
  return [...ctx.getImageData(px, py, 1, 1).data.slice(0, 3)];
}, [x, y] as const);

test('a circle and an arrow drawn with a finger, the arrow undone, saved offline; online each file is sent once, the original unchanged', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const db = await adminClient(baseURL!);
  const name = `Dessin ${uniq()}`;
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  const uploads: string[] = [];
  ctx.on('request', (r) => { if (isUpload(r)) uploads.push(new URL(r.url()).pathname.split('/poi_images/')[1]); });
  // The point exists before the sign-in: the first load holds it.
  const original = await jpeg(page);
  const { id, path } = await pointWithPhoto(db, baseURL!, name, original);
  await signIn(page);
  await waitOfflineReady(page);
  await openEdit(page, name, true);
  const form = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await expect(form.getByTestId('photo-tile')).toHaveCount(1, { timeout: 20_000 });
  await form.getByRole('button', { name: 'Dessiner sur la photo 1' }).click();

  const editor = page.getByRole('dialog', { name: 'Dessiner sur la photo' });
  await expect(editor).toBeVisible();
  const canvas = editor.getByTestId('draw-canvas');
  await expect(canvas.locator('canvas')).toHaveCount(1, { timeout: 20_000 });
  await expect(editor.getByRole('radio', { name: 'Cercle' })).toBeChecked();
  await expect(editor.getByRole('radio', { name: 'Rouge' })).toBeChecked();
  const box = (await canvas.boundingBox())!;
  // The photo fills the width: its pixels are box.width / 1600 CSS px each, centred vertically.
  const k = box.width / 1600;
  const top = box.y + (box.height - 1200 * k) / 2;
  const at = (ix: number, iy: number) => ({ x: box.x + ix * k, y: top + iy * k });
  // A circle centred on (800, 600) of the photo, radius 300 photo px.
  await fingerDrag(ctx, page, [at(800, 600), at(900, 600), at(1000, 600), at(1100, 600)]);
  await editor.getByText('Flèche', { exact: true }).click();
  await editor.locator('label', { has: page.getByRole('radio', { name: 'Jaune' }) }).click();
  await expect(editor.getByRole('radio', { name: 'Jaune' })).toBeChecked();
  await fingerDrag(ctx, page, [at(200, 200), at(300, 250), at(400, 300)]);
  await shot(page, 'phone-photo-draw-editor');
  await editor.getByRole('button', { name: 'Annuler', exact: true }).click();
  await expect(editor.getByRole('button', { name: 'Annuler', exact: true })).toBeEnabled(); // the circle can still be undone

  // Saved without network: the drawn copy and its thumbnail wait on the device.
  await ctx.setOffline(true);
  await editor.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(editor).toBeHidden({ timeout: 20_000 });
  const tile = form.getByTestId('photo-tile');
  await expect(tile.getByText('Dessin', { exact: true })).toBeVisible();
  await expect(tile.getByRole('button', { name: 'Retirer le dessin de la photo 1' })).toBeVisible();
  await tile.scrollIntoViewIfNeeded();
  await shot(page, 'phone-photo-drawn-tile');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  await expect(counter(page)).toHaveText('1 en attente');
  expect(uploads).toEqual([]);

  await ctx.setOffline(false);
  await expect(counter(page)).toHaveCount(0, { timeout: 60_000 });
  const row = (await db.from('point_photos').select('storage_path, drawn_path, thumb_path').eq('point_id', id).single()).data!;
  expect(row.storage_path).toBe(path);
  expect(row.drawn_path).toMatch(/^points\/.+\.jpg$/);
  expect(row.thumb_path).toMatch(/^points\/.+\.jpg$/);
  expect(uploads.sort()).toEqual([row.drawn_path, row.thumb_path].sort());

  // The original is byte for byte what was stored; the drawn copy has its size, with the red circle and no arrow.
  const stored = await page.request.get(urlOf(baseURL!, path));
  expect(Buffer.from(await stored.body()).equals(original)).toBe(true);
  const drawnUrl = urlOf(baseURL!, row.drawn_path!);
  const onCircle = await pixel(page, drawnUrl, 1100, 600);
  expect([onCircle.w, onCircle.h]).toEqual([1600, 1200]);
  expect(onCircle.rgb[0]).toBeGreaterThan(180);
  expect(onCircle.rgb[1]).toBeLessThan(90);
  const grey = (await pixel(page, urlOf(baseURL!, path), 800, 600)).rgb;
  const near = (rgb: number[]) => rgb.every((v, i) => Math.abs(v - grey[i]) <= 12);
  expect(near((await pixel(page, drawnUrl, 800, 600)).rgb)).toBe(true); // inside the circle: the photo as it was
  expect(near((await pixel(page, drawnUrl, 300, 250)).rgb)).toBe(true); // the undone arrow is not there
  const thumb = await pixel(page, urlOf(baseURL!, row.thumb_path!), 0, 0);
  expect(Math.max(thumb.w, thumb.h)).toBe(320);

  // Shown by default, both downloadable.
  // (The device shows its local copy of the drawing it made: the image's pixels tell which one is shown.)
  await openEdit(page, name, true);
  const red = (rgb: number[]) => rgb[0] > 180 && rgb[1] < 90;
  // The tile loads a thumbnail (never the full image); the viewer shows the drawn copy itself.
  const tileImg = form.getByTestId('photo-tile').getByRole('img');
  await expect.poll(async () => tileImg.evaluate(async (el: HTMLImageElement) => { await el.decode(); return Math.max(el.naturalWidth, el.naturalHeight); })).toBe(320);
  await expect(form.getByTestId('photo-tile').getByText('Dessin', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Agrandir la photo 1' }).click();
  const viewer = page.getByTestId('photo-viewer');
  await expect(viewer.getByText('Dessin', { exact: true })).toBeVisible();
  await expect.poll(async () => red(await shownPixel(viewer.getByRole('img'), 1100, 600))).toBe(true);
  await expect(viewer.getByRole('link', { name: 'Télécharger la photo d’origine' })).toHaveAttribute('href', new RegExp(`${path}$`));
  await expect(viewer.getByRole('link', { name: 'Télécharger le dessin' })).toHaveAttribute('href', new RegExp(`${row.drawn_path}$`));
  await shot(page, 'phone-photo-drawn-viewer');
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Annuler' }).click();
  await db.from('points').delete().eq('id', id);
  await ctx.close();
});

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP, isMobile: false, hasTouch: false });

  test('text, Ctrl+Z, Escape asks before losing the shapes; drawing again replaces the copy; \'Retirer le dessin\' returns to the original', async ({ page, baseURL }) => {
    test.setTimeout(150_000);
    const db = await adminClient(baseURL!);
    const name = `Dessin ${uniq()}`;
    const { id, path } = await pointWithPhoto(db, baseURL!, name, await jpeg(page));
    await signIn(page);
    await openEdit(page, name);
    const form = page.getByRole('dialog', { name: "Signalement d'anomalie" });
    await form.getByRole('button', { name: 'Dessiner sur la photo 1' }).click();
    const editor = page.getByRole('dialog', { name: 'Dessiner sur la photo' });
    const canvas = editor.getByTestId('draw-canvas');
    await expect(canvas.locator('canvas')).toHaveCount(1, { timeout: 20_000 });
    const box = (await canvas.boundingBox())!;
    const save = editor.getByRole('button', { name: 'Enregistrer' });
    await expect(save).toBeDisabled();

    // A freehand line with the mouse, undone with Ctrl+Z.
    await editor.getByText('Main levée', { exact: true }).click();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4, { steps: 8 });
    await page.mouse.up();
    await expect(save).toBeEnabled();
    await page.keyboard.press('Control+z');
    await expect(save).toBeDisabled();

    // A text through the prompt.
    await editor.getByText('Texte', { exact: true }).click();
    await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.5);
    await editor.getByLabel('Texte à placer sur la photo').fill('Fissure');
    await editor.getByRole('button', { name: 'Ajouter' }).click();
    await expect(save).toBeEnabled();
    await shot(page, 'desktop-photo-draw-editor');

    // Escape asks first; 'Continuer le dessin' keeps the shapes.
    await page.keyboard.press('Escape');
    await expect(editor.getByText('Fermer sans enregistrer ? Les tracés seront perdus.')).toBeVisible();
    await editor.getByRole('button', { name: 'Continuer le dessin' }).click();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(editor).toBeHidden({ timeout: 20_000 });
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form).toBeHidden({ timeout: 20_000 });
    const first = (await db.from('point_photos').select('drawn_path, thumb_path').eq('point_id', id).single()).data!;
    expect(first.drawn_path).toBeTruthy();

    // Drawn again: a new copy replaces the previous one, which leaves storage once nothing points to it.
    await openEdit(page, name);
    await form.getByRole('button', { name: 'Dessiner sur la photo 1' }).click();
    await expect(canvas.locator('canvas')).toHaveCount(1, { timeout: 20_000 });
    // From the keyboard this time: Enter on the photo places a circle around its centre.
    await canvas.focus();
    await page.keyboard.press('Enter');
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(editor).toBeHidden({ timeout: 20_000 });
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form).toBeHidden({ timeout: 20_000 });
    const second = (await db.from('point_photos').select('drawn_path, thumb_path').eq('point_id', id).single()).data!;
    expect(second.drawn_path).toBeTruthy();
    expect(second.drawn_path).not.toBe(first.drawn_path);
    await expect.poll(async () => (await page.request.get(urlOf(baseURL!, first.drawn_path!))).status(), { timeout: 90_000, intervals: [2000] })
      .not.toBe(200);

    // 'Retirer le dessin': the original shown again, with a thumbnail of its own.
    await openEdit(page, name);
    await form.getByRole('button', { name: 'Retirer le dessin de la photo 1' }).click();
    await expect(form.getByTestId('photo-tile').getByText('Dessin', { exact: true })).toHaveCount(0);
    // The tile shows a new thumbnail of the original: neither the drawn copy nor its thumbnail.
    await expect(form.getByTestId('photo-tile').getByRole('img')).not.toHaveAttribute('src', new RegExp(`(${second.drawn_path}|${second.thumb_path})$`));
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form).toBeHidden({ timeout: 20_000 });
    const third = (await db.from('point_photos').select('storage_path, drawn_path, thumb_path').eq('point_id', id).single()).data!;
    expect(third.storage_path).toBe(path);
    expect(third.drawn_path).toBeNull();
    expect(third.thumb_path).toBeTruthy();
    expect(third.thumb_path).not.toBe(second.thumb_path);
    await db.from('points').delete().eq('id', id);
  });
});
