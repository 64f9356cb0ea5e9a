// The density strip along the PK ruler in Chromium on a desktop and a phone, on the real server's demo
// data: switched on from the map's controls (and remembered over a reload), the arrow key on the readout picks the
// first 100 m cell holding open anomalies, a tap on that cell in the strip says the same text, and the text's numbers
// equal a count of the line's open points in that PK range read through supabase-js.
import { test, expect, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, PHONE, signIn } from './appHelpers';

let db: SupabaseClient;
let line = '';

test.beforeAll(async ({ baseURL }) => {
  db = await adminClient(baseURL!);
  line = (await db.from('lines').select('id').order('sort').limit(1).single()).data!.id as string;
});

/** What the strip should say of cell `cell` (PK [cell/10, cell/10 + 0.1) km), counted from the database. */
async function expectedText(cell: number): Promise<string> {
  const lo = cell / 10;
  const { data, error } = await db.from('points').select('km_value, status, criticality')
    .eq('line_id', line).neq('status', 'resolu').gte('km_value', lo - 0.01).lt('km_value', lo + 0.11);
  expect(error).toBeNull();
  const inCell = (data ?? []).filter((p) => Math.floor(Math.round(Number(p.km_value) * 100) / 10) === cell);
  const levels = (await db.from('criticality_levels').select('id, name, order').order('order')).data ?? [];
  const rank = (id: string) => levels.findIndex((l) => l.id === id);
  const worst = Math.max(...inCell.map((p) => rank(p.criticality as string)));
  const worstCount = inCell.filter((p) => rank(p.criticality as string) === worst).length;
  const n = inCell.length;
  expect(n).toBeGreaterThan(0);
  const km = (v: number) => v.toFixed(2).replace('.', ',');
  const s = n > 1 ? 's' : '';
  return `PK ${km(lo)}-${km(lo + 0.1)} : ${n} anomalie${s} ouverte${s} (${worstCount} ${(levels[worst]?.name as string).toLocaleLowerCase('fr-FR')})`;
}

/** A point (page CSS px) on a coloured cell of the strip. The strip (12 px) sits right on the ruler band (44 px) in the
 * map layer, over the image; points may be painted above the strip. */
async function filledCellOnScreen(page: Page): Promise<{ x: number; y: number }> {
  return page.locator('[data-testid="map-canvas"] canvas').first().evaluate((c) => {
    const cv = c as HTMLCanvasElement;
    const r = cv.getBoundingClientRect();
    const pr = cv.width / r.width;
    const ctx = cv.getContext('2d')!;
    // The ruler band: the lowest run of rows mostly near-white and opaque (ticks, labels and marker flags cross it).
    const light = (y: number) => {
      const row = ctx.getImageData(0, y, cv.width, 1).data;
      let n = 0;
      for (let i = 0; i < row.length; i += 4) if (row[i + 3] > 200 && Math.min(row[i], row[i + 1], row[i + 2]) >= 225) n++;
      return n > cv.width * 0.6;
    };
    let y0 = cv.height - 1;
    while (y0 >= 0 && !light(y0)) y0--;
    while (y0 >= 0 && light(y0)) y0--;
    const bandTop = y0 >= 0 ? y0 + 1 : -1;
    if (bandTop < 0) throw new Error('no ruler band');
    const y = bandTop - Math.round(12 * pr) + Math.round(4 * pr);
    const row = ctx.getImageData(0, y, cv.width, 1).data;
    for (let x = Math.floor(cv.width * 0.3); x < cv.width; x++) {
      const [R, G, B] = [row[x * 4], row[x * 4 + 1], row[x * 4 + 2]];
      if (Math.max(R, G, B) - Math.min(R, G, B) > 60) return { x: r.left + (x + 2 * pr) / pr, y: r.top + y / pr };
    }
    throw new Error('no coloured cell in the strip');
  });
}

/** The cell a readout text names ('PK 12,30-12,40 : …' → 123). */
const cellOf = (text: string) => Math.round(Number(text.slice(3, text.indexOf('-')).replace(',', '.')) * 10);

async function checkStrip(page: Page, phone: boolean) {
  await signIn(page);
  const toggle = page.getByRole('button', { name: 'Bande de densité des anomalies ouvertes' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false', { timeout: 60_000 });
  // The toggle sits above the zoom column, covering none of its buttons (their place differs on a phone).
  const box = (await toggle.boundingBox())!;
  for (const name of ['Zoom avant', 'Zoom arrière', 'Ajuster à la ligne']) {
    const b = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
    expect(box.y + box.height <= b.y || b.y + b.height <= box.y || box.x + box.width <= b.x || b.x + b.width <= box.x).toBe(true);
  }
  await toggle.click();
  const readout = page.getByTestId('density-readout');
  await expect(readout).toContainText('le long de la ligne', { timeout: 30_000 });
  await expect(readout).not.toContainText(/^0 anomalie/);

  // Keyboard: the first cell holding open anomalies, then the next and back; the numbers are the database's.
  await page.getByRole('group', { name: /Bande de densité : flèches/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(readout).toHaveText(/^PK \d+,\d0-\d+,\d0 : \d+ anomalies? ouvertes? \(/);
  const first = (await readout.textContent())!;
  expect(first).toBe(await expectedText(cellOf(first)));
  await page.keyboard.press('ArrowRight');
  await expect(readout).not.toHaveText(first);
  await page.keyboard.press('ArrowLeft');
  await expect(readout).toHaveText(first);

  // A tap (or click) on a coloured cell of the strip says that cell, with the database's numbers.
  await page.waitForTimeout(800); // the centring animation and the redraw at rest
  const at = await filledCellOnScreen(page);
  if (phone) await page.touchscreen.tap(at.x, at.y); else await page.mouse.click(at.x, at.y);
  await expect(readout).toHaveText(/^PK \d+,\d0-\d+,\d0 : \d+ anomalies? ouvertes? \(/);
  const tapped = (await readout.textContent())!;
  expect(tapped).toBe(await expectedText(cellOf(tapped)));

  // Remembered on the device.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Bande de densité des anomalies ouvertes' })).toHaveAttribute('aria-pressed', 'true', { timeout: 60_000 });
  await expect(page.getByTestId('density-readout')).toContainText('le long de la ligne', { timeout: 30_000 });
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });
  test('the density strip says the open anomalies of a 100 m cell as the database counts them', async ({ page }) => { await checkStrip(page, false); });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  test('the density strip reads by tap and keyboard on a phone', async ({ page }) => { await checkStrip(page, true); });
});
