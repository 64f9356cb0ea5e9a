// Switching line back and forth (warm switch), desktop and phone: each switch shows the line's own points,
// zones and counts, and no point or zone of the other line ever appears in the list or the counts meanwhile (a
// watcher in the page checks every DOM change against the line the picker names). A viewer whose line is archived
// meanwhile by another admin is told in French and moved to the default line.
import { test, expect, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, PHONE, signIn, uniq, writeStated } from './appHelpers';

const tag = uniq();
const P = { code: `LP-${tag}`, name: `Ligne P ${tag}`, id: '', points: [`P1 ${tag}`, `P2 ${tag}`, `P3 ${tag}`], zone: `Zone P ${tag}` };
const Q = { code: `LQ-${tag}`, name: `Ligne Q ${tag}`, id: '', points: [`Q1 ${tag}`, `Q2 ${tag}`], zone: `Zone Q ${tag}` };
let db: SupabaseClient;

async function addLine(l: typeof P, sort: number, km: number) {
  const r = await db.from('lines').insert({ code: l.code, name: l.name, sort }).select('id').single();
  if (r.error) throw r.error;
  l.id = r.data.id as string;
  const m = await db.from('kilometer_markers').insert([{ position: 600, value: km, line_id: l.id }, { position: 11400, value: km + 10, line_id: l.id }]);
  if (m.error) throw m.error;
  const z = await db.from('zones').insert({ name: l.zone, color: '#3B82F6', track: null, line_id: l.id,
    points: [{ x: 500, y: 400 }, { x: 6000, y: 400 }, { x: 6000, y: 1100 }, { x: 500, y: 1100 }], km_start: km, km_end: km + 5 });
  if (z.error) throw z.error;
  const pts = await db.from('points').insert(l.points.map((name, i) => ({ name, description: 'x', position: { x: 1000 + i * 1500, y: 600 }, km_value: km + i, line_id: l.id })));
  if (pts.error) throw pts.error;
}

test.beforeAll(async ({ baseURL }) => {
  db = await adminClient(baseURL!);
  await addLine(P, 60, 100);
  await addLine(Q, 61, 200);
});

test.afterAll(async () => {
  for (const l of [P, Q]) {
    await db.from('points').delete().eq('line_id', l.id);
    await db.from('zones').delete().eq('line_id', l.id);
    await db.from('kilometer_markers').delete().eq('line_id', l.id);
    await db.from('lines').delete().eq('id', l.id);
  }
});

/** In the page: on every DOM change, the sidebar must not name a point or zone of the line the picker does not show. */
const watcher = () => `(() => {
  const lines = ${JSON.stringify([P, Q].map((l) => ({ code: l.code, names: [...l.points, l.zone] })))};
  window.__foreign = [];
  const check = () => {
    const code = document.querySelector('.line-picker-button .line-picker-code')?.textContent;
    const text = document.querySelector('.sidebar')?.textContent ?? '';
    for (const l of lines) {
      if (l.code === code) continue;
      for (const n of l.names) if (text.includes(n)) window.__foreign.push(code + ' shows ' + n);
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
})()`;

const picker = (page: Page) => page.getByRole('button', { name: /^Ligne : .*Changer de ligne$/ });
const row = (page: Page, name: string) => page.locator('.point-row').filter({ hasText: name });

async function pickLine(page: Page, l: typeof P) {
  // By keyboard: with these long test codes the header search box overlaps the picker button at 1440 px.
  await picker(page).first().focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: new RegExp(l.name) }).click();
}

/** The line's own points, count and zone, and none of the other's. */
async function showsOnly(page: Page, l: typeof P, other: typeof P) {
  await expect(picker(page).first()).toHaveAccessibleName(new RegExp(l.code));
  for (const n of l.points) await expect(row(page, n)).toBeVisible();
  await expect(page.locator('.point-row')).toHaveCount(l.points.length);
  for (const n of other.points) await expect(row(page, n)).toHaveCount(0);
  await expect(page.locator('.status-chips button').first()).toContainText(String(l.points.length));
}

async function showsZone(page: Page, l: typeof P, other: typeof P) {
  await page.getByRole('tab', { name: 'Par zone' }).click();
  await expect(page.locator('.zone-row').filter({ hasText: l.zone })).toBeVisible();
  await expect(page.locator('.zone-row').filter({ hasText: other.zone })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Tout' }).click();
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('switching back and forth shows each line’s own points, zones and counts, never the other’s', async ({ page }) => {
    await page.addInitScript(watcher());
    await signIn(page);
    await pickLine(page, P);
    await showsOnly(page, P, Q);
    await pickLine(page, Q);
    await showsOnly(page, Q, P);
    for (let i = 0; i < 3; i++) {
      for (const [a, b] of [[P, Q], [Q, P]] as const) {
        await pickLine(page, a);
        await showsOnly(page, a, b);
        await showsZone(page, a, b);
      }
    }
    expect(await page.evaluate(() => (window as unknown as { __foreign: string[] }).__foreign)).toEqual([]);
  });

  test('a line archived by another admin while shown: told in French, moved to the default line', async ({ page }) => {
    const R = { code: `LR-${tag}`, name: `Ligne R ${tag}`, id: '', points: [`R1 ${tag}`], zone: `Zone R ${tag}` };
    await addLine(R, 62, 300);
    try {
      await signIn(page);
      await pickLine(page, R);
      await expect(row(page, R.points[0])).toBeVisible();
      const archived = await writeStated(db, 'lines', 'id', R.id, { archived: true });
      expect(archived.error).toBeNull();
      await expect(page.getByText(`La ligne « ${R.code} · ${R.name} » a été archivée par un administrateur : vous voyez maintenant la ligne « L1 · `))
        .toBeVisible({ timeout: 15_000 });
      await expect(picker(page).first()).toHaveAccessibleName(/^Ligne : L1 · /);
      await expect(row(page, R.points[0])).toHaveCount(0);
      await expect(page.locator('.point-row').first()).toBeVisible();
      await expect(page).toHaveURL(/[?&]line=/);
      expect(new URL(page.url()).searchParams.get('line')).not.toBe(R.id);
    } finally {
      await db.from('points').delete().eq('line_id', R.id);
      await db.from('zones').delete().eq('line_id', R.id);
      await db.from('kilometer_markers').delete().eq('line_id', R.id);
      await db.from('lines').delete().eq('id', R.id);
    }
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('switching back and forth in the drawer shows each line’s own points and counts', async ({ page }) => {
    await page.addInitScript(watcher());
    await signIn(page);
    const drawer = () => page.getByRole('button', { name: 'Afficher la liste' }).click();
    for (const [a, b] of [[P, Q], [Q, P], [P, Q], [Q, P]] as const) {
      await drawer();
      await pickLine(page, a); // closes the drawer: the map shows the line
      await drawer();
      await showsOnly(page, a, b);
      await page.getByRole('button', { name: 'Fermer la liste' }).first().click();
    }
    expect(await page.evaluate(() => (window as unknown as { __foreign: string[] }).__foreign)).toEqual([]);
  });
});
