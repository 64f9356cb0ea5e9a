// Field capture you can trust on a phone (390×844, touch): a point saved offline at a fixed device time
// (Playwright's clock) and sent minutes later keeps its observation time in the row, the form and the history; the
// keyboard reaches the map from a fresh page through 'Aller au plan' and crosses the list in one tab stop; the
// Word report downloads offline; offline search says it needs the network.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { adminClient, DESKTOP, openWholeLineReport, PHONE, signIn, uniq } from './appHelpers';
import { counter, createPoint, waitOfflineReady } from './offlineHelpers';

// This file goes offline: the service worker (blocked by default in playwright.config.ts) is on.
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const MIN = 60_000;
const paris = (d: Date) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
  .format(d).replace(',', '');

async function openList(page: Page): Promise<void> {
  if (await page.locator('.sidebar.sidebar-closed').count()) await page.getByRole('button', { name: 'Afficher la liste' }).click();
}

test('a point saved offline keeps the time it was observed, not the time it reached the server', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const db = await adminClient(baseURL!);
  const tag = `Constat ${uniq()}`;
  // The device's clock when saving: 20 minutes ago, but never before the line existed (the database refuses
  // that, and the e2e server made its line when it started).
  const lineCreated = Math.min(...((await db.from('lines').select('created_at')).data ?? []).map((l) => Date.parse(l.created_at)));
  const observed = new Date(Math.max(Date.now() - 20 * MIN, lineCreated + 5_000));
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await page.clock.install({ time: observed });
  await signIn(page);
  await waitOfflineReady(page);

  await ctx.setOffline(true);
  // Every text that appears (the save toast is short-lived) is collected.
  await page.evaluate(() => {
    const w = window as unknown as { __texts: string[] };
    w.__texts = [];
    new MutationObserver((list) => { for (const m of list) for (const n of m.addedNodes) w.__texts.push(n.textContent ?? ''); })
      .observe(document.body, { childList: true, subtree: true });
  });
  const deviceBefore = await page.evaluate(() => Date.now());
  await createPoint(page, { name: `${tag} A`, description: 'Vu dans le tunnel', fx: 0.45, fy: 0.5, phone: true });
  const deviceAfter = await page.evaluate(() => Date.now());
  await expect.poll(() => page.evaluate(() => (window as unknown as { __texts: string[] }).__texts.join('\n')))
    .toContain('Enregistré sur l’appareil, envoi dès le retour du réseau');
  await expect(counter(page)).toHaveText('1 en attente');

  // Twenty minutes later (device time), the network is back: the report is sent.
  // (On a server started a moment ago the device clock is only a little behind: wait until the report is really
  // sent more than a minute after it was made.)
  const tooSoon = deviceAfter + MIN + 10_000 - Date.now(); // deviceAfter: the device's time just after the save
  if (tooSoon > 0) await new Promise((r) => setTimeout(r, tooSoon));
  await page.clock.setSystemTime(new Date());
  await ctx.setOffline(false);
  await expect(counter(page)).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => (window as unknown as { __texts: string[] }).__texts.join('\n')), { timeout: 10_000 })
    .toContain('Modification hors ligne envoyée.');

  const row = (await db.from('points').select('id, observed_at, created_at').eq('name', `${tag} A`).single()).data!;
  const observedAt = new Date(row.observed_at);
  expect(observedAt.getTime()).toBeGreaterThanOrEqual(deviceBefore);
  expect(observedAt.getTime()).toBeLessThanOrEqual(deviceAfter);
  expect(deviceAfter - observed.getTime()).toBeLessThan(5 * MIN); // the device time of the save, not the arrival
  expect(new Date(row.created_at).getTime() - observedAt.getTime()).toBeGreaterThan(MIN);

  // The form and the history say both times.
  await openList(page);
  await page.getByRole('button', { name: `Modifier ${tag} A` }).click();
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  const label = `Constaté le ${paris(observedAt)} · reçu le ${paris(new Date(row.created_at))}`;
  await expect(dialog.getByTestId('point-observed')).toHaveText(label);
  await dialog.getByRole('button', { name: 'Historique' }).click();
  await expect(dialog.locator('.point-history-list')).toContainText(`Signalement créé (${label})`);
  await ctx.close();
  await db.from('points').delete().like('name', `${tag}%`);
});

test.describe('desktop keyboard', () => {
test.use({ viewport: DESKTOP, isMobile: false, hasTouch: false });
test('keyboard: the map in at most 3 Tab presses with the list open, and the list is one tab stop', async ({ page }) => {
  await signIn(page);
  await page.reload(); // a fresh page: nothing focused yet
  await expect(page.locator('.point-row').first()).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Aller au plan' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('map-canvas')).toBeFocused();

  // Inside the list: one row in the tab order, arrows move between rows.
  const rows = page.locator('.vlist-row');
  const first = rows.nth(0).locator('.list-row-main');
  await first.focus();
  const tabbable = await page.locator('.vlist-inner [tabindex="0"]').count();
  expect(tabbable).toBe(1);
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(1).locator('.list-row-main')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(rows.nth(1).locator('button').nth(1)).toBeFocused();
  // One Tab leaves the list (the other rows and buttons are not tab stops).
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('.vlist-inner'))).toBe(false);
});
});

test('offline: search says it needs the network, and the Word report downloads with photo labels', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await signIn(page);
  await waitOfflineReady(page);
  await ctx.setOffline(true);

  // Search: a French sentence that says why, never 'Réessayez' as if it were a passing failure.
  await openList(page);
  // A report whose details this device has read (the list shows it) and that the whole-line report holds (it has a
  // PK): its texts are in the offline Word file.
  const seen = (await page.locator('.point-row').filter({ hasText: /PK \d/ }).first().locator('.list-row-title').textContent())!;
  const search = page.getByRole('combobox', { name: 'Rechercher un signalement ou un PK' });
  await search.fill('traverse');
  await expect(page.getByText('La recherche nécessite le réseau')).toBeVisible({ timeout: 15_000 });
  await search.fill('');
  if (await page.locator('.sidebar:not(.sidebar-closed)').count()) await page.getByRole('button', { name: 'Fermer la liste' }).click();
  await expect(page.locator('.sidebar')).toHaveClass(/sidebar-closed/);

  await page.getByRole('button', { name: 'Ouvrir le menu des actions' }).click();
  const view = await openWholeLineReport(page);
  const downloadPromise = page.waitForEvent('download', { timeout: 90_000 });
  await view.getByRole('button', { name: 'Télécharger Word' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.docx$/);
  const xml = strFromU8(unzipSync(new Uint8Array(readFileSync((await download.path())!)))['word/document.xml']);
  expect(xml).toContain('Rapport de parcours');
  expect(xml).toContain(seen.replace(/&/g, '&amp;').replace(/'/g, '&apos;').replace(/"/g, '&quot;').replace(/</g, '&lt;'));
  expect(xml).not.toMatch(/<w:drawing>/); // no photo could be fetched: labels only
  await ctx.close();
});
