// Administration end to end: failure messages, empty states, screenshots of every tab.
// Tests restore what they change (own teams, levels, markers, settings) so other specs see the seed unchanged.
import { expect } from '@playwright/test';
import { test } from './support/test';
import { mkdirSync } from 'node:fs';
import { E2E_ADMIN } from '../playwright.config';
import { SHOTS, uniq, login, openPanel } from './adminHelpers';

test('load, save and delete failures show the docs/product.md#administration-messages messages, and Réessayer reloads', async ({ page }) => {
  // The tables the live channel keeps current (teams, zones, levels, settings, markers) are read once per session,
  // not at each tab opening: their reads fail from the start, so each tab finds them unloaded. One route handler
  // whose list changes (no gap between two routes where a background sync could read them).
  const failing: RegExp[] = [/\/rest\/v1\/(teams|zones|criticality_levels|app_settings|kilometer_markers)\b/];
  await page.route(/\/rest\/v1\//, (r) => {
    const u = r.request().url();
    const read = r.request().method() === 'GET' || u.includes('/rpc/');
    return read && failing.some((f) => f.test(u)) ? r.abort() : r.continue();
  });
  await login(page);
  const panel = await openPanel(page);
  const cases: [tab: string, table: RegExp, message: string, loaded: RegExp | string][] = [
    ['Équipes', /\/rest\/v1\/teams/, 'Erreur lors du chargement des données des équipes', /Signalements/],
    ['Zones', /\/rest\/v1\/zones/, 'Erreur lors du chargement des zones', /PK \d/],
    ['Criticité', /\/rest\/v1\/criticality_levels/, 'Erreur lors du chargement des niveaux de criticité', 'Danger sécurité'],
    ['Paramètres', /\/rest\/v1\/app_settings/, 'Erreur lors du chargement des paramètres', "Lien d'avis"],
    ['Règle PK et image', /\/rest\/v1\/kilometer_markers/, 'Erreur lors du chargement des marqueurs', /Marqueurs PK \(\d+\)/],
    ['Utilisateurs', /\/rest\/v1\/(profiles|rpc\/list_invitations)/, 'Une erreur est survenue lors du chargement des utilisateurs.', E2E_ADMIN.email],
  ];
  // From now on each shared table fails until its own tab retries it; the users' reads fail only for their tab.
  failing.splice(0, failing.length, ...cases.slice(0, 5).map(([, url]) => url));
  for (const [tab, url, message, loaded] of cases) {
    if (!failing.includes(url)) failing.push(url);
    await panel.getByRole('tab', { name: tab, exact: true }).click();
    await expect(panel.getByText(message)).toBeVisible();
    failing.splice(failing.indexOf(url), 1);
    await panel.getByRole('button', { name: 'Réessayer' }).click();
    await expect(panel.getByText(loaded).first()).toBeVisible();
    await expect(panel.getByText(message)).toHaveCount(0);
  }

  await page.unrouteAll();

  // Save failures.
  await panel.getByRole('tab', { name: 'Équipes', exact: true }).click();
  await page.route(/\/rest\/v1\/teams/, (r) => (r.request().method() === 'GET' ? r.continue() : r.abort()));
  await panel.getByRole('button', { name: 'Nouvelle équipe' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle équipe' });
  await form.getByLabel('Nom').fill(`Échec ${uniq()}`);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText("Erreur lors de la sauvegarde de l'équipe")).toBeVisible();
  await form.getByRole('button', { name: 'Annuler' }).click();
  await page.unrouteAll();

  await panel.getByRole('tab', { name: 'Zones', exact: true }).click();
  await page.route(/\/rest\/v1\/zones/, (r) => (r.request().method() === 'GET' ? r.continue() : r.abort()));
  const first = panel.locator('.zone-row').first();
  const zname = (await first.locator('.admin-row-title').textContent())!;
  await first.getByRole('button', { name: `Modifier ${zname}` }).click();
  const zform = page.getByRole('dialog', { name: 'Modifier la zone' });
  await zform.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(zform.getByText('Erreur lors de la modification')).toBeVisible();
  await zform.getByRole('button', { name: 'Annuler' }).click();
  await first.getByRole('button', { name: `Supprimer ${zname}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(confirm.getByText('Erreur lors de la suppression de la zone')).toBeVisible();
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await page.unrouteAll();
  await expect(panel.locator(`.zone-row[data-zone="${zname}"]`).first()).toBeVisible();

  await panel.getByRole('tab', { name: 'Paramètres', exact: true }).click();
  await page.route(/\/rest\/v1\/app_settings/, (r) => (r.request().method() === 'GET' ? r.continue() : r.abort()));
  await panel.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(panel.getByText('Erreur lors de la sauvegarde des paramètres')).toBeVisible();
  await page.unrouteAll();
});

test('empty states (responses stubbed empty): users, invitations, teams, zones, markers', async ({ page }) => {
  const empty = (r: import('@playwright/test').Route) =>
    r.request().method() === 'GET' || r.request().url().includes('/rpc/')
      ? r.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
      : r.continue();
  // Teams, zones and markers are read once per session (then kept current live): empty from the start.
  await page.route(/\/rest\/v1\/(teams|zones|kilometer_markers)/, empty);
  await login(page);
  await page.route(/\/rest\/v1\/(profiles|rpc\/list_invitations)/, empty);
  const panel = await openPanel(page, 'Utilisateurs');
  await expect(panel.getByText('Aucun utilisateur trouvé')).toBeVisible();
  await panel.getByRole('tab', { name: /^Invitations/ }).click();
  await expect(panel.getByText('Aucune invitation trouvée')).toBeVisible();
  await panel.getByRole('tab', { name: 'Équipes', exact: true }).click();
  await expect(panel.getByText('Aucune équipe', { exact: true })).toBeVisible();
  await panel.getByRole('tab', { name: 'Zones', exact: true }).click();
  await expect(panel.getByText('Aucune zone', { exact: true })).toBeVisible();
  await expect(panel.getByText(/Les zones se créent sur la carte.*« Zone »/)).toBeVisible();
  await panel.getByRole('tab', { name: 'Règle PK et image', exact: true }).click();
  await expect(panel.getByText('Ajoutez au moins deux marqueurs PK sur la règle pour utiliser cette fonctionnalité.')).toBeVisible();
  await expect(panel.getByText('Aucun marqueur PK')).toBeVisible();
  await page.unrouteAll();
});

test('screenshots of every tab on desktop 1440×900 and phone 390×844', async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  for (const [name, size] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    const context = await browser.newContext({ viewport: size, locale: 'fr-FR', timezoneId: 'Europe/Paris', hasTouch: name === 'phone', isMobile: name === 'phone' });
    const page = await context.newPage();
    await login(page);
    const direct = page.getByRole('button', { name: 'Administration', exact: true }).first();
    if (await direct.isVisible().catch(() => false)) await direct.click();
    else {
      // On phones the admin entry sits in the floating menu.
      await page.getByRole('button', { name: 'Ouvrir le menu des actions' }).click();
      await page.getByRole('menuitem', { name: /^Admin/ }).or(page.getByRole('button', { name: /^Admin/ })).first().click();
    }
    const panel = page.getByRole('dialog', { name: 'Administration' });
    await expect(panel).toBeVisible();
    for (const tab of ['Utilisateurs', 'Équipes', 'Zones', 'Criticité', 'Paramètres', 'Règle PK et image']) {
      await panel.getByRole('tab', { name: tab, exact: true }).click();
      await expect(panel.locator('.admin-loading')).toHaveCount(0);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/${name}-${tab.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()}.png` });
      if (tab === 'Utilisateurs') {
        await panel.getByLabel('Adresse email').fill(`capture.${name}.${uniq()}@rail.local`);
        await panel.getByRole('button', { name: "Envoyer l'invitation" }).click();
        await expect(panel.getByText(/Invitation créée pour/)).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/${name}-invite-created.png` });
        await panel.getByRole('tab', { name: /^Invitations/ }).click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}/${name}-invitations.png` });
      }
    }
    await panel.getByRole('tab', { name: 'Criticité', exact: true }).click();
    await panel.getByRole('button', { name: 'Nouveau niveau' }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${name}-level-form.png` });
    await context.close();
  }
});
