// Accessibility of every screen and dialog state a user meets (docs/product.md#accessibility), on a desktop and a
// phone: axe-core's WCAG 2.0/2.1 A and AA rules find no violation on the sign-in and invitation screens, the
// 'Accessibilité' page, the main screen (each sidebar tab, a status filter, a selection, the map's legend, offline),
// an edit conflict, the point form (new with its error, edit), the zone form, the route report's form, view and print
// dialog, the inspection records, the dashboard and every administration tab.
import { test, expect, type Page } from '@playwright/test';
import { adminClient, DESKTOP, PHONE, shot, signIn, uniq, writeStated, headerAction } from './appHelpers';
import { axeViolations, expectNoAxeViolations } from './support/axe';

// This file goes offline: the service worker (blocked by default in playwright.config.ts) is on.
test.use({ serviceWorkers: 'allow' });

const VIEWPORTS = [
  { name: 'desktop', use: { viewport: DESKTOP } },
  { name: 'phone', use: { viewport: PHONE, isMobile: true, hasTouch: true } },
] as const;

/** On a phone the mode buttons are in the floating menu; on a desktop in the header. */
async function mode(page: Page, phone: boolean, label: string) {
  if (phone) await page.getByRole('button', { name: 'Ouvrir le menu des actions' }).click();
  await page.getByRole('button', { name: label, exact: true }).click();
}

async function openList(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Afficher la liste' }).click();
  await expect(page.locator('.point-row').first()).toBeVisible({ timeout: 60_000 });
}

async function closeList(page: Page, phone: boolean) {
  if (!phone) return;
  await page.keyboard.press('Escape'); // the drawer closes on Escape
  await expect(page.locator('.sidebar')).toHaveClass(/sidebar-closed/);
}

test('the check finds violations, in the page and in a same-origin frame', async ({ page }) => {
  await page.goto('/accessibilite');
  await page.evaluate(() => {
    const img = document.createElement('img'); // no text alternative
    img.src = '/line.png';
    document.body.append(img);
    const frame = document.createElement('iframe');
    frame.title = 'cadre';
    frame.srcdoc = '<!doctype html><html lang="fr"><title>t</title><body><button></button></body></html>'; // a button with no name
    document.body.append(frame);
  });
  await expect(page.frameLocator('iframe[title="cadre"]').locator('button')).toHaveCount(1);
  const ids = (await axeViolations(page)).map((v) => v.id);
  expect(ids).toContain('image-alt');
  expect(ids).toContain('button-name');
});

for (const vp of VIEWPORTS) {
  test.describe(vp.name, () => {
    test.use(vp.use);
    test.describe.configure({ timeout: 240_000 }); // axe takes seconds per state on a busy machine
    const phone = vp.name === 'phone';

    test('sign-in, invitation and the accessibility statement', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Connectez-vous' })).toBeVisible({ timeout: 30_000 });
      await expectNoAxeViolations(page, `${vp.name} sign-in`);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await expectNoAxeViolations(page, `${vp.name} sign-in with an error`);
      await page.goto('/invitation?token=jeton-inconnu');
      await expect(page.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText("Vérification de l'invitation...")).toHaveCount(0, { timeout: 30_000 });
      await expectNoAxeViolations(page, `${vp.name} invitation`);
      await page.goto('/');
      await page.getByRole('link', { name: 'Accessibilité' }).click();
      await expect(page.getByRole('heading', { level: 1, name: "Déclaration d'accessibilité" })).toBeVisible();
      await expectNoAxeViolations(page, `${vp.name} accessibility statement`);
      await shot(page, `a11y-${vp.name}-statement`);
    });

    test('main screen: sidebar tabs, a filter, a selection', async ({ page }) => {
      await signIn(page);
      await openList(page, phone);
      await expectNoAxeViolations(page, `${vp.name} main screen`);
      await shot(page, `a11y-${vp.name}-main`);
      const sidebar = page.locator('.sidebar');
      await sidebar.getByRole('radio', { name: /^En cours/ }).click();
      await expectNoAxeViolations(page, `${vp.name} status filter`);
      await sidebar.getByRole('radio', { name: /^Tous/ }).click();
      await sidebar.getByRole('tab', { name: 'Par zone' }).click();
      await expectNoAxeViolations(page, `${vp.name} tab Par zone`);
      await sidebar.getByRole('tab', { name: 'Par équipe' }).click();
      await expectNoAxeViolations(page, `${vp.name} tab Par équipe`);
      await sidebar.getByRole('tab', { name: 'Tout' }).click();
      await expect(page.locator('.point-row').first()).toBeVisible();
      await page.locator('.point-row').first().getByRole('checkbox').first().check();
      await expect(page.getByRole('region', { name: 'Actions sur la sélection' })).toBeVisible();
      await expectNoAxeViolations(page, `${vp.name} a selection`);
      await page.locator('.point-row').first().getByRole('checkbox').first().uncheck();
      await expect(page.getByRole('region', { name: 'Actions sur la sélection' })).toBeHidden();
      await closeList(page, phone);
      await page.locator('.map-legend summary').click();
      await expect(page.locator('.map-legend li').first()).toBeVisible();
      await expectNoAxeViolations(page, `${vp.name} map legend`);
      await page.context().setOffline(true);
      await expect(page.getByRole('status', { name: 'Hors ligne' })).toBeVisible();
      await expectNoAxeViolations(page, `${vp.name} offline`);
      await page.context().setOffline(false);
    });

    test('an edit conflict', async ({ page, baseURL }) => {
      const db = await adminClient(baseURL!);
      const name = `Conflit a11y ${uniq()}`;
      const ins = await db.from('points').insert({ name, description: 'Traverse fissurée.', kilometer: '12.50', km_value: 12.5,
        position: { x: 3000, y: 700 }, status: 'signale', criticality: 'attention' }).select('id').single();
      expect(ins.error).toBeNull();
      await signIn(page);
      await openList(page, phone);
      await page.locator('.point-row', { hasText: name }).getByRole('button', { name: `Modifier ${name}` }).click();
      const form = page.getByRole('dialog', { name: "Signalement d'anomalie" });
      await expect(form.getByLabel('Libellé')).toHaveValue(name);
      expect((await writeStated(db, 'points', 'id', ins.data!.id as string, { status: 'resolu' })).error).toBeNull();
      await form.getByLabel('Description').fill('Traverse fissurée sur 40 cm.');
      await form.getByRole('button', { name: 'Enregistrer' }).click();
      const conflict = page.getByRole('dialog', { name: 'Modifié par un autre utilisateur' });
      await expect(conflict).toBeVisible({ timeout: 20_000 });
      await expectNoAxeViolations(page, `${vp.name} edit conflict`);
      await db.from('points').delete().eq('id', ins.data!.id as string);
    });

    test('point form: new with an error, edit; zone form', async ({ page }) => {
      await signIn(page);
      await mode(page, phone, 'Signaler');
      const box = (await page.getByTestId('map-canvas').boundingBox())!;
      if (phone) await page.touchscreen.tap(box.x + box.width * 0.5, box.y + box.height * 0.45);
      else await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.45);
      const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, `${vp.name} new point form`);
      await dialog.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(dialog.getByText('La description est obligatoire.')).toBeVisible();
      await expectNoAxeViolations(page, `${vp.name} point form with an error`);
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await expect(dialog).toBeHidden();

      await openList(page, phone);
      await page.locator('.point-row').first().getByRole('button', { name: /^Modifier / }).click();
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, `${vp.name} edit point form`);
      await dialog.getByRole('button', { name: 'Annuler' }).click();
      await expect(dialog).toBeHidden();
      await closeList(page, phone);

      await mode(page, phone, 'Zone');
      const canvas = (await page.getByTestId('map-canvas').boundingBox())!;
      for (const [fx, fy] of [[0.3, 0.3], [0.5, 0.3], [0.5, 0.6], [0.3, 0.6]]) {
        if (phone) await page.touchscreen.tap(canvas.x + canvas.width * fx, canvas.y + canvas.height * fy);
        else await page.mouse.click(canvas.x + canvas.width * fx, canvas.y + canvas.height * fy);
      }
      await page.getByRole('button', { name: 'Valider la zone' }).click();
      const zone = page.getByRole('dialog', { name: 'Créer une zone' });
      await expect(zone).toBeVisible();
      await expectNoAxeViolations(page, `${vp.name} zone form`);
    });

    test('route report: form, view, print dialog, inspection records', async ({ page }) => {
      await signIn(page);
      if (!phone) await expect(page.locator('.point-row').first()).toBeVisible({ timeout: 60_000 });
      await mode(page, phone, 'Rapport');
      const form = page.getByRole('dialog', { name: 'Générer un rapport' });
      await expect(form.getByText(/signalements? chargés?/)).toBeVisible({ timeout: 30_000 });
      await expectNoAxeViolations(page, `${vp.name} report form`);
      await form.getByRole('button', { name: 'PK de départ : valeur minimale' }).click();
      await form.getByRole('button', { name: "PK d'arrivée : valeur maximale" }).click();
      await form.getByRole('button', { name: 'Générer le rapport' }).click();
      const view = page.getByRole('dialog', { name: 'Rapport de parcours' });
      await expect(view.locator('.report-row').first()).toBeVisible({ timeout: 30_000 });
      await expectNoAxeViolations(page, `${vp.name} report view`);
      await shot(page, `a11y-${vp.name}-report-view`);
      await view.getByRole('button', { name: 'Imprimer', exact: true }).click();
      const ask = page.getByRole('dialog', { name: 'Imprimer le rapport' });
      await expect(ask.locator('.print-summary')).toBeVisible();
      await expectNoAxeViolations(page, `${vp.name} print dialog`);
      await ask.getByRole('button', { name: 'Annuler' }).click();
      await view.getByRole('button', { name: 'Tournées' }).click();
      const list = page.getByRole('dialog', { name: 'Tournées' });
      await expect(list).toBeVisible();
      await expectNoAxeViolations(page, `${vp.name} inspection records`);
    });

    test('dashboard', async ({ page }) => {
      await signIn(page);
      if (!phone) await expect(page.locator('.point-row').first()).toBeVisible({ timeout: 60_000 });
      await headerAction(page, 'Tableau de bord');
      const dash = page.getByRole('dialog', { name: 'Tableau de bord' });
      await expect(dash.getByTestId('dash-open')).toBeVisible({ timeout: 30_000 });
      await expectNoAxeViolations(page, `${vp.name} dashboard`);
      await shot(page, `a11y-${vp.name}-dashboard`);
      await dash.getByTestId('dash-open').getByRole('button', { name: 'Voir les données' }).click();
      await expectNoAxeViolations(page, `${vp.name} dashboard with its data table`);
      await page.keyboard.press('Escape');
      await expect(dash).toBeHidden();
    });

    test('every administration tab', async ({ page }) => {
      await signIn(page);
      if (!phone) await expect(page.locator('.point-row').first()).toBeVisible({ timeout: 60_000 });
      if (phone) await mode(page, phone, 'Admin');
      else await headerAction(page, 'Administration');
      const panel = page.getByRole('dialog', { name: 'Administration' });
      await expect(panel).toBeVisible();
      for (const tab of ['Utilisateurs', 'Équipes', 'Zones', 'Criticité', 'Paramètres', 'Lignes', 'Règle PK et image', 'Journal']) {
        await panel.getByRole('tab', { name: tab, exact: true }).click();
        await page.waitForTimeout(500);
        await expect(panel.locator('.spinner')).toHaveCount(0, { timeout: 30_000 });
        await expectNoAxeViolations(page, `${vp.name} administration ${tab}`);
      }
    });
  });
}

