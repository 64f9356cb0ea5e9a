// An inspection record is not queued on the device (docs/product.md#inspection-records): offline,
// 'Enregistrer la tournée' is refused with a French message and the form keeps what was typed; back online, the same
// form saves the record (checked in the database).
import { expect } from '@playwright/test';
import { test } from './support/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, fillInspectionRecord, openWholeLineReport, signIn, uniq } from './appHelpers';

// This file goes offline: the service worker (blocked by default in playwright.config.ts) is on.
test.use({ serviceWorkers: 'allow' });

let db: SupabaseClient;
test.beforeAll(async ({ baseURL }) => { db = await adminClient(baseURL!); });

/** Whether one of the newest records holds this remark. */
async function savedWith(remark: string): Promise<boolean> {
  const r = await db.from('inspections').select('remarks').order('created_at', { ascending: false }).limit(20);
  if (r.error) throw r.error;
  return r.data.some((x) => Object.values(x.remarks as Record<string, string>).includes(remark));
}

test('offline, saving a record is refused in French and the form is kept; online, the same form saves it', async ({ browser }) => {
  test.setTimeout(180_000);
  const remark = `Traverse à revoir ${uniq()}`;
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  await signIn(page);
  const view = await openWholeLineReport(page);
  const save = await fillInspectionRecord(page, view, remark);

  await ctx.setOffline(true);
  await save.getByRole('button', { name: 'Enregistrer la tournée' }).click();
  await expect(save.getByRole('alert')).toHaveText(/^Hors ligne : la tournée n'a pas été enregistrée/);
  await expect(save).toBeVisible();
  await expect(save.getByLabel(/^Remarque :/).first()).toHaveValue(remark);
  await expect(save.getByLabel('Raison')).toHaveValue('Voie occupée');
  expect(await savedWith(remark)).toBe(false);

  await ctx.setOffline(false);
  await save.getByRole('button', { name: 'Enregistrer la tournée' }).click();
  await expect(save).toBeHidden({ timeout: 60_000 });
  expect(await savedWith(remark)).toBe(true);
  await ctx.close();
});
