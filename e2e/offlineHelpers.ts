// Helpers of the offline end-to-end spec: wait until the service worker controls the page and the data snapshot
// is stored, create a point through the UI (phone or desktop), open a point's form from the list, read the outbox.
import { expect, type Locator, type Page } from '@playwright/test';
import { png } from './appHelpers';

/** The service worker controls the page (precache done) and the last load is kept in IndexedDB. */
export async function waitOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i++) await new Promise((r) => setTimeout(r, 100));
  });
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect.poll(() => page.evaluate(() => new Promise<number>((resolve) => {
    const req = indexedDB.open('rail-outbox');
    req.onsuccess = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains('snapshots')) { db.close(); resolve(0); return; }
      const c = db.transaction('snapshots').objectStore('snapshots').count();
      c.onsuccess = () => { db.close(); resolve(c.result); };
    };
    req.onerror = () => resolve(0);
  })), { timeout: 20_000 }).toBeGreaterThan(0);
}

/** Enters draw-point mode (floating menu on a phone) and taps the map at (fx, fy) of its box; the new point's form. */
export async function openCaptureForm(page: Page, opts: { fx: number; fy: number; phone?: boolean }): Promise<Locator> {
  if (opts.phone) {
    await page.getByRole('button', { name: 'Ouvrir le menu des actions' }).click();
    await page.getByRole('button', { name: 'Signaler', exact: true }).click();
  } else {
    await page.getByRole('button', { name: 'Signaler' }).click();
  }
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  const x = box.x + box.width * opts.fx, y = box.y + box.height * opts.fy;
  if (opts.phone) await page.touchscreen.tap(x, y); else await page.mouse.click(x, y);
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Opens the new point's form at (fx, fy) of the map (openCaptureForm), fills and saves it. */
export async function createPoint(page: Page, opts: { name: string; description: string; fx: number; fy: number; photo?: boolean; phone?: boolean }): Promise<void> {
  const dialog = await openCaptureForm(page, opts);
  await dialog.getByLabel('Libellé').fill(opts.name);
  await dialog.getByLabel('Description').fill(opts.description);
  if (opts.photo) {
    await dialog.getByTestId('image-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png(12, 9, 0x55) });
    const preview = dialog.getByRole('img', { name: 'Aperçu de la photo' });
    await expect(preview).toBeVisible({ timeout: 20_000 });
    // The local copy is shown while the photo waits for the network.
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(12);
  }
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

/** Opens the sidebar (a drawer on phones) and the edit form of the point named `name`. */
export async function openEdit(page: Page, name: string, phone = false): Promise<void> {
  if (phone && !(await page.locator('.sidebar').evaluate((el) => !el.classList.contains('sidebar-closed')))) {
    await page.getByRole('button', { name: 'Afficher la liste' }).click();
  }
  await page.getByRole('button', { name: `Modifier ${name}` }).click();
  await expect(page.getByRole('dialog', { name: "Signalement d'anomalie" })).toBeVisible();
}

export const counter = (page: Page) => page.getByTestId('outbox-counter');
