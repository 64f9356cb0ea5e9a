// Placing a point end to end: draw-point click on the map, the form with a photo upload, save, the
// point live in a second browser, status edit, status chips, deletion with the SPEC confirmation texts.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { adminClient, DESKTOP, png, shot, signIn, uniq } from './appHelpers';

test.use({ viewport: DESKTOP });

const firstRow = (page: Page) => page.locator('.point-row').first();

test('place a point with a photo, see it live elsewhere, edit its status, filter, delete', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000); // the thumbnail's removal waits for the server's storage queue
  await signIn(page);
  await expect(firstRow(page)).toBeVisible({ timeout: 30_000 });
  await shot(page, 'desktop-main');

  // A second browser (another session) watching the list.
  const ctx2 = await browser.newContext({ viewport: DESKTOP });
  const watcher = await ctx2.newPage();
  await signIn(watcher);
  await expect(firstRow(watcher)).toBeVisible({ timeout: 30_000 });

  // Signaler toggles draw-point and shows Annuler.
  await page.getByRole('button', { name: 'Signaler' }).click();
  await expect(page.getByRole('button', { name: 'Annuler' })).toHaveAttribute('aria-pressed', 'true');
  const canvas = page.getByTestId('map-canvas');
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.45);
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Position sur la règle/)).toBeVisible();
  await expect(dialog.getByLabel('Statut')).toHaveValue('signale');
  await expect(dialog.getByLabel('Criticité')).toHaveValue('attention');

  // Required fields.
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('La description est obligatoire.')).toBeVisible();

  const name = `E2E traverse ${uniq()}`;
  await dialog.getByLabel('Libellé').fill(name);
  await dialog.getByLabel('Description').fill('Traverse fendue sur 40 cm, à surveiller.');
  // PK: 4 integer digits or 3 decimals are refused as typed.
  const km = dialog.getByLabel('PK (point kilométrique)');
  await km.fill('');
  await km.pressSequentially('1234.567');
  await expect(km).toHaveValue('123.56');
  // A pasted value that is not a PK is ignored; a valid one replaces the field.
  const paste = (text: string) => km.evaluate((el, t) => {
    const dt = new DataTransfer();
    dt.setData('text', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, text);
  await paste('PK 12+300');
  await expect(km).toHaveValue('123.56');
  await paste('45.5');
  await expect(km).toHaveValue('45.5');
  await km.fill('14.25');
  await dialog.getByLabel('N° OT/Dépêche').fill('OT-12345');

  // A wrong file type is refused, then a PNG is uploaded.
  const input = dialog.getByTestId('image-input');
  await input.setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('pas une image') });
  await expect(dialog.getByText('Le fichier doit être une image')).toBeVisible();
  await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png(16, 12) });
  const preview = dialog.getByRole('img', { name: 'Aperçu de la photo' });
  await expect(preview).toBeVisible({ timeout: 20_000 });
  // The tile loads the photo's thumbnail, a JPEG stored beside it.
  const src = await preview.getAttribute('src');
  expect(src).toMatch(/\/storage\/v1\/object\/public\/poi_images\/points\/[0-9a-f-]{36}\.jpg$/);
  // Removing the image asks first; cancelling keeps it.
  await dialog.getByRole('button', { name: "Supprimer l'image" }).click();
  await expect(dialog.getByText('Êtes-vous sûr de vouloir supprimer cette image ?')).toBeVisible();
  await dialog.getByRole('alertdialog').getByRole('button', { name: 'Annuler' }).click();
  await expect(preview).toBeVisible();
  await shot(page, 'desktop-point-form');

  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  // Back to view mode, the new point first in the list.
  await expect(page.getByRole('button', { name: 'Signaler' })).toHaveAttribute('aria-pressed', 'false');
  await expect(firstRow(page)).toContainText(name);
  await expect(firstRow(page)).toContainText('PK 14,25');

  // The other browser sees it without reloading.
  const t0 = Date.now();
  await expect(firstRow(watcher)).toContainText(name, { timeout: 5_000 });
  console.log(`live insert seen after ${Date.now() - t0} ms`);

  // The photo as uploaded (a PNG) and its thumbnail (a JPEG) are served from storage.
  const db = await adminClient(baseURL!);
  const stored = (await db.from('points').select('image_url').eq('name', name).single()).data!.image_url as string;
  expect(stored).toMatch(/\/storage\/v1\/object\/public\/poi_images\/points\/[0-9a-f-]{36}\.png$/);
  const photoUrl = new URL(stored, baseURL).href;
  const img = await page.request.get(photoUrl);
  expect(img.status()).toBe(200);
  expect(img.headers()['content-type']).toBe('image/png');
  const thumb = await page.request.get(src!);
  expect(thumb.status()).toBe(200);
  expect(thumb.headers()['content-type']).toBe('image/jpeg');

  // Edit: prefilled, status to En cours.
  await firstRow(page).getByRole('button', { name: `Modifier ${name}` }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Libellé')).toHaveValue(name);
  await expect(dialog.getByLabel('N° OT/Dépêche')).toHaveValue('OT-12345');
  await dialog.getByLabel('Statut').selectOption('pris_en_charge');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(firstRow(page)).toContainText('En cours');
  await expect(firstRow(watcher)).toContainText('En cours', { timeout: 5_000 });

  // Chips: En cours shows it, Signalé does not, Tous (not resolved) does.
  const sidebar = page.getByRole('complementary', { name: 'Signalements' });
  await sidebar.getByRole('radio', { name: /^En cours/ }).click();
  await expect(sidebar.getByText(name)).toBeVisible();
  await sidebar.getByRole('radio', { name: /^Signalé/ }).click();
  await expect(sidebar.getByText(name)).toHaveCount(0);
  await expect(page.locator('.point-row .status-badge').first()).toHaveText('Signalé');
  for (const row of await page.locator('.point-row .status-badge').allTextContents()) expect(row).toBe('Signalé');
  await sidebar.getByRole('radio', { name: /^Résolu/ }).click();
  await expect(page.locator('.point-row .status-badge').first()).toHaveText('Résolu');
  for (const row of await page.locator('.point-row .status-badge').allTextContents()) expect(row).toBe('Résolu');
  await sidebar.getByRole('radio', { name: /^Tous/ }).click();
  await expect(sidebar.getByText(name)).toBeVisible();
  await expect(page.locator('.point-row .status-badge', { hasText: 'Résolu' })).toHaveCount(0);

  // Team tab lists 'Sans équipe' (the point has none).
  await sidebar.getByRole('tab', { name: 'Par équipe' }).click();
  await expect(sidebar.getByText('Sans équipe')).toBeVisible();
  await shot(page, 'desktop-teams');
  await sidebar.getByRole('tab', { name: 'Par zone' }).click();
  await expect(sidebar.getByText('Sélectionnez une zone pour afficher ses signalements.')).toBeVisible();
  await shot(page, 'desktop-zones');
  await sidebar.getByRole('tab', { name: 'Tout' }).click();

  // Delete with the SPEC confirmation.
  await firstRow(page).getByRole('button', { name: `Supprimer ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await expect(confirm.getByText(`Êtes-vous sûr de vouloir supprimer « ${name} » ?`)).toBeVisible();
  await expect(confirm.getByText(/Cette action est irréversible et supprimera définitivement/)).toBeVisible();
  await shot(page, 'desktop-delete');
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  await expect(sidebar.getByText(name)).toHaveCount(0);
  await expect(watcher.getByText(name)).toHaveCount(0, { timeout: 5_000 });
  // Its photo was removed first; its thumbnail goes with the server's queue of files nothing points to.
  expect((await page.request.get(photoUrl)).status()).toBe(404);
  await expect.poll(async () => (await page.request.get(src!)).status(), { timeout: 90_000, intervals: [2000] }).toBe(404);
  await ctx2.close();
});

test('a failed save keeps the form open with its content', async ({ page }) => {
  await signIn(page);
  await expect(firstRow(page)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Signaler' }).click();
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await dialog.getByLabel('Libellé').fill('Coupure réseau');
  await dialog.getByLabel('Description').fill('Le texte saisi doit rester.');
  // A photo dropped on the drop zone is uploaded too.
  const bytes = [...png(10, 10, 0x33)];
  await dialog.locator('.dropzone').evaluate((el, data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(data)], 'depot.png', { type: 'image/png' }));
    el.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, bytes);
  const preview = dialog.getByRole('img', { name: 'Aperçu de la photo' });
  await expect(preview).toBeVisible({ timeout: 20_000 });
  const src = (await preview.getAttribute('src'))!;
  expect((await page.request.get(src)).status()).toBe(200);
  // A save the server refuses keeps the form (a save without network goes to the outbox instead: e2e/offline.spec.ts).
  await page.route('**/rest/v1/points**', (route) => (route.request().method() === 'POST'
    ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: '23514', message: 'new row violates check constraint', details: null, hint: null }) })
    : route.continue()));
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText(/L'enregistrement a échoué/)).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByLabel('Description')).toHaveValue('Le texte saisi doit rester.');
  await expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
  await page.unroute('**/rest/v1/points**');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  // Cancelling removes the photo uploaded for the abandoned point.
  await expect.poll(async () => (await page.request.get(src)).status(), { timeout: 10_000 }).toBe(404);
});

test('a point whose photo has a same-origin storage URL (as the demo seed stores them) can be edited', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const seeded = await db.from('points').select('image_url').like('image_url', '/storage/v1/object/public/poi_images/points/%').limit(1).single();
  expect(seeded.error).toBeNull();
  const name = `Photo démo ${uniq()}`;
  const ins = await db.from('points').insert({
    name, description: 'Photo au format du jeu de démonstration', kilometer: '14.00', km_value: 14,
    position: { x: 3000, y: 600 }, image_url: seeded.data!.image_url, status: 'signale', criticality: 'attention',
  }).select('id').single();
  expect(ins.error).toBeNull();
  try {
    await signIn(page);
    const row = page.locator('.point-row').filter({ hasText: name });
    await row.getByRole('button', { name: `Modifier ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
    await expect(dialog.locator('img').first()).toBeVisible();
    await dialog.getByLabel('Statut').selectOption('pris_en_charge');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect.poll(async () => (await db.from('points').select('status').eq('id', ins.data!.id).single()).data?.status).toBe('pris_en_charge');
  } finally {
    await db.from('points').delete().eq('id', ins.data!.id); // the photo file belongs to a demo point: keep it
  }
});
