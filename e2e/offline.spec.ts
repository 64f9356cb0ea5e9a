// Offline on the track, on a phone (390×844, touch) with context.setOffline: points created, edited and
// re-statused without network survive a reload and land exactly once when the network returns (rows and photos);
// a replay cut off by a network drop or by closing the page still lands exactly once; a change made meanwhile by
// another user is shown as a conflict with both versions; a point deleted on the server is reported.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test } from './support/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, writeStated, PHONE, shot, signIn, uniq, headerAction } from './appHelpers';
import { E2E_ADMIN } from '../playwright.config';
import { counter, createPoint, openEdit, waitOfflineReady } from './offlineHelpers';

// This file goes offline: the service worker (blocked by default in playwright.config.ts) is on.
test.use({ serviceWorkers: 'allow' });

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

async function rowsNamed(db: SupabaseClient, prefix: string) {
  const { data, error } = await db.from('points').select('id, name, description, status, image_url, updated_at').like('name', `${prefix}%`).order('name');
  expect(error).toBeNull();
  return data!;
}

async function closeDrawer(page: Page): Promise<void> {
  if (await page.locator('.sidebar:not(.sidebar-closed)').count()) await page.keyboard.press('Escape');
  await expect(page.locator('.sidebar')).toHaveClass(/sidebar-closed/);
}

async function phoneSession(browser: import('@playwright/test').Browser): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await signIn(page);
  await waitOfflineReady(page);
  return { ctx, page };
}

test('offline: three points (two with photos), an edit and a status change survive a reload and land exactly once', async ({ browser, baseURL }) => {
  const db = await adminClient(baseURL!);
  const tag = `Hors ligne ${uniq()}`;
  // An existing point (loaded before the network goes) whose status is changed offline.
  const seeded = await db.from('points').insert({ name: `${tag} existant`, description: 'Déjà sur le serveur', kilometer: '', position: { x: 2500, y: 600 }, status: 'signale', criticality: 'attention' }).select('id').single();
  expect(seeded.error).toBeNull();
  const { ctx, page } = await phoneSession(browser);

  await ctx.setOffline(true);
  const banner = page.getByRole('status', { name: 'Hors ligne' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Dernière synchronisation');

  await createPoint(page, { name: `${tag} A`, description: 'Rail fissuré', fx: 0.3, fy: 0.4, photo: true, phone: true });
  await createPoint(page, { name: `${tag} B`, description: 'Éclisse desserrée', fx: 0.5, fy: 0.55, photo: true, phone: true });
  await createPoint(page, { name: `${tag} C`, description: 'Traverse fendue', fx: 0.7, fy: 0.35, phone: true });
  await expect(counter(page)).toHaveText('3 en attente');

  // Edit one (its description), change another's status, and the existing point's status.
  await openEdit(page, `${tag} A`, true);
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await dialog.getByLabel('Description').fill('Rail fissuré sur 20 cm');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await openEdit(page, `${tag} C`, true);
  await dialog.getByLabel('Statut').selectOption('pris_en_charge');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await openEdit(page, `${tag} existant`, true);
  await dialog.getByLabel('Statut').selectOption('pris_en_charge');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(counter(page)).toHaveText('4 en attente');
  await expect(page.locator('.point-row', { hasText: `${tag} C` })).toContainText('en attente');

  // The access token expires meanwhile: it cannot be refreshed without network.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k))!;
    const s = JSON.parse(localStorage.getItem(key)!);
    localStorage.setItem(key, JSON.stringify({ ...s, expires_at: Math.floor(Date.now() / 1000) - 60 }));
  });
  // Reload while still offline: the app opens on the session, the map and the pending points are there.
  await page.reload();
  await expect(page.getByRole('status', { name: 'Hors ligne' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('map-canvas')).toBeVisible();
  await expect(counter(page)).toHaveText('4 en attente');
  await page.waitForTimeout(2000); // the line image decodes in its worker (for the screenshot only)
  await shot(page, 'phone-offline-banner-counter');
  await page.getByRole('button', { name: 'Afficher la liste' }).click();
  // The points loaded before the network went (the demo's ~300) are there too, not only the pending ones.
  const all = await page.getByRole('radio', { name: /^Tous/ }).textContent();
  expect(Number(all!.replace(/\D/g, ''))).toBeGreaterThan(100);
  for (const n of ['A', 'B', 'C', 'existant']) await expect(page.locator('.point-row', { hasText: `${tag} ${n}` }).getByText('en attente')).toBeVisible();
  await expect(page.locator('.point-row', { hasText: `${tag} A` })).toBeVisible();
  await expect(page.locator('.point-row', { hasText: `${tag} C` })).toContainText('En cours');
  await shot(page, 'phone-offline-list');
  // Nothing reached the server.
  expect((await rowsNamed(db, tag)).map((r) => r.name)).toEqual([`${tag} existant`]);
  await closeDrawer(page);
  await counter(page).click();
  await expect(page.getByTestId('outbox-item')).toHaveCount(4);
  await shot(page, 'phone-outbox-panel');
  await page.getByRole('button', { name: 'Fermer' }).first().click();
  // Signing out with changes waiting warns first.
  await headerAction(page, 'Déconnexion');
  const warn = page.getByRole('dialog', { name: 'Des modifications ne sont pas encore envoyées' });
  await expect(warn).toContainText('4 modifications attendent le réseau');
  await warn.getByRole('button', { name: 'Annuler' }).click();
  await expect(warn).toBeHidden();
  // The administration says plainly that it needs the network.
  await headerAction(page, 'Administration');
  const admin = page.getByRole('dialog', { name: 'Administration' });
  await expect(admin.getByRole('alert').filter({ hasText: 'L’administration nécessite une connexion réseau' })).toBeVisible();
  await admin.getByRole('button', { name: 'Fermer' }).first().click();
  await expect(admin).toBeHidden();

  // Back online (the expired session is refreshed first): exactly three new rows, two photos, with the edits; the counter goes to zero.
  await ctx.setOffline(false);
  await expect(counter(page)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('status', { name: 'Hors ligne' })).toHaveCount(0);
  const rows = await rowsNamed(db, tag);
  expect(rows.map((r) => r.name)).toEqual([`${tag} A`, `${tag} B`, `${tag} C`, `${tag} existant`]);
  const [a, b, c, existing] = rows;
  expect(a.description).toBe('Rail fissuré sur 20 cm');
  expect(c.status).toBe('pris_en_charge');
  expect(existing.status).toBe('pris_en_charge');
  expect(c.image_url).toBeNull();
  for (const r of [a, b]) {
    expect(r.image_url).toMatch(/\/poi_images\/points\/[0-9a-f-]{36}\.png$/);
    const res = await page.request.get(r.image_url!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  expect(a.image_url).not.toBe(b.image_url);
  await ctx.close();
  await db.from('points').delete().like('name', `${tag}%`);
});

test('a replay cut by a network drop, then by closing the page, still lands exactly once', async ({ browser, baseURL }) => {
  const db = await adminClient(baseURL!);
  const { ctx, page } = await phoneSession(browser);
  const tag = `Coupure ${uniq()}`;
  await ctx.setOffline(true);
  await createPoint(page, { name: `${tag} 1`, description: 'Premier', fx: 0.35, fy: 0.4, photo: true, phone: true });
  await createPoint(page, { name: `${tag} 2`, description: 'Deuxième', fx: 0.6, fy: 0.5, phone: true });
  await expect(counter(page)).toHaveText('2 en attente');

  // The network drops just after the server applied the first insert: the device never hears the answer.
  let inserts = 0;
  await ctx.route('**/rest/v1/points?**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    inserts++;
    await route.fetch(); // reaches the server
    // The device never hears the answer (an app that stopped waiting meanwhile has already dropped the request).
    await route.abort('internetdisconnected').catch(() => undefined);
  });
  await ctx.setOffline(false);
  await expect.poll(() => inserts, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect.poll(async () => (await rowsNamed(db, tag)).length).toBe(1);
  await expect(counter(page)).toHaveText('2 en attente');

  // The replay starts again and the page is closed while the request is in flight (its answer never comes).
  await ctx.unroute('**/rest/v1/points?**');
  let hung = 0;
  await ctx.route('**/rest/v1/points?**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    hung++;
    await route.fetch();
    await new Promise(() => undefined); // never answers
  });
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => hung, { timeout: 20_000 }).toBeGreaterThan(0);
  await page.close();
  await ctx.unroute('**/rest/v1/points?**');

  // Reopened: the replay resumes and ends; each point exists once, with its photo.
  const again = await ctx.newPage();
  await again.goto('/');
  await expect(again.getByRole('button', { name: 'Déconnexion' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await rowsNamed(db, tag)).map((r) => r.name), { timeout: 30_000 }).toEqual([`${tag} 1`, `${tag} 2`]);
  await expect(counter(again)).toHaveCount(0, { timeout: 30_000 });
  await again.waitForTimeout(1000); // nothing else arrives
  const rows = await rowsNamed(db, tag);
  expect(rows.map((r) => r.name)).toEqual([`${tag} 1`, `${tag} 2`]);
  expect((await again.request.get(rows[0].image_url!)).status()).toBe(200);
  await ctx.close();
  await db.from('points').delete().like('name', `${tag}%`);
});

test('a conflict: another user changed the point meanwhile, resolved field by field in the one conflict dialog (the colleague\'s fields kept); a deleted point is reported', async ({ browser, baseURL }) => {
  const db = await adminClient(baseURL!);
  const tag = `Conflit ${uniq()}`;
  const ins = await db.from('points').insert([
    { name: `${tag} changé`, description: 'Version initiale', kilometer: '', position: { x: 3000, y: 600 }, status: 'signale', criticality: 'attention' },
    { name: `${tag} supprimé`, description: 'Sera supprimé', kilometer: '', position: { x: 3200, y: 900 }, status: 'signale', criticality: 'attention' },
  ]).select('id, name');
  expect(ins.error).toBeNull();
  const { ctx, page } = await phoneSession(browser);
  await page.getByRole('button', { name: 'Afficher la liste' }).click();
  await expect(page.locator('.point-row', { hasText: `${tag} changé` })).toBeVisible({ timeout: 15_000 });
  await closeDrawer(page);

  await ctx.setOffline(true);
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await openEdit(page, `${tag} changé`, true);
  await dialog.getByLabel('Statut').selectOption('resolu');
  await dialog.getByLabel('Description').fill('Réparé par moi');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await openEdit(page, `${tag} supprimé`, true);
  await dialog.getByLabel('Statut').selectOption('pris_en_charge');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect(counter(page)).toHaveText('2 en attente');

  // Meanwhile, another user (the admin, through the server) changes the first and deletes the second.
  const changed = ins.data!.find((r) => r.name.endsWith('changé'))!;
  const deleted = ins.data!.find((r) => r.name.endsWith('supprimé'))!;
  expect((await writeStated(db, 'points', 'id', changed.id, { status: 'pris_en_charge', description: 'Pris en charge par l’équipe', ticket_number: 'OT-4242' })).error).toBeNull();
  expect((await db.from('points').delete().eq('id', deleted.id)).error).toBeNull();

  await ctx.setOffline(false);
  // The header names the conflicts apart from what merely waits.
  await expect(counter(page)).toHaveText('2 conflits', { timeout: 30_000 });
  await expect(page.locator('.outbox-counter-alert')).toBeVisible({ timeout: 30_000 });
  await closeDrawer(page);
  await counter(page).click();
  const panel = page.getByRole('dialog', { name: 'Modifications en attente d’envoi' });
  await expect(panel.getByText('Ce point a été supprimé sur le serveur pendant que vous le modifiiez hors ligne.')).toBeVisible({ timeout: 15_000 });
  // Drop the change of the deleted point first (the panel closes while the conflict dialog is open).
  await panel.getByRole('button', { name: 'Abandonner ma modification' }).click();
  await expect(counter(page)).toHaveText('1 conflit', { timeout: 20_000 });
  // The server was not overwritten.
  expect((await db.from('points').select('status').eq('id', changed.id).single()).data!.status).toBe('pris_en_charge');

  // The same dialog as online: field by field, naming who made the other change and when.
  await panel.getByRole('button', { name: 'Résoudre le conflit…' }).click();
  const dlg = page.getByRole('dialog', { name: 'Modifié par un autre utilisateur' });
  await expect(dlg).toBeVisible();
  await expect(dlg.getByTestId('conflict-byline')).toContainText(`Modifié par ${E2E_ADMIN.email} le `, { timeout: 15_000 });
  const status = dlg.locator('fieldset[data-field="status"]');
  await expect(status).toContainText('Résolu');
  await expect(status).toContainText('En cours');
  const desc = dlg.locator('fieldset[data-field="description"]');
  await expect(desc).toContainText('Réparé par moi');
  await expect(desc).toContainText('Pris en charge par l’équipe');
  await expect(dlg.locator('fieldset[data-field="ticketNumber"]')).toContainText('OT-4242');
  await shot(page, 'phone-conflict');
  // Keep my status, take the colleague's description; the ticket only they changed is theirs by default.
  await desc.getByLabel("Prendre l'autre").check();
  await dlg.getByRole('button', { name: 'Enregistrer ces valeurs' }).click();
  await expect(counter(page)).toHaveCount(0, { timeout: 20_000 });
  const after = (await db.from('points').select('status, description, ticket_number').eq('id', changed.id).single()).data!;
  expect(after).toEqual({ status: 'resolu', description: 'Pris en charge par l’équipe', ticket_number: 'OT-4242' });
  expect((await db.from('points').select('id').eq('id', deleted.id)).data).toEqual([]);
  await ctx.close();
  await db.from('points').delete().like('name', `${tag}%`);
});

test('a session that cannot be refreshed when the network returns: the outbox waits for the sign-in, nothing dropped', async ({ browser, baseURL }) => {
  const db = await adminClient(baseURL!);
  const { ctx, page } = await phoneSession(browser);
  const tag = `Session ${uniq()}`;
  await ctx.setOffline(true);
  await createPoint(page, { name: `${tag} 1`, description: 'Créé hors ligne', fx: 0.4, fy: 0.45, photo: true, phone: true });
  await expect(counter(page)).toHaveText('1 en attente');
  // The session expired and its refresh token was revoked meanwhile (another device signed out everywhere).
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k))!;
    const s = JSON.parse(localStorage.getItem(key)!);
    localStorage.setItem(key, JSON.stringify({ ...s, expires_at: Math.floor(Date.now() / 1000) - 60, refresh_token: 'revoked-token' }));
  });
  await page.reload();
  await expect(counter(page)).toHaveText('1 en attente', { timeout: 30_000 });
  await ctx.setOffline(false);
  // The refresh is refused: back to the sign-in screen; nothing was sent, nothing dropped.
  await expect(page.getByRole('heading', { name: 'Connectez-vous' })).toBeVisible({ timeout: 30_000 });
  expect(await rowsNamed(db, tag)).toEqual([]);
  await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect.poll(async () => (await rowsNamed(db, tag)).map((r) => r.name), { timeout: 30_000 }).toEqual([`${tag} 1`]);
  await expect(counter(page)).toHaveCount(0, { timeout: 20_000 });
  const [row] = await rowsNamed(db, tag);
  expect((await page.request.get(row.image_url!)).status()).toBe(200);
  await ctx.close();
  await db.from('points').delete().like('name', `${tag}%`);
});

test('installable: the manifest (French name, icons, standalone, theme colour) and the service worker are served', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const m = await res.json();
  expect(m).toMatchObject({ name: 'Signalements ferroviaires', short_name: 'Signalements', display: 'standalone', theme_color: '#0b4f9c', lang: 'fr', start_url: '/' });
  expect(m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of m.icons) {
    const r = await request.get(icon.src);
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toBe('image/png');
  }
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache'); // a new version is found on the next open
  const html = await (await request.get('/')).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
});
