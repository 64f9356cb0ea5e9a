// The sidebar's rows as a field agent reads them, from 320 px to a desktop: the whole PK of a point (never clipped),
// its label ellipsised with the full text on hover, its status, date and team; a zone's whole PK range in 'Par zone'.
import { test, expect, type Page, type Locator } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, PHONE, shot, signIn, uniq } from './appHelpers';

let db: SupabaseClient;
let pointId = '';
const name = `Rail fissuré sur l'éclisse nord du pont ${uniq()} après le passage à niveau`;
test.beforeAll(async ({ baseURL }) => {
  db = await adminClient(baseURL!);
  const team = (await db.from('teams').select('id, name').order('name').limit(1).single()).data!;
  const r = await db.from('points').insert({ name, description: 'lignes', kilometer: '21.22', km_value: 21.22, position: { x: 5200, y: 700 },
    status: 'pris_en_charge', criticality: 'attention', team_id: team.id }).select('id').single();
  if (r.error) throw r.error;
  pointId = r.data.id as string;
});
test.afterAll(async () => { await db.from('points').delete().eq('id', pointId); });

/** Whether `el` shows its whole text: not cut inside (scrollWidth) and inside its row's box, both boxes read at the
 * same moment (the phone's drawer slides in: two reads apart would see it at two places). */
async function wholeText(el: Locator, row: Locator): Promise<boolean> {
  const rowElement = await row.elementHandle();
  return el.evaluate((node, r) => {
    const a = node.getBoundingClientRect(), b = (r as Element).getBoundingClientRect();
    return node.scrollWidth <= node.clientWidth && a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.width > 0;
  }, rowElement);
}

/** `el` shows its whole text once the screen has settled (a drawer's slide, the header's fit). */
const expectWhole = (el: Locator, row: Locator) => expect.poll(() => wholeText(el, row), { timeout: 5_000 }).toBe(true);

async function openList(page: Page, phone: boolean): Promise<void> {
  await signIn(page);
  if (phone) await page.getByRole('button', { name: 'Afficher la liste' }).click();
}

for (const [label, viewport, phone] of [['320 px', { width: 320, height: 700 }, true], ['phone', PHONE, true], ['desktop', DESKTOP, false]] as const) {
  test(`${label}: a point row shows the whole PK, the status, date and team, the label ellipsised with its full text`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openList(page, phone);
    const row = page.locator('.point-row').filter({ has: page.getByRole('checkbox', { name: `Sélectionner ${name}` }) });
    await expect(row).toBeVisible({ timeout: 30_000 });
    const pk = row.locator('.point-row-pk');
    await expect(pk).toHaveText('PK 21,22');
    await expectWhole(pk, row);
    const status = row.locator('.status-badge');
    await expect(status).toHaveText('En cours');
    await expectWhole(status, row);
    const date = row.locator('.list-row-date');
    await expect(date).toHaveText(/^\d\d\/\d\d\/\d{4}$/);
    await expectWhole(date, row);
    const team = row.locator('.list-row-team');
    await expect(team).not.toHaveText('');
    expect(((await team.boundingBox())?.width ?? 0)).toBeGreaterThan(30);
    const title = row.locator('.list-row-title');
    await expect(title).toHaveAttribute('title', name);
    expect(await title.evaluate((n) => getComputedStyle(n).textOverflow)).toBe('ellipsis');
    // Every row drawn: the PK whole.
    const pks = page.locator('.point-row-pk');
    const n = await pks.count();
    expect(n).toBeGreaterThan(3);
    for (let i = 0; i < n; i++) {
      await expect(pks.nth(i)).toHaveText(/^PK \d+,\d\d$/);
      expect(await pks.nth(i).evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true);
    }
    await shot(page, `list-rows-${label.replace(' ', '')}`);

    // 'Par zone': every zone's PK range whole (the admin's rows have edit and delete buttons).
    await page.getByRole('tab', { name: 'Par zone' }).click();
    const zoneRows = page.locator('.zone-row');
    await expect(zoneRows.first()).toBeVisible();
    const z = await zoneRows.count();
    let ranges = 0;
    for (let i = 0; i < z; i++) {
      const r = zoneRows.nth(i).locator('.zone-row-pk');
      if (await r.count() === 0) continue;
      ranges++;
      await expect(r).toHaveText(/^PK \d+,\d\d – \d+,\d\d$/);
      await expectWhole(r, zoneRows.nth(i));
    }
    expect(ranges).toBeGreaterThan(0);
    await shot(page, `list-zones-${label.replace(' ', '')}`);
  });
}
