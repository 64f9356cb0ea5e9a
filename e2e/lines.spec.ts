// A network of lines in Chromium, desktop and phone: the header picker switches the line shown and a
// point of line B never shows on line A; the choice is in the address and survives a reload; a link to a point of
// the other line opens that line; the phone has the picker in its drawer; the 'Lignes' tab creates a line and
// archives it with its point count (it then leaves the picker).
import { test, expect, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, PHONE, signIn, uniq } from './appHelpers';
import { openPanel } from './adminHelpers';

const tag = uniq();
const B = { code: `LB-${tag}`, name: `Ligne B ${tag}` };
let db: SupabaseClient;
let lineA = '';
let lineB = '';
let pointA = '';
let pointB = '';

test.beforeAll(async ({ baseURL }) => {
  db = await adminClient(baseURL!);
  lineA = (await db.from('lines').select('id').order('sort').limit(1).single()).data!.id as string;
  const b = await db.from('lines').insert({ code: B.code, name: B.name, sort: 50 }).select('id').single();
  if (b.error) throw b.error;
  lineB = b.data.id as string;
  const markers = await db.from('kilometer_markers').insert([{ position: 600, value: 50, line_id: lineB }, { position: 11400, value: 60, line_id: lineB }]);
  if (markers.error) throw markers.error;
  const pts = await db.from('points').insert([
    { name: `Sur A ${tag}`, description: 'a', position: { x: 3000, y: 600 }, km_value: 14, line_id: lineA },
    { name: `Sur B ${tag}`, description: 'b', position: { x: 3000, y: 600 }, km_value: 52, line_id: lineB },
  ]).select('id, name');
  if (pts.error) throw pts.error;
  pointA = pts.data.find((p) => (p.name as string).startsWith('Sur A'))!.id as string;
  pointB = pts.data.find((p) => (p.name as string).startsWith('Sur B'))!.id as string;
});

test.afterAll(async () => {
  await db.from('points').delete().in('id', [pointA, pointB]);
  await db.from('kilometer_markers').delete().eq('line_id', lineB);
  await db.from('lines').delete().eq('id', lineB);
});

const row = (page: Page, name: string) => page.locator('.point-row').filter({ hasText: name });
const picker = (page: Page) => page.getByRole('button', { name: /^Ligne : .*Changer de ligne$/ });

async function pickLine(page: Page, name: string) {
  await picker(page).first().click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('pick a line: its points only; in the address, kept on reload; a link to a point of the other line opens it', async ({ page }) => {
    await signIn(page);
    await expect(picker(page)).toBeVisible();
    await expect(row(page, `Sur A ${tag}`)).toBeVisible({ timeout: 30_000 });
    await expect(row(page, `Sur B ${tag}`)).toHaveCount(0);

    await pickLine(page, B.name);
    await expect(picker(page)).toHaveAccessibleName(`Ligne : ${B.code} · ${B.name}. Changer de ligne`);
    await expect(row(page, `Sur B ${tag}`)).toBeVisible({ timeout: 30_000 });
    await expect(row(page, `Sur A ${tag}`)).toHaveCount(0);
    await expect(page.locator('.point-row')).toHaveCount(1); // line B holds one point
    await expect(page).toHaveURL(new RegExp(`[?&]line=${lineB}`));

    await page.reload();
    await expect(picker(page)).toHaveAccessibleName(new RegExp(B.code), { timeout: 30_000 });
    await expect(row(page, `Sur B ${tag}`)).toBeVisible({ timeout: 30_000 });
    await expect(row(page, `Sur A ${tag}`)).toHaveCount(0);

    // A link to a point of line A while line B is shown: line A opens with the point's form.
    await page.goto(`/?point=${pointA}`);
    await expect(page.getByRole('dialog', { name: "Signalement d'anomalie" }).getByLabel('Libellé')).toHaveValue(`Sur A ${tag}`, { timeout: 30_000 });
    await page.keyboard.press('Escape'); // the form is modal: the header is behind it
    await expect(picker(page)).toHaveAccessibleName(new RegExp(`Ligne : L1 · `));
    await expect(row(page, `Sur B ${tag}`)).toHaveCount(0);
  });

  test("search names a point's line and choosing it switches to that line", async ({ page }) => {
    await signIn(page);
    await expect(row(page, `Sur A ${tag}`)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('combobox', { name: /Rechercher/ }).first().fill(`Sur B ${tag}`);
    const option = page.getByRole('option', { name: new RegExp(`Sur B ${tag}`) });
    await expect(option).toContainText(`Ligne ${B.code} · ${B.name}`);
    await option.click();
    await expect(picker(page)).toHaveAccessibleName(new RegExp(B.code), { timeout: 30_000 });
    await expect(row(page, `Sur B ${tag}`)).toBeVisible();
  });

  test("'Lignes' tab: create a line, archive it with its point count; it leaves the picker", async ({ page }) => {
    await signIn(page);
    const panel = await openPanel(page, 'Lignes');
    const code = `LC-${tag}`;
    const form = panel.getByRole('form', { name: 'Nouvelle ligne' });
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Nom').fill(`Ligne C ${tag}`);
    await form.getByRole('button', { name: 'Ajouter la ligne' }).click();
    await expect(panel.locator(`tr[data-line="${code}"]`)).toBeVisible();
    // A duplicate code is refused in French.
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Nom').fill('Doublon');
    await form.getByRole('button', { name: 'Ajouter la ligne' }).click();
    await expect(form.getByText('Ce code de ligne existe déjà.')).toBeVisible();
    const lineC = (await db.from('lines').select('id').eq('code', code).single()).data!.id as string;
    await db.from('points').insert({ name: `Sur C ${tag}`, position: { x: 10, y: 10 }, line_id: lineC });
    try {
      await panel.getByRole('button', { name: `Archiver ${code} · Ligne C ${tag}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Archiver la ligne' });
      await expect(confirm).toContainText('Elle contient 1 signalement(s)');
      await confirm.getByRole('button', { name: 'Archiver' }).click();
      await expect(panel.locator(`tr[data-line="${code}"]`)).toContainText('Archivée');
      expect((await db.from('lines').select('archived').eq('id', lineC).single()).data!.archived).toBe(true);
      await panel.getByRole('button', { name: 'Fermer' }).first().click();
      await picker(page).first().click();
      await expect(page.getByRole('option', { name: new RegExp(B.name) })).toBeVisible();
      await expect(page.getByRole('option', { name: new RegExp(`Ligne C ${tag}`) })).toHaveCount(0);
    } finally {
      await db.from('points').delete().eq('line_id', lineC);
      await db.from('lines').delete().eq('id', lineC);
    }
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the picker is in the drawer and switches the line', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Afficher la liste' }).click();
    await expect(row(page, `Sur A ${tag}`)).toBeVisible({ timeout: 30_000 });
    await pickLine(page, B.name); // closes the drawer: the map shows the line
    await page.getByRole('button', { name: 'Afficher la liste' }).click();
    await expect(picker(page)).toHaveAccessibleName(new RegExp(B.code));
    await expect(row(page, `Sur B ${tag}`)).toBeVisible({ timeout: 30_000 });
    await expect(row(page, `Sur A ${tag}`)).toHaveCount(0);
  });
});
