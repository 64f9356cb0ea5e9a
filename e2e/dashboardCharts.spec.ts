// The dashboard's charts as a new user sees them (docs/product.md#tableau-de-bord), desktop 1440×900 and phone 390×844:
// no coloured pixel of either chart on the top rows of its plot area (the tallest bar or band is not cut), the first
// week's bars as wide as the others (not a sliver at the left edge), the status-filter sentence only with a status
// filter that narrows the open anomalies, and on a phone no '+' button over the page.
import { test, expect, type Page } from '@playwright/test';
import { DESKTOP, headerAction, PHONE, shot, signIn } from './appHelpers';

interface ChartPixels { plotTop: number; topColoured: number; runs: number[] }

/** In the chart `label`: the plot area's top (canvas px), the first row holding a coloured pixel, and the widths of
 * the runs of columns holding a blue pixel (the 'Signalées' bars of the weekly chart: a week may have no 'Résolues'
 * bar beside it), left to right. */
async function chartPixels(page: Page, label: string): Promise<ChartPixels> {
  return page.locator(`.dash-chart[data-chart="${label}"]`).evaluate((box) => {
    const cv = box.querySelector('canvas') as HTMLCanvasElement;
    const over = box.querySelector('.u-over') as HTMLElement;
    const dpr = cv.width / cv.getBoundingClientRect().width;
    const r0 = over.getBoundingClientRect(), c0 = cv.getBoundingClientRect();
    const left = Math.round((r0.left - c0.left) * dpr), top = Math.round((r0.top - c0.top) * dpr);
    const w = Math.round(r0.width * dpr), h = Math.round(r0.height * dpr);
    const px = cv.getContext('2d')!.getImageData(left, top, w, h).data;
    const coloured = (i: number) => px[i + 3] > 0 && Math.max(px[i], px[i + 1], px[i + 2]) - Math.min(px[i], px[i + 1], px[i + 2]) > 60;
    let topColoured = -1;
    for (let y = 0; y < h && topColoured < 0; y++) for (let x = 0; x < w; x++) if (coloured((y * w + x) * 4)) { topColoured = y; break; }
    const cols: boolean[] = [];
    const blue = (i: number) => px[i + 3] > 0 && px[i + 2] - Math.max(px[i], px[i + 1]) > 60;
    for (let x = 0; x < w; x++) { let any = false; for (let y = 0; y < h && !any; y++) any = blue((y * w + x) * 4); cols.push(any); }
    const runs: number[] = [];
    let run = 0;
    for (const c of [...cols, false]) { if (c) run++; else if (run) { runs.push(run); run = 0; } }
    return { plotTop: top, topColoured, runs };
  });
}

async function openDashboard(page: Page): Promise<void> {
  await headerAction(page, 'Tableau de bord');
  const dash = page.getByRole('dialog', { name: 'Tableau de bord' });
  await expect(dash.getByTestId('dash-flow')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await chartPixels(page, 'flow')).runs.length, { timeout: 15_000 }).toBeGreaterThan(1);
}

async function checkCharts(page: Page): Promise<void> {
  for (const label of ['open', 'flow']) {
    const c = await chartPixels(page, label);
    expect(c.topColoured, `${label}: something is drawn`).toBeGreaterThanOrEqual(0);
    expect(c.topColoured, `${label}: the tallest value stays below the top of the plot`).toBeGreaterThanOrEqual(3);
  }
  const flow = await chartPixels(page, 'flow');
  const widest = Math.max(...flow.runs);
  expect(flow.runs[0], `first week's bars (${flow.runs.join(', ')})`).toBeGreaterThanOrEqual(widest * 0.6);
  expect(flow.runs.at(-1)!, `last week's bars (${flow.runs.join(', ')})`).toBeGreaterThanOrEqual(widest * 0.6);
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });
  test('charts inside their boxes; the status sentence only with a status filter', async ({ page }) => {
    await signIn(page);
    await expect(page.locator('.point-row').first()).toBeVisible({ timeout: 60_000 });
    await openDashboard(page);
    const dash = page.getByRole('dialog', { name: 'Tableau de bord' });
    await expect(dash.getByTestId('dash-status-note')).toHaveCount(0);
    await expect(dash).not.toContainText('Les filtres de statut');
    for (const period of ['30 jours', '365 jours']) {
      await dash.getByLabel('Période').selectOption({ label: period });
      await page.waitForTimeout(800);
      await expect(dash.getByRole('status')).toHaveCount(0, { timeout: 30_000 });
      await checkCharts(page);
    }
    await shot(page, 'desktop-dashboard-charts');
    await dash.getByRole('button', { name: 'Fermer le tableau de bord' }).click();

    await page.locator('.sidebar').getByRole('radio', { name: /^Signalé/ }).click();
    await openDashboard(page);
    await expect(dash.getByTestId('dash-status-note')).toHaveText('Filtre de statut de la liste : Signalé. Il s’applique aux anomalies ouvertes.');
    await dash.getByRole('button', { name: 'Fermer le tableau de bord' }).click();
    await page.locator('.sidebar').getByRole('radio', { name: /^Tous/ }).click();
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  test("charts inside their boxes, no '+' button over the page", async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('button', { name: 'Ouvrir le menu des actions' })).toBeVisible({ timeout: 30_000 });
    await openDashboard(page);
    await checkCharts(page);
    await expect(page.getByRole('button', { name: 'Ouvrir le menu des actions' })).toHaveCount(0);
    await page.getByTestId('dash-flow').scrollIntoViewIfNeeded();
    await shot(page, 'phone-dashboard-charts');
    await page.getByRole('button', { name: 'Fermer le tableau de bord' }).click();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu des actions' })).toBeVisible();
  });
});
