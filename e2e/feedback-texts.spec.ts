// The texts and small things seen in a day of real use (failed refresh,
// admin tab failure without 7 s of retries, « » in delete confirmations, marker value text, the point form's PK
// with a decimal comma and the ruler PK of its position, no 'Tous 0' before the first load, phone FAB vs ruler).
import { test, expect } from '@playwright/test';
import { adminClient, DESKTOP, PHONE, signIn, uniq, headerAction } from './appHelpers';
import { openPanel } from './adminHelpers';
import { interpolateKm } from '../src/core/pk';
import { formatKm } from '../src/core/format';

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test("no 'Tous 0' nor 'Aucun signalement' while the first load runs; counts and rows then shown", async ({ page }) => {
    // Points answered late (the rows and the point index, its pages read by the worker): no count meanwhile.
    await page.route(/\/rest\/v1\/(points|rpc\/point_index)/, async (r) => { await new Promise((res) => setTimeout(res, 2500)); await r.continue(); });
    await signIn(page);
    const tous = page.getByRole('radio', { name: /^Tous/ });
    await expect(tous).toHaveText('Tous');
    // The list says the points are loading, not that none passes the filter.
    const listNote = page.locator('.sidebar .empty-text');
    await expect(listNote).toHaveText('Chargement des signalements…');
    await expect(tous).toHaveText(/^Tous\s?[1-9][\d\u202f]*$/, { timeout: 30_000 });
    await expect(listNote).toHaveCount(0);
  });

  test('a failed refresh says so; a failed admin tab offers Réessayer at once', async ({ page }) => {
    // Teams are read once per session (then kept current live): their reads fail from the start, so the tab must
    // read them. One route handler (no gap where a background sync could read them).
    let allFail = false;
    await page.route(/\/rest\/v1\//, (r) => (allFail || r.request().url().includes('/rest/v1/teams') ? r.abort() : r.continue()));
    await signIn(page);
    await expect(page.locator('.point-row').first()).toBeVisible({ timeout: 30_000 });
    allFail = true;
    await headerAction(page, 'Actualiser');
    await expect(page.getByText("L'actualisation a échoué : les données affichées peuvent ne pas être à jour. Vérifiez la connexion puis réessayez.")).toBeVisible({ timeout: 5_000 });
    allFail = false;

    const panel = await openPanel(page);
    const t0 = Date.now();
    await panel.getByRole('tab', { name: 'Équipes', exact: true }).click();
    await expect(panel.getByRole('button', { name: 'Réessayer' })).toBeVisible({ timeout: 5_000 });
    const ms = Date.now() - t0;
    console.log(`admin tab failure shown after ${ms} ms`);
    expect(ms).toBeLessThan(3_000); // was ~7.5 s of silent retries
    await page.unrouteAll();
  });

  test('point form: PK with a decimal comma, ruler PK of the position; delete confirmation quotes the name', async ({ page, baseURL }) => {
    const db = await adminClient(baseURL!);
    const name = `PK ${uniq()}`;
    const ins = await db.from('points').insert({ name, description: 'x', kilometer: '12.50', km_value: 12.5, position: { x: 5000, y: 700 }, status: 'signale', criticality: 'attention' }).select('id').single();
    const firstLine = (await db.from('lines').select('id').order('sort').limit(1).single()).data!.id as string; // the point's line
    const markers = (await db.from('kilometer_markers').select('position, value').eq('line_id', firstLine)).data!.map((m) => ({ position: Number(m.position), value: Number(m.value) }));
    const rulerKm = formatKm(interpolateKm(markers, 5000));
    expect(rulerKm).not.toBe('12,50');
    await signIn(page);
    await page.getByRole('button', { name: `Modifier ${name}` }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
    const km = dialog.getByLabel('PK (point kilométrique)');
    await expect(km).toHaveValue('12,50');
    await expect(dialog.getByText(`Position sur la règle : PK ${rulerKm}`, { exact: true })).toBeVisible();
    await km.fill('');
    await expect(km).toHaveAttribute('placeholder', '0,00');
    await dialog.getByRole('button', { name: 'Annuler' }).click();

    await page.getByRole('button', { name: `Supprimer ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
    await expect(confirm).toContainText(`Êtes-vous sûr de vouloir supprimer « ${name} » ?`);
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await db.from('points').delete().eq('id', ins.data!.id);
  });

  test('an invalid kilometre-marker value is explained in text', async ({ page }) => {
    await signIn(page);
    const panel = await openPanel(page, 'Règle PK et image');
    const value = panel.locator('input.marker-value').first();
    await value.fill('12,345');
    await expect(panel.getByText('PK invalide : un nombre entre 0 et 999,99 avec au plus 2 décimales.')).toBeVisible();
    await expect(value).toHaveAttribute('aria-invalid', 'true');
    const position = panel.locator('input.marker-position').first();
    await position.fill('abc');
    await expect(panel.getByText(/^Position invalide : un entier entre 0 et \d+\.$/)).toBeVisible();
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the floating button stays above the PK ruler band', async ({ page }) => {
    await signIn(page);
    const fab = page.getByRole('button', { name: 'Ouvrir le menu des actions' });
    await expect(fab).toBeVisible();
    const f = (await fab.boundingBox())!;
    const c = (await page.getByTestId('map-canvas').boundingBox())!;
    // The ruler is drawn over the image's bottom tenth, which fills the map's height at the first view.
    expect(f.y + f.height).toBeLessThanOrEqual(c.y + c.height * 0.9);
    // ... and does not cover the zoom buttons either.
    const z = (await page.getByRole('group', { name: 'Contrôles du zoom' }).boundingBox())!;
    expect(z.y + z.height).toBeLessThanOrEqual(f.y);
    await page.screenshot({ path: 'test-results/app-screens/phone-first-view.png' });
  });

  test('the drawer\'s list says the points are loading during the first load', async ({ page }) => {
    await page.route(/\/rest\/v1\/(points|rpc\/point_index)/, async (r) => { await new Promise((res) => setTimeout(res, 2500)); await r.continue(); });
    await signIn(page);
    await page.getByRole('button', { name: 'Afficher la liste' }).click();
    const listNote = page.locator('.sidebar .empty-text');
    await expect(listNote).toHaveText('Chargement des signalements…');
    await expect.poll(async () => (await page.locator('.sidebar').boundingBox())?.x).toBe(0); // the drawer slid in
    await page.screenshot({ path: 'test-results/app-screens/phone-list-loading.png' });
    await expect(page.locator('.sidebar .point-row').first()).toBeVisible({ timeout: 30_000 });
    await expect(listNote).toHaveCount(0);
  });
});
