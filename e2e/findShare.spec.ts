// Find and share end to end: search as you type (accents, ticket number, a point created a moment ago),
// jump to a PK (ends of the range, out of range), links opened signed out / signed in / on a phone with Back closing
// what they opened, 'Copier le lien', CSV and GeoJSON exports downloaded and read back, nearby reports while reporting.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, PHONE, shot, signIn, uniq } from './appHelpers';
import { E2E_ADMIN } from '../playwright.config';
import { imageXForKm } from '../src/core/pk';
import { parseCsv } from '../src/core/export/csv';
import { validateGeoJson } from '../src/core/export/geojson';
import { formatKm } from '../src/core/format';

let admin: SupabaseClient;
let markers: { position: number; value: number }[] = [];
let firstLine = ''; // the line shown after sign-in; the e2e server has others (SEED_LINES=3)
const IMAGE_H = 1500; // the demo line image (DEFAULT_LINE_IMAGE)

test.beforeAll(async ({ baseURL }) => {
  admin = await adminClient(baseURL!);
  firstLine = (await admin.from('lines').select('id').order('sort').limit(1).single()).data!.id as string;
  const { data, error } = await admin.from('kilometer_markers').select('position, value').eq('line_id', firstLine).order('position');
  if (error) throw error;
  markers = data.map((m) => ({ position: Number(m.position), value: Number(m.value) }));
});

async function addPoint(p: { name: string; description?: string; ticket?: string; km?: number; x?: number; y?: number; status?: string }) {
  const { data, error } = await admin.from('points').insert({
    name: p.name, description: p.description ?? 'Créé par le test', ticket_number: p.ticket ?? null, km_value: p.km ?? 15,
    kilometer: (p.km ?? 15).toFixed(2), position: { x: p.x ?? 5000, y: p.y ?? 700 }, status: p.status ?? 'signale',
  }).select('id').single();
  if (error) throw error;
  return data.id as string;
}

const search = (page: Page) => page.getByRole('combobox', { name: 'Rechercher un signalement ou un PK' });
const pointDialog = (page: Page) => page.getByRole('dialog', { name: "Signalement d'anomalie" });

async function fillLogin(page: Page) {
  await expect(page.getByRole('heading', { name: 'Connectez-vous' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('search as you type: accents and case ignored, ticket number, a point created a moment ago; choosing opens it and Back closes it', async ({ page }) => {
    await signIn(page);
    const u = uniq();
    const id = await addPoint({ name: `Défaut caténaire ${u}`, description: 'Pendule arraché', ticket: `OT-9${u}` });
    await search(page).fill(`DEFAUT CATENAIRE ${u}`);
    const option = page.getByRole('option', { name: new RegExp(`Défaut caténaire ${u}`) });
    await expect(option).toBeVisible();
    await expect(option).toContainText('PK 15,00');
    await expect(option).toContainText('Signalé');
    await expect(option).toContainText('Attention sur ce risque');
    await shot(page, 'find-search-desktop');
    await option.click();
    await expect(pointDialog(page)).toBeVisible();
    await expect(pointDialog(page).getByLabel('Libellé')).toHaveValue(`Défaut caténaire ${u}`);
    await expect(page).toHaveURL(new RegExp(`\\?point=${id}$`));
    await page.goBack();
    await expect(pointDialog(page)).toBeHidden();
    await expect(page).not.toHaveURL(/point=/);

    // ticket number, keyboard choice
    await search(page).fill(`ot-9${u}`);
    await expect(page.getByRole('option', { name: new RegExp(`Défaut caténaire ${u}`) })).toBeVisible();
    await search(page).press('Enter');
    await expect(pointDialog(page).getByLabel('Libellé')).toHaveValue(`Défaut caténaire ${u}`);
    await pointDialog(page).getByRole('button', { name: 'Annuler' }).click();
    await expect(page).not.toHaveURL(/point=/);

    await search(page).fill(`introuvable ${u}`);
    await expect(page.getByText('Aucun signalement trouvé')).toBeVisible();

    // Typed key by key, quickly: debounced, so one request for the final text (not one per key).
    const calls: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/rest/v1/rpc/search_points')) calls.push(r.postData() ?? ''); });
    await search(page).fill('');
    await search(page).pressSequentially(`caténaire ${u}`, { delay: 20 });
    await expect(page.getByRole('option', { name: new RegExp(`Défaut caténaire ${u}`) })).toBeVisible();
    expect(calls.length).toBeLessThanOrEqual(2);
    expect(JSON.parse(calls[calls.length - 1]).query).toBe(`caténaire ${u}`);
  });

  test('jump to a PK: both ends of the range highlight the ruler; outside the range a French message', async ({ page }) => {
    await signIn(page);
    const min = Math.min(...markers.map((m) => m.value));
    const max = Math.max(...markers.map((m) => m.value));
    for (const km of [min, max]) {
      await search(page).fill(`PK ${formatKm(km)}`);
      const go = page.getByRole('option', { name: `Aller au PK ${formatKm(km)}` });
      await expect(go).toBeVisible();
      await go.click();
      await expect(page.getByTestId('pk-highlight')).toContainText(`PK ${formatKm(km)}`);
      await expect(page).toHaveURL(new RegExp(`\\?pk=${km}$`));
    }
    await shot(page, 'find-pk-jump');
    await search(page).fill(`${formatKm(max + 1)}`);
    await search(page).press('Enter');
    await expect(page.getByText(`Le PK ${formatKm(max + 1)} est hors de la ligne`)).toBeVisible();
  });

  test('a point link opened signed out opens the point after sign-in; Back closes it; a PK link centres the map', async ({ page, baseURL, context }) => {
    const u = uniq();
    const id = await addPoint({ name: `Lien partagé ${u}` });
    await page.goto(`/?point=${id}`);
    await fillLogin(page);
    await expect(pointDialog(page)).toBeVisible({ timeout: 30_000 });
    await expect(pointDialog(page).getByLabel('Libellé')).toHaveValue(`Lien partagé ${u}`);
    await page.goBack();
    await expect(pointDialog(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();

    // signed in: 'Copier le lien' gives the same address, which opens the point in a new tab
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await page.goto(`/?point=${id}`);
    await expect(pointDialog(page)).toBeVisible({ timeout: 30_000 });
    await pointDialog(page).getByRole('button', { name: 'Copier le lien' }).click();
    await expect(page.getByText('Lien copié dans le presse-papiers')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${baseURL}/?point=${id}`);
    const tab = await context.newPage();
    await tab.goto(copied);
    await expect(pointDialog(tab).getByLabel('Libellé')).toHaveValue(`Lien partagé ${u}`, { timeout: 30_000 });
    await tab.close();

    const mid = (markers[0].value + markers[markers.length - 1].value) / 2;
    const km = Math.round(mid * 10) / 10;
    await page.goto(`/?pk=${km}`);
    await expect(page.getByTestId('pk-highlight')).toContainText(`PK ${formatKm(km)}`, { timeout: 30_000 });
    await page.waitForTimeout(600); // the centring animation
    const canvas = (await page.getByTestId('map-canvas').boundingBox())!;
    const band = (await page.getByTestId('pk-highlight').boundingBox())!;
    expect(Math.abs(band.x - (canvas.x + canvas.width / 2))).toBeLessThan(3); // the PK's x is at the centre of the map
    await page.goto('/?pk=998');
    await expect(page.getByText('Le PK 998,00 est hors de la ligne')).toBeVisible({ timeout: 30_000 });
  });

  test('exports: CSV for French Excel and GeoJSON, downloaded and read back', async ({ page }) => {
    await page.addInitScript(() => { delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker; });
    const u = uniq();
    const tricky = `Rail cassé; voir "photo" ${u}\nseconde ligne`;
    await addPoint({ name: `Export ${u}`, description: tricky, km: 17.4, ticket: `OT-7${u}` });
    await signIn(page);
    await page.getByRole('button', { name: 'Exporter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exporter les signalements' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/signalement\(s\) à exporter/)).toBeVisible();
    await shot(page, 'find-export-dialog');
    let download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Exporter' }).click();
    let file = await download;
    expect(file.suggestedFilename()).toMatch(/^signalements_L1_\d{4}-\d{2}-\d{2}\.csv$/); // a network: the line's code
    const csv = readFileSync((await file.path())!, 'utf8');
    await expect(dialog.getByText(/exporté\(s\) dans/)).toBeVisible();
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(csv.slice(1));
    // A network (the e2e server has three lines): a first 'Ligne' column, then the columns of a one-line export.
    expect(rows[0]).toEqual(['Ligne', 'PK', 'Libellé', 'Description', 'Statut', 'Criticité', 'Équipe', 'Zone(s)', 'Voie', 'N° OT/Dépêche', 'Photo (URL)', 'Constaté le', 'Créé le', 'Créé par', 'Assigné à', 'Échéance', 'Photos (URL)']);
    const mineRow = rows.find((r) => r[2] === `Export ${u}`);
    expect(mineRow).toBeDefined();
    const mine = mineRow!.slice(1); // the columns of a one-line export
    expect(mine[0]).toBe('17,40');
    expect(mine[2]).toBe(tricky);
    expect(mine[3]).toBe('Signalé');
    expect(mine[8]).toBe(`OT-7${u}`);
    expect(mine[10]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/); // Constaté le
    expect(mine[11]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/); // Créé le
    expect(mine[12]).toBe(E2E_ADMIN.email);
    expect(rows.every((r) => r.length === 17)).toBe(true);
    // 'Photos (URL)': a point with a photo lists it (the demo's points hold one each), one without lists none.
    expect(rows.slice(1).every((r) => (r[10] ? r[16].split(' ')[0].endsWith(r[10].replace(/^.*\/poi_images\//, '')) : r[16] === ''))).toBe(true);
    expect(rows.slice(1).some((r) => r[16] !== '')).toBe(true);
    expect(rows.slice(1).every((r) => r[0].startsWith('L1 · '))).toBe(true);
    expect(rows.slice(1).some((r) => r[4] === 'Résolu')).toBe(false); // the sidebar's default filter: not resolved

    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    await page.getByRole('button', { name: 'Exporter' }).click();
    await dialog.getByLabel(/GeoJSON/).check();
    await dialog.getByLabel('Statut').selectOption('all');
    download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Exporter' }).click();
    file = await download;
    const doc = JSON.parse(readFileSync((await file.path())!, 'utf8'));
    expect(validateGeoJson(doc)).toEqual([]);
    expect(doc.coordinate_space.type).toBe('image_pixels');
    const f = doc.features.find((x: { properties: { libelle: string } }) => x.properties.libelle === `Export ${u}`);
    expect(f.properties).toMatchObject({ pk: 17.4, description: tricky, statut: 'signale' });
    expect(f.geometry.coordinates).toEqual([5000, 700]);
    expect(doc.features.some((x: { properties: { statut: string } }) => x.properties.statut === 'resolu')).toBe(true);
  });

  test('export starts from the zone open in the sidebar: only that zone\'s points', async ({ page }) => {
    await page.addInitScript(() => { delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker; });
    await signIn(page);
    await page.getByRole('tab', { name: 'Par zone' }).click();
    const firstZone = page.locator('.zone-row .list-row-title').first();
    const zoneName = (await firstZone.textContent())!;
    await firstZone.click();
    await page.getByRole('button', { name: 'Exporter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exporter les signalements' });
    await expect(dialog.getByLabel('Zone')).toHaveValue(/.+/);
    await expect(dialog.getByLabel('Zone').locator('option:checked')).toHaveText(zoneName);
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Exporter' }).click();
    const rows = parseCsv(readFileSync((await (await download).path())!, 'utf8').slice(1)).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r[7].split(', ').includes(zoneName))).toBe(true); // after the 'Ligne' column
  });

  test('export with the File System Access API: chunks are written to the chosen file as they come', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __writes: number[]; __closed: boolean; __text: string[]; showSaveFilePicker: unknown };
      w.__writes = []; w.__closed = false; w.__text = [];
      const dec = new TextDecoder();
      // The page's side of the API (the picker is native UI Playwright cannot drive): records what the app writes.
      w.showSaveFilePicker = async () => ({
        createWritable: async () => ({
          write: async (chunk: Uint8Array) => { w.__writes.push(chunk.byteLength); w.__text.push(dec.decode(chunk, { stream: true })); },
          close: async () => { w.__closed = true; },
          abort: async () => undefined,
        }),
      });
    });
    await signIn(page);
    await page.getByRole('button', { name: 'Exporter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exporter les signalements' });
    await dialog.getByLabel('Statut').selectOption('all');
    await dialog.getByRole('button', { name: 'Exporter' }).click();
    await expect(dialog.getByText(/exporté\(s\) dans signalements_/)).toBeVisible();
    const r = await page.evaluate(() => { const w = window as unknown as { __writes: number[]; __closed: boolean; __text: string[] }; return { writes: w.__writes, closed: w.__closed, text: w.__text.join('') }; });
    expect(r.closed).toBe(true);
    expect(r.writes.length).toBeGreaterThan(0);
    const rows = parseCsv(r.text.replace(/^\uFEFF/, ''));
    const { count } = await admin.from('points').select('id', { count: 'exact', head: true }).eq('line_id', firstLine); // the line shown
    expect(rows.length - 1).toBe(count);
  });

  test('export and drawing wait for the line shown: not offered while the lines load, then the line only', async ({ page }) => {
    await page.addInitScript(() => { delete (window as unknown as { showSaveFilePicker?: unknown }).showSaveFilePicker; });
    let held = 0;
    await page.route(/\/rest\/v1\/lines\?/, async (r) => {
      if (held++ === 0) await new Promise((res) => setTimeout(res, 3000));
      await r.continue();
    });
    await signIn(page);
    const capture = page.getByRole('button', { name: 'Signaler', exact: true });
    await expect(capture).toBeDisabled(); // a point is placed on the line shown
    await page.getByRole('button', { name: 'Exporter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Exporter les signalements' });
    const exportButton = dialog.getByRole('button', { name: 'Exporter' });
    await expect(exportButton).toBeDisabled();
    await expect(dialog.getByText("Chargement des lignes… l'export sera possible dans un instant.")).toBeVisible();
    await shot(page, 'find-export-waiting-lines');
    await expect(exportButton).toBeEnabled({ timeout: 30_000 });
    await dialog.getByLabel('Statut').selectOption('all');
    const download = page.waitForEvent('download');
    await exportButton.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^signalements_L1_\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(readFileSync((await file.path())!, 'utf8').slice(1)).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r[0].startsWith('L1 · '))).toBe(true);
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(capture).toBeEnabled();
  });

  test('nearby anomalies while placing a point: an unresolved point at the same PK is listed and openable; saving stays possible', async ({ page }) => {
    await signIn(page);
    const u = uniq();
    const mid = (markers[0].value + markers[markers.length - 1].value) / 2;
    const km = Math.round(mid * 100) / 100;
    const x = imageXForKm(markers, km)!;
    await addPoint({ name: `Déjà signalé ${u}`, km, x, y: IMAGE_H / 2 });
    await addPoint({ name: `Résolu proche ${u}`, km, x, y: IMAGE_H / 2, status: 'resolu' });
    await search(page).fill(formatKm(km));
    await page.getByRole('option', { name: `Aller au PK ${formatKm(km)}` }).click();
    await page.waitForTimeout(600); // the centring animation
    await page.getByRole('button', { name: 'Signaler' }).click();
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2 + 3, box.y + box.height / 2 + 3);
    await expect(pointDialog(page)).toBeVisible();
    const near = pointDialog(page).getByRole('status').filter({ hasText: 'Un signalement proche existe peut-être déjà' });
    await expect(near).toBeVisible();
    await expect(near.getByRole('button', { name: `Ouvrir Déjà signalé ${u}` })).toBeVisible();
    await expect(near.getByText(`Résolu proche ${u}`)).toHaveCount(0);
    await shot(page, 'find-nearby');
    await expect(pointDialog(page).getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
    await near.getByRole('button', { name: `Ouvrir Déjà signalé ${u}` }).click();
    await expect(pointDialog(page).getByLabel('Libellé')).toHaveValue(`Déjà signalé ${u}`);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('a point link opens on a phone; the search lives in the drawer', async ({ page }) => {
    const u = uniq();
    const id = await addPoint({ name: `Mobile ${u}`, ticket: `DEP-8${u}` });
    await page.goto(`/?point=${id}`);
    await fillLogin(page);
    await expect(pointDialog(page).getByLabel('Libellé')).toHaveValue(`Mobile ${u}`, { timeout: 30_000 });
    await shot(page, 'find-link-phone');
    await page.goBack();
    await expect(pointDialog(page)).toBeHidden();

    await expect(search(page)).toBeHidden(); // not in the header on phones
    await page.getByRole('button', { name: 'Afficher la liste' }).click();
    await search(page).fill(`dep-8${u}`);
    await expect(page.getByRole('option', { name: new RegExp(`Mobile ${u}`) })).toBeVisible();
    await shot(page, 'find-search-phone');
    await page.getByRole('option', { name: new RegExp(`Mobile ${u}`) }).click();
    await expect(pointDialog(page).getByLabel('Libellé')).toHaveValue(`Mobile ${u}`);
  });
});
