// Selection and bulk changes (docs/product.md#bulk-changes) in Chromium against the embedded server:
// checkboxes with a shift-click range, one batch with a row changed meanwhile (listed, not overwritten), 'Annuler'
// by versions, the admin's delete naming the count; the lasso of Sélection mode on a phone with touch.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, PHONE, shot, signIn, uniq } from './appHelpers';

let db: SupabaseClient;
test.beforeAll(async ({ baseURL }) => { db = await adminClient(baseURL!); });

async function newPoints(prefix: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const r = await db.from('points').insert({ name: `${prefix} ${i}`, description: 'lot', kilometer: '12.50', km_value: 12.5, position: { x: 3000 + i * 5, y: 700 }, status: 'signale', criticality: 'attention' }).select('id').single();
    if (r.error) throw r.error;
    ids.push(r.data.id as string);
  }
  return ids;
}

const statuses = async (ids: string[]) => {
  const r = await db.from('points').select('id, status').in('id', ids);
  return new Map((r.data ?? []).map((x) => [x.id as string, x.status as string]));
};

async function check(page: Page, name: string, shift = false) {
  const box = page.getByRole('checkbox', { name: `Sélectionner ${name}` });
  await expect(box).toBeVisible({ timeout: 30_000 });
  await box.click({ modifiers: shift ? ['Shift'] : [] });
}

test('checkboxes with a shift range, a batch with a row changed meanwhile, undo, then the admin deletes them', async ({ browser }) => {
  const prefix = `Lot ${uniq()}`;
  const ids = await newPoints(prefix, 3);
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  // No live updates in this page: the change made 'meanwhile' below must not reach it before the batch is sent
  // (otherwise the app would already hold the new version and rightly write all three).
  await page.routeWebSocket(/\/realtime\//, () => undefined);
  await signIn(page);

  await check(page, `${prefix} 1`);
  await check(page, `${prefix} 3`, true); // the list is newest first: 3, 2, 1 -> the range holds all three
  const bar = page.getByRole('region', { name: 'Actions sur la sélection' });
  await expect(bar.getByText('3 sélectionnés')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Sélectionner ${prefix} 2` })).toBeChecked();

  // Someone else changes point 2 after it was selected.
  const other = await db.from('points').select('updated_at').eq('id', ids[1]).single();
  expect((await db.from('points').update({ criticality: 'danger', updated_at: other.data!.updated_at }).eq('id', ids[1])).error).toBeNull();

  // The batch's one request is held until its progress has been seen: the bar says it is sending, actions disabled.
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  await page.route(/\/rest\/v1\/rpc\/bulk_update_points/, async (route) => { await held; await route.continue(); });
  // Picking an option applies nothing yet: a confirmation names the count and the change; cancelling writes nothing.
  await bar.getByLabel('Statut').selectOption('resolu');
  const ask = page.getByRole('dialog', { name: 'Modifier ces 3 signalements' });
  await expect(ask).toContainText('Les 3 signalements sélectionnés passeront au statut « Résolu ».');
  await ask.getByRole('button', { name: 'Annuler' }).click();
  await expect(ask).toBeHidden();
  expect([...(await statuses(ids)).values()].every((x) => x === 'signale')).toBe(true);
  await bar.getByLabel('Statut').selectOption('resolu');
  await ask.getByRole('button', { name: 'Appliquer' }).click();
  await expect(bar.locator('.bulk-progress')).toHaveText('Envoi de 3 modifications…');
  await expect(bar.getByLabel('Statut')).toBeDisabled();
  release();
  await expect(bar.getByText('2 signalement(s) modifié(s).')).toBeVisible({ timeout: 30_000 });
  await expect(bar.locator('.bulk-progress')).toHaveCount(0);
  await page.unroute(/\/rest\/v1\/rpc\/bulk_update_points/);
  await expect(bar.getByText("1 modifié(s) entre-temps par quelqu'un d'autre : non écrasé(s).")).toBeVisible();
  await shot(page, 'desktop-bulk-conflict');
  let s = await statuses(ids);
  expect([s.get(ids[0]), s.get(ids[1]), s.get(ids[2])]).toEqual(['resolu', 'signale', 'resolu']);

  // The resolved points leave the list of open ones ('Tous'; the one in conflict shows its change on the device until
  // it is resolved): the selection follows the list.
  await expect(bar.getByText('0 sélectionné', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Sélectionner ${prefix} 1` })).toHaveCount(0);

  await bar.getByRole('button', { name: 'Annuler la modification' }).click();
  await expect(bar.getByText('2 signalement(s) rétabli(s).')).toBeVisible({ timeout: 30_000 });
  s = await statuses(ids);
  expect([s.get(ids[0]), s.get(ids[1]), s.get(ids[2])]).toEqual(['signale', 'signale', 'signale']);
  await check(page, `${prefix} 1`);
  await check(page, `${prefix} 3`);
  await expect(bar.getByText('2 sélectionnés')).toBeVisible();

  await bar.getByRole('button', { name: 'Supprimer' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText('ces 2 signalements');
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(bar.getByText('2 signalement(s) supprimé(s).')).toBeVisible({ timeout: 30_000 });
  expect([...(await statuses(ids)).keys()]).toEqual([ids[1]]);
  await db.from('points').delete().eq('id', ids[1]);
});

test('the lasso of Sélection mode on a phone, drawn with a finger', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await ctx.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Ouvrir le menu des actions' }).click();
  await page.getByRole('button', { name: 'Sélection' }).click();
  const surface = page.getByTestId('lasso-surface');
  await expect(surface).toBeVisible();
  const box = (await surface.boundingBox())!;
  // A finger draws a loop around most of the visible map, below the hint (CDP touch events: the browser makes touch pointer events).
  const cdp = await ctx.newCDPSession(page);
  const pts = [[0.05, 0.25], [0.95, 0.25], [0.95, 0.8], [0.05, 0.8], [0.05, 0.27]].map(([fx, fy]) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [pts[0]] });
  for (let k = 1; k < pts.length; k++) {
    for (let t = 1; t <= 8; t++) {
      const p = { x: pts[k - 1].x + (pts[k].x - pts[k - 1].x) * t / 8, y: pts[k - 1].y + (pts[k].y - pts[k - 1].y) * t / 8 };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
    }
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const said = page.locator('.lasso-hint [role="status"], .lasso-hint').getByText(/signalement\(s\) ajouté\(s\) à la sélection/);
  await expect(said).toBeVisible({ timeout: 15_000 });
  const n = Number((await said.textContent())!.match(/^([\d\s\u202f]+)/)![1].replace(/\D/g, ''));
  expect(n).toBeGreaterThan(0);
  const bar = page.getByRole('region', { name: 'Actions sur la sélection' });
  await expect(bar.getByText(new RegExp(`^${n.toLocaleString('fr-FR').replace(/\s/g, '\\s')} sélectionnés?$`))).toBeVisible();
  await shot(page, 'phone-lasso');
});
