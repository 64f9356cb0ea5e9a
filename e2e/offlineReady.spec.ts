// Offline readiness said out loud: 'Disponible hors ligne' once the service worker controls the page and the
// user's data are saved on the device, and a reload without network right after it opens the map with its points
// (desktop and phone); the worker is registered only once the first points load is over; when the network goes
// before that, the offline banner warns to keep the page open. A toast
// shown while a form is open leaves the form's close button and actions free.
import { expect, type Browser } from '@playwright/test';
import { test } from './support/test';
import { DESKTOP, PHONE, shot, signIn } from './appHelpers';
import { openCaptureForm } from './offlineHelpers';

// This file goes offline: the service worker (blocked by default in playwright.config.ts) is on.
test.use({ serviceWorkers: 'allow' });

const VIEWPORTS = [
  { name: 'desktop', options: { viewport: DESKTOP } },
  { name: 'phone', options: { viewport: PHONE, isMobile: true, hasTouch: true } },
];

async function frameItems(page: import('@playwright/test').Page): Promise<number> {
  return Number(await page.locator('[data-frame-items]').first().getAttribute('data-frame-items') ?? 0);
}

for (const v of VIEWPORTS) {
  test(`${v.name}: 'Disponible hors ligne' is shown, then a reload without network opens the map at once`, async ({ browser }: { browser: Browser }) => {
    const ctx = await browser.newContext(v.options);
    const page = await ctx.newPage();
    await signIn(page);
    const notice = page.getByText('Disponible hors ligne', { exact: false });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await shot(page, `${v.name}-offline-ready`);

    await ctx.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status', { name: 'Hors ligne' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('map-canvas')).toBeVisible();
    await expect.poll(() => frameItems(page), { timeout: 30_000 }).toBeGreaterThan(0);
    // The line shown is the user's (its name in the header, its image), not the bundled one.
    await expect(page.locator('[data-testid="header-line"], .header-line-picker')).toContainText('L1');
    // One message for the network: the offline banner, not also 'Mises à jour en direct interrompues'.
    await page.waitForTimeout(1500);
    await expect(page.getByText('Mises à jour en direct interrompues', { exact: false })).toHaveCount(0);
    await shot(page, `${v.name}-offline-reload`);
    // Ready since the start of this page: no warning, and the notice is not said again.
    await expect(page.locator('.offline-not-ready')).toHaveCount(0);
    await expect(notice).toHaveCount(0);
    await ctx.close();
  });
}

test('the service worker is registered only once the first points load is over (its install does not compete with it)', async ({ browser }: { browser: Browser }) => {
  const ctx = await browser.newContext({ viewport: DESKTOP });
  await ctx.addInitScript(() => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (this: ServiceWorkerContainer, ...args: Parameters<typeof register>) {
      (window as unknown as { registeredAt: number }).registeredAt = performance.now();
      return register.apply(this, args);
    };
  });
  // The pages after the first ones of a line come 2 s late: the map is drawn from the first pages long before the
  // load ends (a worker registered at the first map frame would come before it).
  await ctx.route('**/rest/v1/rpc/point_index_pages_bin', async (route) => {
    if (!/"p_page_from":0\b/.test(route.request().postData() ?? '')) await new Promise((r) => setTimeout(r, 2000));
    await route.continue();
  });
  const page = await ctx.newPage();
  await signIn(page);
  await expect(page.getByText('Disponible hors ligne', { exact: false })).toBeVisible({ timeout: 30_000 });
  const at = await page.evaluate(() => ({
    registered: (window as unknown as { registeredAt?: number }).registeredAt ?? NaN,
    loaded: performance.getEntriesByName('rail:points-loaded')[0]?.startTime ?? NaN,
    drawn: performance.getEntriesByName('rail:map-frame')[0]?.startTime ?? NaN,
  }));
  expect(at.loaded).toBeGreaterThan(0);
  expect(at.registered).toBeGreaterThan(Math.max(at.loaded, at.drawn));
  await ctx.close();
});

/** True when the two boxes share any pixel. */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const v of VIEWPORTS) {
  test(`${v.name}: a toast shown over an open form leaves its close button and actions free`, async ({ browser }: { browser: Browser }) => {
    const ctx = await browser.newContext(v.options);
    const page = await ctx.newPage();
    await signIn(page);
    const toast = page.locator('.toast', { hasText: 'Disponible hors ligne' });
    await expect(toast).toBeVisible({ timeout: 30_000 });
    const form = await openCaptureForm(page, { fx: 0.4, fy: 0.45, phone: v.name === 'phone' });
    await expect(toast).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    for (const part of [form.getByRole('button', { name: 'Fermer' }), form.getByRole('button', { name: 'Enregistrer' }), form.getByRole('button', { name: 'Annuler' })]) {
      expect(overlap(toastBox, (await part.boundingBox())!)).toBe(false);
    }
    await form.getByRole('button', { name: 'Annuler' }).click();
    await expect(form).toBeHidden();
    await ctx.close();
  });
}

test('the network lost before the app is on the device: the offline banner warns to keep the page open', async ({ browser }) => {
  // Service workers blocked: the app never gets on the device, whatever the timing.
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  await signIn(page);
  await ctx.setOffline(true);
  const banner = page.getByRole('status', { name: 'Hors ligne' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('alert')).toHaveText('Cet appareil n’a pas encore tout enregistré pour le hors ligne : gardez cette page ouverte jusqu’au retour du réseau.');
  await expect(page.getByText('Disponible hors ligne', { exact: false })).toHaveCount(0);
  await shot(page, 'phone-offline-not-ready');
  await ctx.close();
});
