// An admin deletes an inspection record from the 'Tournées' list (docs/product.md#inspection-records) in Chromium
// against the embedded server: the delete confirmation ('Confirmer la suppression', 'Oui, supprimer définitivement'),
// 'Tournée supprimée', the row gone and the record gone from the database; screens at desktop and phone sizes.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, openWholeLineReport, PHONE, shot, signIn } from './appHelpers';

let db: SupabaseClient;
test.beforeAll(async ({ baseURL }) => { db = await adminClient(baseURL!); });

/** A record of the admin with a PK range no other spec uses; its id and the PK text of its row. */
async function saveRecord(): Promise<{ id: string; pk: string }> {
  const { data: me } = await db.auth.getUser();
  const km = 100 + Math.floor(Math.random() * 800) + Math.floor(Math.random() * 100) / 100;
  const r = await db.from('inspections').insert({ inspector: me.user!.id, km_from: km, km_to: km, counts: {} }).select('id').single();
  if (r.error) throw r.error;
  const pk = km.toFixed(2).replace('.', ',');
  return { id: r.data.id as string, pk: `PK ${pk} → PK ${pk}` };
}

async function openList(page: Page) {
  const view = await openWholeLineReport(page);
  await view.getByRole('button', { name: 'Tournées' }).click();
  return page.getByRole('dialog', { name: 'Tournées' });
}

test('an admin deletes a record from the Tournées list after the delete confirmation', async ({ browser }) => {
  test.setTimeout(180_000);
  const rec = await saveRecord();
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(page);
  const list = await openList(page);
  const item = list.locator('.inspection-item', { hasText: rec.pk });
  await expect(item).toHaveCount(1, { timeout: 30_000 });
  await item.getByRole('button', { name: /^Supprimer la tournée du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText(/Êtes-vous sûr de vouloir supprimer la tournée du .+ \?/);
  await expect(confirm).toContainText('Cette action est irréversible et supprimera définitivement cette tournée et ses annotations.');
  await shot(page, 'desktop-inspection-delete-confirm');
  // 'Annuler' keeps it.
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(confirm).toBeHidden();
  await expect(item).toHaveCount(1);
  // Keyboard: the button is reachable and opens the confirmation with Enter.
  await item.getByRole('button', { name: /^Supprimer la tournée du / }).focus();
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Tournée supprimée')).toBeVisible();
  await expect(item).toHaveCount(0);
  expect((await db.from('inspections').select('id').eq('id', rec.id)).data).toEqual([]);
});

test('the list with its delete buttons on a phone', async ({ browser }) => {
  test.setTimeout(180_000);
  const rec = await saveRecord();
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(page);
  const list = await openList(page);
  await page.setViewportSize(PHONE);
  const item = list.locator('.inspection-item', { hasText: rec.pk });
  await expect(item).toHaveCount(1, { timeout: 30_000 });
  const button = item.getByRole('button', { name: /^Supprimer la tournée du / });
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'phone-inspection-list');
  await db.from('inspections').delete().eq('id', rec.id);
});
