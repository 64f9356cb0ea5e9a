// Small things on a phone (390×844, touch): no grey band above or below the map after reloading offline and
// reconnecting; search says when it cuts its list; a PK beyond the line is refused before it is offered; same-name
// zones told apart by track in the export dialog; 'Ajuster à la ligne' shows the whole line; list-row buttons are
// 44 px touch targets with delete apart from edit.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { adminClient, PHONE, signIn, uniq } from './appHelpers';
import { waitOfflineReady } from './offlineHelpers';

// This file goes offline: the service worker (blocked by default in playwright.config.ts) is on.
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const SHOTS = process.env.SMALL_ITEMS_SHOTS;

/** The image layer's alpha (the first Konva canvas) at the middle of its top and bottom rows and of its left and right edges. */
async function imageEdges(page: Page) {
  return page.evaluate(() => {
    const c = document.querySelector('[data-testid="map-canvas"] canvas') as HTMLCanvasElement;
    const ctx = c.getContext('2d')!;
    const a = (x: number, y: number) => ctx.getImageData(Math.round(x), Math.round(y), 1, 1).data[3];
    return { top: a(c.width / 2, 2), bottom: a(c.width / 2, c.height - 3), left: a(2, c.height / 2), right: a(c.width - 3, c.height / 2) };
  });
}

async function openList(page: Page): Promise<void> {
  if (await page.locator('.sidebar.sidebar-closed').count()) await page.getByRole('button', { name: 'Afficher la liste' }).click();
}

test('no grey band around the map after reloading offline and reconnecting', async ({ browser }) => {
  test.setTimeout(180_000);
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await signIn(page);
  await waitOfflineReady(page);
  await ctx.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('map-canvas')).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/offline-reloaded.png` });
  await ctx.setOffline(false);
  await expect(page.getByText('Hors ligne', { exact: true })).toBeHidden({ timeout: 20_000 });
  await page.waitForTimeout(3000); // the view resized, the image drawn
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reconnected.png` });
  // The line image reaches the top and bottom of the map: no band of the page's grey shows through.
  // (polled: on a busy machine the image at a new zoom is drawn a few seconds after the view changed)
  await expect.poll(async () => (await imageEdges(page)).top, { message: 'image drawn at the top of the map', timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await imageEdges(page)).bottom, { message: 'image drawn at the bottom of the map', timeout: 30_000 }).toBeGreaterThan(0);
  await ctx.close();
});

test('search says when it cuts its list, and a PK beyond the line is refused before it is offered', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const tag = `Lot${uniq()}`;
  const rows = Array.from({ length: 24 }, (_, i) => ({ name: `${tag} ${i}`, description: 'x', kilometer: '12.50', km_value: 12.5, position: { x: 3000 + i * 5, y: 700 }, status: 'signale', criticality: 'attention' }));
  const ins = await db.from('points').insert(rows);
  expect(ins.error).toBeNull();
  await signIn(page);
  await openList(page);
  const search = page.getByRole('combobox', { name: 'Rechercher un signalement ou un PK' });
  await search.fill(tag);
  await expect(page.getByRole('option')).toHaveCount(20);
  await expect(page.locator('.search-status')).toHaveText('Les 20 premiers résultats sont affichés : précisez la recherche pour trouver les autres.');
  await search.fill(`${tag} 23`);
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.locator('.search-status')).toHaveText('');

  await search.fill('PK 250');
  await expect(page.locator('.search-status')).toContainText('Le PK 250,00 est hors de la ligne (repères de PK');
  await expect(page.getByRole('option', { name: /Aller au PK 250/ })).toHaveCount(0);
  await search.fill('PK 12,5');
  await expect(page.getByRole('option', { name: 'Aller au PK 12,50' })).toBeVisible();
});

test('same-name zones are told apart by their track in the export dialog', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const name = `Pont ${uniq()}`;
  const zone = (track: string, x: number) => ({ name, color: '#3B82F6', track, points: [{ x, y: 100 }, { x: x + 100, y: 100 }, { x: x + 50, y: 200 }], km_start: null, km_end: null });
  const ins = await db.from('zones').insert([zone('voie_1', 100), zone('voie_2', 400)]);
  expect(ins.error).toBeNull();
  await signIn(page);
  await openList(page);
  await page.getByRole('button', { name: 'Exporter' }).first().click();
  const select = page.getByRole('dialog').getByLabel('Zone');
  const labels = await select.locator('option').allTextContents();
  expect(labels).toContain(`${name} · Voie 1`);
  expect(labels).toContain(`${name} · Voie 2`);
});

test("'Ajuster à la ligne' shows the whole line on a phone", async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Ajuster à la ligne' }).click();
  await page.waitForTimeout(1500);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/whole-line.png` });
  // The image spans the map from its left edge to its right edge (the whole length), thinner than the map.
  await expect.poll(async () => { const e = await imageEdges(page); return e.left > 0 && e.right > 0 && e.top === 0; }, { timeout: 30_000 }).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/whole-line-drawn.png` });
});

test('list-row buttons are 44 px touch targets, and delete is not next to edit', async ({ page }) => {
  await signIn(page);
  await openList(page);
  const row = page.locator('.point-row').first();
  await expect(row).toBeVisible();
  // Read in one go: the virtualised list may re-render its rows between two separate reads.
  const read = () => row.locator('button.btn-icon').evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    // Layout sizes are multiples of 1/64 px; a rect read through the virtual list's translated rows carries float
    // error (43.99998 for 44), so it is read back at that precision.
    const layoutPx = (v: number) => Math.round(v * 64) / 64;
    return { width: layoutPx(r.width), height: layoutPx(r.height), label: e.getAttribute('aria-label') ?? '' };
  }));
  // A row read while the list is still laying out has buttons of no size yet: read again until every one has one.
  let buttons: Awaited<ReturnType<typeof read>> = [];
  await expect.poll(async () => { buttons = await read(); return buttons.length >= 3 && buttons.every((b) => b.width > 0 && b.height > 0); }, { timeout: 10_000 }).toBe(true);
  for (const b of buttons) {
    expect(b.width).toBeGreaterThanOrEqual(44);
    expect(b.height).toBeGreaterThanOrEqual(44);
  }
  const labels = buttons.map((b) => b.label);
  const edit = labels.findIndex((l) => l.startsWith('Modifier'));
  const del = labels.findIndex((l) => l.startsWith('Supprimer'));
  expect(edit).toBeGreaterThanOrEqual(0);
  expect(Math.abs(del - edit)).toBeGreaterThan(1);
});
