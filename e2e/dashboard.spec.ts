// 'Tableau de bord' in Chromium on a desktop and a phone: opened from the header, both uPlot charts drawn
// (non-blank canvases), and the 'Voir les données' tables of the open anomalies per day, the ages and the teams say
// what public.dashboard_stats answers through the real server for the same line and period; Escape closes it. An age bar
// (and its table cell, by keyboard) opens the list: the chip's count is the bar's, and follows a live change.
import { test, expect, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, PHONE, signIn, headerAction } from './appHelpers';

let db: SupabaseClient;
let line = '';
const fr = (n: number) => n.toLocaleString('fr-FR');

test.beforeAll(async ({ baseURL }) => {
  db = await adminClient(baseURL!);
  line = (await db.from('lines').select('id').order('sort').limit(1).single()).data!.id as string;
});

async function drawnCanvases(page: Page): Promise<number> {
  return page.locator('.dash-chart canvas').evaluateAll((cs) => cs.filter((c) => {
    const cv = c as HTMLCanvasElement;
    const px = cv.getContext('2d')!.getImageData(0, 0, cv.width, cv.height).data;
    for (let i = 3; i < px.length; i += 4) if (px[i] !== 0) return true;
    return false;
  }).length);
}

async function checkDashboard(page: Page, desktop: boolean) {
  await signIn(page);
  if (desktop) await expect(page.locator('.point-row').first()).toBeVisible({ timeout: 60_000 }); // the first load is over
  await headerAction(page, 'Tableau de bord');
  const dash = page.getByRole('dialog', { name: 'Tableau de bord' });
  await expect(dash.getByTestId('dash-open')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => drawnCanvases(page), { timeout: 15_000 }).toBe(2);

  const sql = await db.rpc('dashboard_stats', { p_line_id: line, p_days: 30 });
  expect(sql.error).toBeNull();
  const stats = sql.data as { open_by_day: { day: string; criticality: string; open: number }[];
    ages: { criticality: string; bucket: string; n: number }[]; teams: { open: number; in_progress: number }[] };

  // Open per day: the last row (today) per level.
  const open = dash.getByTestId('dash-open');
  await open.getByRole('button', { name: 'Voir les données' }).click();
  const lastDay = stats.open_by_day.at(-1)!.day;
  const today = (c: string) => stats.open_by_day.find((r) => r.day === lastDay && r.criticality === c)?.open ?? 0;
  // One column per criticality level in the levels' order, then any criticality the history names that is no longer a
  // level (other specs on the shared server add and delete levels): the rule of src/core/dashboard/stats.ts levelsFor.
  const current = ((await db.from('criticality_levels').select('id').order('order')).data ?? []).map((l) => l.id as string);
  expect(current).toEqual(expect.arrayContaining(['attention', 'danger']));
  const columnsOf = (named: string[]) => [...current, ...[...new Set(named)].filter((c) => !current.includes(c))];
  const levels = columnsOf(stats.open_by_day.map((r) => r.criticality));
  const lastRow = open.locator('tbody tr').last();
  await expect(lastRow.locator('td')).toHaveText(levels.map((c) => fr(today(c))));
  await expect(open.locator('tbody tr')).toHaveCount(30);

  // Ages: every level × bucket cell.
  const ages = dash.getByTestId('dash-ages');
  await ages.getByRole('button', { name: 'Voir les données' }).click();
  const age = (c: string, b: string) => stats.ages.find((a) => a.criticality === c && a.bucket === b)?.n ?? 0;
  for (const [i, c] of columnsOf(stats.ages.map((a) => a.criticality)).entries()) {
    await expect(ages.locator('tbody tr').nth(i).locator('td')).toHaveText(['lt7', '7-30', '30-90', 'gt90'].map((b) => fr(age(c, b))));
  }
  const totalOpen = stats.ages.reduce((n, a) => n + a.n, 0);
  expect(totalOpen).toBeGreaterThan(0); // the demo seed has open points
  expect(stats.teams.reduce((n, t) => n + t.open + t.in_progress, 0)).toBe(totalOpen);
  await expect(dash.getByTestId('dash-teams').locator('tbody tr')).toHaveCount(stats.teams.length);

  await page.keyboard.press('Escape');
  await expect(dash).toHaveCount(0);
  await checkAgeBars(page, stats.ages);
}

// An age bar opens the sidebar's list of those open anomalies: the chip says the filter and the list's count, which
// is the bar's value; its button clears it. The same from the data table's cell, by keyboard.
async function checkAgeBars(page: Page, ages: { criticality: string; bucket: string; n: number }[]) {
  const labels: Record<string, string> = { lt7: 'moins de 7 jours', '7-30': '7 à 30 jours', '30-90': '30 à 90 jours', gt90: 'plus de 90 jours' };
  const names = new Map(((await db.from('criticality_levels').select('id, name')).data ?? []).map((l) => [l.id as string, l.name as string]));
  const bars = ages.filter((a) => a.n > 0 && names.has(a.criticality)).sort((a, b) => b.n - a.n);
  expect(bars.length).toBeGreaterThan(0);
  const chip = page.getByTestId('age-filter');
  const list = page.locator('.point-row');
  for (const [k, bar] of bars.slice(0, 2).entries()) {
    await headerAction(page, 'Tableau de bord');
    const dash = page.getByRole('dialog', { name: 'Tableau de bord' });
    const label = `${names.get(bar.criticality)}, ${labels[bar.bucket]} : ${fr(bar.n)} — voir la liste`;
    if (k === 0) {
      await dash.getByTestId('dash-ages').locator('.dash-bars').getByRole('button', { name: label }).click();
    } else {
      const ageCard = dash.getByTestId('dash-ages');
      await ageCard.getByRole('button', { name: 'Voir les données' }).click();
      await ageCard.locator('table').getByRole('button', { name: label }).focus();
      await page.keyboard.press('Enter');
    }
    await expect(dash).toHaveCount(0);
    await expect(chip).toBeVisible();
    await expect(chip).toContainText(`${names.get(bar.criticality)}, ouvertes depuis ${labels[bar.bucket]} : ${fr(bar.n)} anomalie`);
    await expect(list.first()).toBeVisible();
    if (k === 0) { // live: a point of the bar resolved elsewhere leaves the list, back when reopened
      const edges: Record<string, [number, number]> = { lt7: [7, -1], '7-30': [30, 7], '30-90': [90, 30], gt90: [100_000, 90] };
      const [older, newer] = edges[bar.bucket].map((d) => Date.now() - d * 86_400_000);
      const pts = (await db.from('points').select('id, created_at').eq('line_id', line).eq('criticality', bar.criticality)
        .in('status', ['signale', 'pris_en_charge']).limit(1000)).data ?? [];
      const inside = pts.find((p) => { const t = Date.parse(p.created_at as string); return t > older + 3_600_000 && t < newer - 3_600_000; });
      expect(inside, 'a point of the largest bar, away from its edges').toBeTruthy();
      if (inside) {
        const read = async () => (await db.from('points').select('status, updated_at').eq('id', inside.id).single()).data!;
        const was = await read();
        const res = await db.from('points').update({ status: 'resolu', updated_at: was.updated_at }).eq('id', inside.id);
        expect(res.error).toBeNull();
        await expect(chip).toContainText(`: ${fr(bar.n - 1)} anomalie`, { timeout: 30_000 });
        const back = await db.from('points').update({ status: was.status, updated_at: (await read()).updated_at }).eq('id', inside.id);
        expect(back.error).toBeNull();
        await expect(chip).toContainText(`: ${fr(bar.n)} anomalie`, { timeout: 30_000 });
      }
    }
    await chip.getByRole('button', { name: "Effacer le filtre d'âge" }).click();
    await expect(chip).toHaveCount(0);
    if (k === 0 && bars.length < 2) break;
    if (await page.locator('.drawer-backdrop').count()) await page.keyboard.press('Escape'); // the phone's drawer
  }
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });
  test('the dashboard draws its charts and its tables match the SQL', async ({ page }) => { await checkDashboard(page, true); });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  test('the dashboard is a page of its own with the same numbers', async ({ page }) => { await checkDashboard(page, false); });
});
