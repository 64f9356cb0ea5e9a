// Never colour alone and focus always visible (docs/product.md#accessibility), in Chromium against the demo seed:
// every coloured status or criticality mark of the sidebar rows, the map's legend, the search results, the route
// report's rows and the dashboard (legends, age bars, busiest stretches) has the status's or the level's name in text
// beside it; and every control reached with Tab on the main screen, the report form and the administration draws a
// focus ring of 3:1 contrast at least.
import { test, expect, type Locator } from '@playwright/test';
import { adminClient, DESKTOP, openWholeLineReport, signIn, headerAction } from './appHelpers';
import { STATUS_LABELS } from '../src/core/constants';
import { tabThrough } from './support/focusRing';
import { E2E_ADMIN } from '../playwright.config';

test.use({ viewport: DESKTOP });

const STATUSES = Object.values(STATUS_LABELS);
let levelNames: string[] = [];

test.beforeAll(async ({ baseURL }) => {
  const db = await adminClient(baseURL!);
  levelNames = ((await db.from('criticality_levels').select('name')).data ?? []).map((l) => l.name as string);
  expect(levelNames.length).toBeGreaterThan(1);
});

/** The texts of `items`, each of which must name one of `names`. */
async function expectEachNames(items: Locator, names: string[], what: string) {
  const texts = await items.allInnerTexts();
  expect(texts.length, `${what}: some items`).toBeGreaterThan(0);
  for (const t of texts) expect(names.some((n) => t.includes(n)), `${what} « ${t} » names one of ${names.join(', ')}`).toBe(true);
}

test('each status and criticality colour has its name beside it', async ({ page }) => {
  await signIn(page);
  const rows = page.locator('.point-row');
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  // Sidebar rows: the level's colour dot and the status badge, each with its name.
  await expect(rows.first().locator('.crit-dot')).toHaveCount(1);
  await expectEachNames(rows.locator('.list-row-meta'), levelNames, 'sidebar row (level)');
  await expectEachNames(rows.locator('.status-badge'), STATUSES, 'sidebar row (status)');

  // The map's legend: every level's colour with its name (the entries of clusters and of the marks aside).
  await page.locator('.map-legend summary').click();
  const legend = page.locator('.map-legend li').filter({ hasNot: page.locator('.map-legend-cluster, .map-legend-late') });
  await expectEachNames(legend, levelNames, 'map legend');

  // Search results.
  await page.getByRole('combobox', { name: /Rechercher/ }).first().fill('signal');
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible({ timeout: 30_000 });
  await expectEachNames(options.filter({ has: page.locator('.crit-dot') }), levelNames, 'search result (level)');
  await page.keyboard.press('Escape');

  // Route report: the criticality badge holds the level's name beside its colour dot; its text is not the level's colour.
  const view = await openWholeLineReport(page);
  const badges = view.locator('.report-row .report-level');
  await expect(badges.first()).toBeVisible({ timeout: 30_000 });
  await expectEachNames(badges, levelNames, 'report criticality');
  await expect(badges.first().locator('.crit-dot')).toHaveCount(1);
  const dot = await badges.first().locator('.crit-dot').evaluate((e) => getComputedStyle(e).backgroundColor);
  expect(await badges.first().evaluate((e) => getComputedStyle(e).color)).not.toBe(dot);
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();

  // Dashboard: legends, age bars and busiest stretches name their level.
  await headerAction(page, 'Tableau de bord');
  const dash = page.getByRole('dialog', { name: 'Tableau de bord' });
  await expect(dash.getByTestId('dash-open')).toBeVisible({ timeout: 30_000 });
  await expectEachNames(dash.getByTestId('dash-open').locator('.dash-legend li'), levelNames, 'open-per-day legend');
  await expectEachNames(dash.locator('.dash-bar-label'), levelNames, 'age bar');
  await expectEachNames(dash.locator('.dash-stretches li'), levelNames, 'busiest stretch');
});

test('every control reached with Tab shows its focus', async ({ page }) => {
  await signIn(page);
  await expect(page.locator('.point-row').first()).toBeVisible({ timeout: 60_000 });
  await page.locator('body').click({ position: { x: 2, y: 2 } });
  await tabThrough(page, 40, 'main screen');

  await page.getByRole('button', { name: 'Rapport', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Générer un rapport' });
  await expect(form.getByText(/signalements? chargés?/)).toBeVisible({ timeout: 30_000 });
  await tabThrough(page, 15, 'report form');
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  await headerAction(page, 'Administration');
  const panel = page.getByRole('dialog', { name: 'Administration' });
  await expect(panel).toBeVisible();
  // Tabbed once its first tab has loaded: during the load the focus may rest on the dialog box itself, which only
  // holds it (src/styles/components.css).
  await expect(panel.getByText(E2E_ADMIN.email).first()).toBeVisible({ timeout: 30_000 });
  await tabThrough(page, 20, 'administration');
});
