// A network, not a pair: the shared e2e server is seeded with three lines (SEED_LINES=3 in
// playwright.config.ts: L1, the demo's second line L2, a generated L3). Desktop and phone: a point on line C (L3)
// never shows on A (L1) or B (L2) — a watcher in the page checks every DOM change against the line the picker names —
// switching back to a line shown before fetches none of its image again; and, with enough lines for the picker's
// search field, searching a code finds that line among the others.
import { test, expect, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, PHONE, shot, signIn, uniq } from './appHelpers';

const tag = uniq();
interface SeededLine { id: string; code: string; name: string; point: string }
const seeded: SeededLine[] = []; // A, B, C in picker order
let db: SupabaseClient;
let pointIds: string[] = [];

test.beforeAll(async ({ baseURL }) => {
  db = await adminClient(baseURL!);
  const lines = (await db.from('lines').select('id, code, name').in('code', ['L1', 'L2', 'L3']).order('sort')).data ?? [];
  expect(lines.map((l) => l.code), 'the e2e server seeds three lines (SEED_LINES=3)').toEqual(['L1', 'L2', 'L3']);
  for (const l of lines) seeded.push({ id: l.id as string, code: l.code as string, name: l.name as string, point: `Réseau ${l.code} ${tag}` });
  const ins = await db.from('points').insert(seeded.map((l) => ({ name: l.point, description: 'réseau', position: { x: 3000, y: 650 }, km_value: 12, line_id: l.id }))).select('id');
  if (ins.error) throw ins.error;
  pointIds = ins.data.map((r) => r.id as string);
});

test.afterAll(async () => {
  if (pointIds.length) await db.from('points').delete().in('id', pointIds);
});

/** In the page: on every DOM change, the sidebar must not name the point of a line the picker does not show. */
const watcher = () => `(() => {
  const lines = ${JSON.stringify(seeded.map((l) => ({ code: l.code, point: l.point })))};
  window.__foreign = [];
  const check = () => {
    const code = document.querySelector('.line-picker-button .line-picker-code')?.textContent;
    const text = document.querySelector('.sidebar')?.textContent ?? '';
    for (const l of lines) if (l.code !== code && text.includes(l.point)) window.__foreign.push(code + ' shows ' + l.point);
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
})()`;

const picker = (page: Page) => page.getByRole('button', { name: /^Ligne : .*Changer de ligne$/ });
const row = (page: Page, name: string) => page.locator('.point-row').filter({ hasText: name });

async function pickLine(page: Page, l: SeededLine) {
  await picker(page).first().focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: new RegExp(l.name) }).click();
}

/** The line's own network point, and neither of the two others'. */
async function showsOnly(page: Page, l: SeededLine) {
  await expect(picker(page).first()).toHaveAccessibleName(new RegExp(`^Ligne : ${l.code} · `));
  await expect(row(page, l.point)).toBeVisible({ timeout: 30_000 });
  for (const o of seeded) if (o !== l) await expect(row(page, o.point)).toHaveCount(0);
}

/** The ids of the lines in the device's snapshot (IndexedDB 'rail-outbox', written after a load). */
const LINES_HELD_MS = 6_000;
const snapshotLineIds = (page: Page) => page.evaluate(() => new Promise<string[]>((resolve) => {
  const req = indexedDB.open('rail-outbox');
  req.onsuccess = () => {
    const db = req.result;
    if (!db.objectStoreNames.contains('snapshots')) { db.close(); resolve([]); return; }
    const all = db.transaction('snapshots').objectStore('snapshots').getAll();
    all.onsuccess = () => { db.close(); resolve(all.result.flatMap((s: { lines?: { id: string }[] }) => (s.lines ?? []).map((l) => l.id))); };
  };
  req.onerror = () => resolve([]);
}));

const foreign = (page: Page) => page.evaluate(() => (window as unknown as { __foreign: string[] }).__foreign);

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('three lines: the point on line C shows on C only, never on A or B', async ({ page }) => {
    await page.addInitScript(watcher());
    await signIn(page);
    const [A, B, C] = seeded;
    await showsOnly(page, A);
    for (const l of [B, C, A, C, B, A]) { await pickLine(page, l); await showsOnly(page, l); }
    expect(await foreign(page)).toEqual([]);
  });

  test('switching back to a line shown before fetches none of its image again (parked with its decoded tiles)', async ({ page }) => {
    const seen: string[] = []; // the map's image worker fetches: tiles of the bundled image (A), the stored image of B
    page.on('request', (r) => {
      if (r.method() !== 'GET' || r.resourceType() !== 'fetch') return;
      const u = new URL(r.url());
      if (/\/line(-tiles\/|\.png$)|\/line_images\//.test(u.pathname)) seen.push(u.pathname);
    });
    await signIn(page);
    const [A, B] = seeded;
    await showsOnly(page, A);
    await expect.poll(() => seen.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await pickLine(page, B);
    await showsOnly(page, B);
    await expect.poll(() => seen.filter((p) => p.includes('/line_images/')).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1_000); // B's image decoded and drawn
    for (const l of [A, B, A]) {
      const before = seen.length;
      await pickLine(page, l);
      await showsOnly(page, l);
      await page.waitForTimeout(1_000); // a worker made anew would have fetched by now
      expect(seen.slice(before), `switching back to ${l.code}`).toEqual([]);
    }
  });

  test("reopened, the app draws the remembered line's own image at once: not the bundled one while the lines load", async ({ page }) => {
    const [, B] = seeded;
    await signIn(page);
    await pickLine(page, B);
    await showsOnly(page, B);
    await expect.poll(() => snapshotLineIds(page), { timeout: 20_000 }).toContain(B.id); // the device's copy of the lines
    const images: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\/line(-tiles\/|\.png$)|\/line_images\//.test(path)) images.push(path);
    });
    let linesAnswered = false;
    await page.route(/\/rest\/v1\/lines\?/, async (r) => {
      await new Promise((res) => setTimeout(res, LINES_HELD_MS));
      await r.continue();
      linesAnswered = true;
    });
    await page.reload();
    await expect(picker(page).first()).toHaveAccessibleName(new RegExp(`^Ligne : ${B.code} · `));
    await expect.poll(() => images.filter((p) => p.includes('/line_images/')).length, { timeout: LINES_HELD_MS - 1_000 }).toBeGreaterThan(0);
    expect(linesAnswered, 'named and drawn before the lines answered').toBe(false);
    await page.waitForTimeout(1_500); // drawn, still before the lines answer
    await shot(page, 'lines-warm-open-own-image');
    await showsOnly(page, B);
    expect(images.filter((p) => !p.includes('/line_images/')), 'no tile of the bundled image').toEqual([]);
  });

  test("among seven lines the picker's search finds a line by its code", async ({ page }) => {
    // Four more lines so the list gets its search field (from 7 lines); removed after.
    const extra = Array.from({ length: 4 }, (_, i) => ({ code: `NX${i}-${tag}`, name: `Réseau ${i} ${tag}`, sort: 70 + i }));
    const made = await db.from('lines').insert(extra).select('id');
    if (made.error) throw made.error;
    try {
      await signIn(page);
      const C = seeded[2];
      await picker(page).first().click();
      const search = page.getByRole('combobox', { name: 'Rechercher une ligne (nom ou code)' });
      await expect(search).toBeFocused();
      await search.fill(C.code);
      const options = page.getByRole('option');
      await expect(options.filter({ hasText: C.name })).toHaveCount(1);
      const others = [seeded[0], seeded[1], ...extra.filter((x) => !x.code.toLowerCase().includes(C.code.toLowerCase()))];
      for (const o of others) await expect(options.filter({ hasText: o.name })).toHaveCount(0);
      await page.keyboard.press('Enter');
      await showsOnly(page, C);
    } finally {
      await db.from('lines').delete().in('id', made.data.map((r) => r.id as string));
    }
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('three lines in the drawer: the point on line C shows on C only', async ({ page }) => {
    await page.addInitScript(watcher());
    await signIn(page);
    const drawer = () => page.getByRole('button', { name: 'Afficher la liste' }).click();
    for (const l of [seeded[2], seeded[0], seeded[1], seeded[2]]) {
      await drawer();
      await pickLine(page, l); // closes the drawer: the map shows the line
      await drawer();
      await showsOnly(page, l);
      await page.getByRole('button', { name: 'Fermer la liste' }).first().click();
    }
    expect(await foreign(page)).toEqual([]);
  });
});
