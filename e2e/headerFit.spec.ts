// The header from 320 to 1920 px in every state (online, a selection, offline with a change waiting, a conflict):
// nothing of it outside the screen, the line shown always named, the title whole on a desktop; what has no room
// is in 'Plus d'actions', which always offers 'Tournées'.
import { test, expect, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, shot, signIn, uniq, writeStated } from './appHelpers';
import { counter, openEdit } from './offlineHelpers';

// This file goes offline: the service worker (blocked by default in playwright.config.ts) is on.
test.use({ serviceWorkers: 'allow' });

const WIDTHS = [320, 390, 768, 1024, 1440, 1920];
let db: SupabaseClient;
let pointId = '';
const name = `Entête ${uniq()}`;
test.beforeAll(async ({ baseURL }) => {
  db = await adminClient(baseURL!);
  const r = await db.from('points').insert({ name, description: 'entête', kilometer: '14.00', km_value: 14, position: { x: 3100, y: 700 }, status: 'signale', criticality: 'attention' }).select('id').single();
  if (r.error) throw r.error;
  pointId = r.data.id as string;
});
test.afterAll(async () => { await db.from('points').delete().eq('id', pointId); });

/** The header's shown parts outside [0, width] (empty when it fits), read once its fitting has settled. */
async function offScreen(page: Page, width: number): Promise<string[]> {
  return page.evaluate((w) => {
    const out: string[] = [];
    const header = document.querySelector('.app-header')!;
    for (const el of header.querySelectorAll<HTMLElement>('*')) {
      if (el.closest('.header-menu-popup, .search-popup, .line-picker-popup, [role="dialog"]')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (r.left < -0.5 || r.right > w + 0.5) out.push(`${el.tagName}.${el.className} ${Math.round(r.left)}-${Math.round(r.right)}`);
    }
    return out;
  }, width);
}

async function checkWidths(page: Page, state: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 768 ? 800 : 900 });
    await expect.poll(() => offScreen(page, width), { message: `${state} at ${width} px` }).toEqual([]);
    // The line shown is named: its code in the header (the picker on a desktop, the name elsewhere).
    await expect(page.locator('.app-header .line-picker-code').first()).toHaveText('L1');
    await expect(page.locator('.app-header .line-picker-code').first()).toBeVisible();
    const menu = page.getByRole('button', { name: "Plus d'actions" });
    await expect(menu).toBeVisible();
    if (width >= 1440 && state === 'en ligne') {
      // A desktop's title whole, not cut.
      const title = page.locator('.header-title');
      await expect(title).toBeVisible();
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // Room enough for the secondary actions in the header itself.
      for (const action of ['Actualiser', 'Tableau de bord']) await expect(page.getByRole('button', { name: action, exact: true })).toBeVisible();
      if (width === 1920) await expect(page.locator('.header-user')).toBeVisible();
    }
    await shot(page, `header-${state.replace(/ /g, '-')}-${width}`);
  }
}

test('the header fits from 320 to 1920 px online, with a selection, offline with a change waiting and with a conflict', async ({ page, context }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await expect(page.locator('.point-row', { hasText: name })).toBeVisible({ timeout: 30_000 });
  await checkWidths(page, 'en ligne');

  // 'Tournées' from the main screen, through the menu.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: "Plus d'actions" }).click();
  await page.getByRole('menuitem', { name: 'Tournées' }).click();
  await expect(page.getByRole('dialog', { name: 'Tournées' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Tournées' })).toBeHidden();

  // A selection: 'Sélection' pressed and a row checked.
  await page.getByRole('button', { name: 'Sélection', exact: true }).click();
  await page.getByRole('checkbox', { name: `Sélectionner ${name}` }).click();
  await checkWidths(page, 'sélection');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Sélection', exact: true, pressed: true }).click();

  // Offline with a change waiting.
  await context.setOffline(true);
  await openEdit(page, name);
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await dialog.getByLabel('Statut').selectOption('pris_en_charge');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(counter(page)).toHaveText('1 en attente');
  await checkWidths(page, 'hors ligne');

  // A conflict: another user changed the point meanwhile.
  await page.setViewportSize({ width: 1440, height: 900 });
  expect((await writeStated(db, 'points', 'id', pointId, { status: 'resolu', description: 'changé ailleurs' })).error).toBeNull();
  await context.setOffline(false);
  await expect(counter(page)).toHaveAttribute('aria-label', '1 conflit', { timeout: 30_000 });
  await checkWidths(page, 'conflit');
});
