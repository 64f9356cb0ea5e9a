// A bulk change without network on a phone (390×844, touch): ONE outbox item, applied on
// the device at once, still queued and shown after a reload offline, replayed once through bulk_update_points with
// the versions it was made against (one request, one audit row per point); a row changed meanwhile by someone else
// is not overwritten but goes to the one conflict dialog.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, writeStated, PHONE, shot, signIn, uniq } from './appHelpers';
import { counter, waitOfflineReady } from './offlineHelpers';

// This file goes offline: the service worker (blocked by default in playwright.config.ts) is on.
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

async function newPoints(db: SupabaseClient, prefix: string, n: number): Promise<{ id: string; updated_at: string }[]> {
  const rows = Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i + 1}`, description: 'lot', kilometer: '12.50', km_value: 12.5, position: { x: 3000 + i * 5, y: 700 }, status: 'signale', criticality: 'attention' }));
  const r = await db.from('points').insert(rows).select('id, updated_at, name').order('name');
  if (r.error) throw r.error;
  return r.data as { id: string; updated_at: string }[];
}

const serverRows = async (db: SupabaseClient, ids: string[]) =>
  new Map(((await db.from('points').select('id, status, criticality, updated_at').in('id', ids)).data ?? []).map((x) => [x.id as string, x]));

async function openList(page: Page): Promise<void> {
  if (await page.locator('.sidebar.sidebar-closed').count()) await page.getByRole('button', { name: 'Afficher la liste' }).click();
}

async function selectAll(page: Page, prefix: string, n: number): Promise<void> {
  await openList(page);
  for (let i = 1; i <= n; i++) {
    const box = page.getByRole('checkbox', { name: `Sélectionner ${prefix} ${i}` });
    await expect(box).toBeVisible({ timeout: 30_000 });
    await box.click();
  }
  await expect(page.getByRole('region', { name: 'Actions sur la sélection' }).getByText(`${n} sélectionnés`)).toBeVisible();
}

test('offline: one batch of 5, shown at once, still queued after a reload offline, replayed once with its versions', async ({ browser, baseURL }) => {
  const db = await adminClient(baseURL!);
  const prefix = `LotHL ${uniq()}`;
  const rows = await newPoints(db, prefix, 5);
  const ids = rows.map((r) => r.id);
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  const rpcBodies: unknown[] = [];
  page.on('request', (r) => { if (r.url().includes('/rest/v1/rpc/bulk_update_points')) rpcBodies.push(r.postDataJSON()); });
  await signIn(page);
  await waitOfflineReady(page);
  await openList(page);
  await expect(page.getByRole('checkbox', { name: `Sélectionner ${prefix} 5` })).toBeVisible({ timeout: 30_000 });

  await ctx.setOffline(true);
  await expect(page.getByRole('status', { name: 'Hors ligne' })).toBeVisible();
  await selectAll(page, prefix, 5);
  const bar = page.getByRole('region', { name: 'Actions sur la sélection' });
  await bar.getByLabel('Statut').selectOption('resolu');
  await page.getByRole('dialog', { name: /^Modifier ces \d+ signalements$/ }).getByRole('button', { name: 'Appliquer' }).click();
  await expect(bar.getByText("5 signalement(s) modifié(s) sur l'appareil : envoi dès le retour du réseau.")).toBeVisible({ timeout: 15_000 });
  await expect(counter(page)).toHaveText('1 en attente');
  await page.getByRole('radio', { name: /^Résolu/ }).click(); // 'Tous' lists the open ones
  for (let i = 1; i <= 5; i++) await expect(page.locator('.point-row', { hasText: `${prefix} ${i}` })).toContainText('Résolu');
  await shot(page, 'phone-bulk-offline');
  expect(rpcBodies).toHaveLength(0);

  // Reload, still offline: the batch is still one waiting item and the rows still show it.
  await page.reload();
  await expect(page.getByRole('status', { name: 'Hors ligne' })).toBeVisible({ timeout: 30_000 });
  await expect(counter(page)).toHaveText('1 en attente', { timeout: 30_000 });
  await openList(page);
  await page.getByRole('radio', { name: /^Résolu/ }).click();
  for (let i = 1; i <= 5; i++) {
    const row = page.locator('.point-row', { hasText: `${prefix} ${i}` });
    await expect(row).toContainText('Résolu', { timeout: 30_000 });
    await expect(row).toContainText('en attente');
  }
  for (const r of (await serverRows(db, ids)).values()) expect(r.status).toBe('signale');

  // Back online: one request stating the versions the batch was made against, every row written once.
  await ctx.setOffline(false);
  await expect(counter(page)).toHaveCount(0, { timeout: 30_000 });
  expect(rpcBodies).toHaveLength(1);
  const groups = (rpcBodies[0] as { p_changes: { set: unknown; ids: string[]; versions: number[] }[] }).p_changes;
  expect(groups).toHaveLength(1);
  expect(groups[0].set).toEqual({ status: 'resolu' });
  const stated = new Map(groups[0].ids.map((id, k) => [id, groups[0].versions[k]]));
  expect([...stated.keys()].sort()).toEqual([...ids].sort());
  for (const r of rows) expect(stated.get(r.id)).toBe(Math.floor(Date.parse(r.updated_at)));
  const after = await serverRows(db, ids);
  for (const r of after.values()) expect(r.status).toBe('resolu');
  const audit = await db.from('audit_log').select('row_id').eq('table_name', 'points').eq('action', 'update').in('row_id', ids);
  expect(audit.error).toBeNull();
  expect(audit.data!.map((a) => a.row_id).sort()).toEqual([...ids].sort());
  await page.waitForTimeout(1500);
  expect(rpcBodies).toHaveLength(1); // not replayed again
  await ctx.close();
  await db.from('points').delete().in('id', ids);
});

test('a batch replayed after a row changed meanwhile: the others written, that row in the one conflict dialog', async ({ browser, baseURL }) => {
  const db = await adminClient(baseURL!);
  const prefix = `LotConf ${uniq()}`;
  const rows = await newPoints(db, prefix, 3);
  const ids = rows.map((r) => r.id);
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await signIn(page);
  await waitOfflineReady(page);
  await openList(page);
  await expect(page.getByRole('checkbox', { name: `Sélectionner ${prefix} 3` })).toBeVisible({ timeout: 30_000 });

  await ctx.setOffline(true);
  await selectAll(page, prefix, 3);
  const bar = page.getByRole('region', { name: 'Actions sur la sélection' });
  await bar.getByLabel('Statut').selectOption('resolu');
  await page.getByRole('dialog', { name: /^Modifier ces \d+ signalements$/ }).getByRole('button', { name: 'Appliquer' }).click();
  await expect(counter(page)).toHaveText('1 en attente');
  // Meanwhile a colleague takes point 2 in hand and raises its criticality.
  expect((await writeStated(db, 'points', 'id', ids[1], { status: 'pris_en_charge', criticality: 'danger' })).error).toBeNull();

  await ctx.setOffline(false);
  await expect(counter(page)).toHaveText('1 conflit', { timeout: 30_000 });
  let s = await serverRows(db, ids);
  expect([s.get(ids[0])!.status, s.get(ids[1])!.status, s.get(ids[2])!.status]).toEqual(['resolu', 'pris_en_charge', 'resolu']);

  if (await page.locator('.sidebar:not(.sidebar-closed)').count()) await page.keyboard.press('Escape');
  await counter(page).click();
  const panel = page.getByRole('dialog', { name: 'Modifications en attente d’envoi' });
  await panel.getByRole('button', { name: 'Résoudre le conflit…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Modifié par un autre utilisateur' });
  await expect(dlg).toBeVisible();
  const status = dlg.locator('fieldset[data-field="status"]');
  await expect(status).toContainText('Résolu');
  await expect(status).toContainText('En cours');
  await expect(dlg.locator('fieldset[data-field="criticality"]')).toBeVisible(); // only the colleague changed it: theirs by default
  await shot(page, 'phone-bulk-conflict-dialog');
  await dlg.getByRole('button', { name: 'Enregistrer ces valeurs' }).click();
  await expect(counter(page)).toHaveCount(0, { timeout: 20_000 });
  s = await serverRows(db, ids);
  expect(s.get(ids[1])).toMatchObject({ status: 'resolu', criticality: 'danger' });
  await ctx.close();
  await db.from('points').delete().in('id', ids);
});
