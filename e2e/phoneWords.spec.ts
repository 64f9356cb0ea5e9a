// Words and touch targets of a phone (390×844): the Signaler hint speaks of touching (no keyboard on a phone), the
// list's checkboxes are 44 px touch targets.
import { test, expect } from '@playwright/test';
import { PHONE, shot, signIn } from './appHelpers';

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test('phone: the Signaler hint without the keyboard, 44 px checkboxes in the list', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Ouvrir le menu des actions' }).click();
  await page.getByRole('button', { name: 'Signaler', exact: true }).click();
  const hint = page.locator('.map-hint');
  await expect(hint).toHaveText('Touchez le plan pour placer le signalement');
  await shot(page, 'phone-signaler-hint');
  await page.getByRole('button', { name: 'Annuler' }).click();

  await page.getByRole('button', { name: 'Afficher la liste' }).click();
  const box = page.locator('.point-row .bulk-check').first();
  await expect(box).toBeVisible({ timeout: 30_000 });
  // Measured once the drawer has slid in (mid-transition its translation leaves a fraction of a pixel).
  await page.locator('.sidebar').first().evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((an) => an.finished)));
  const r = (await box.boundingBox())!;
  expect(r.width).toBeGreaterThanOrEqual(44);
  expect(r.height).toBeGreaterThanOrEqual(44);
  await shot(page, 'phone-list-checkboxes');
});
