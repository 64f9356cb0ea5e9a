// 'Assigné à' in bulk changes (docs/product.md#bulk-changes) in Chromium against the embedded server: three
// reports of one team assigned to its member after the confirmation naming the count and the person (written in
// the database, no 'Annuler la modification'), then unassigned; a selection spanning two teams cannot be assigned.
import { expect } from '@playwright/test';
import { test } from './support/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, PHONE, shot, signIn, uniq } from './appHelpers';
import { teamMember } from './memberHelpers';

async function teamPoints(db: SupabaseClient, prefix: string, teamId: string, n: number, x0: number): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i + 1}`, description: 'lot', kilometer: '12.60', km_value: 12.6,
    position: { x: x0 + i * 5, y: 700 }, status: 'signale', criticality: 'attention', team_id: teamId }));
  const r = await db.from('points').insert(rows).select('id, name');
  expect(r.error).toBeNull();
  return (r.data ?? []).sort((a, b) => String(a.name).localeCompare(String(b.name))).map((x) => x.id as string);
}
const assignees = async (db: SupabaseClient, ids: string[]) =>
  ((await db.from('points').select('id, assignee_id').in('id', ids)).data ?? []).map((r) => r.assignee_id as string | null);

for (const [device, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test(`${device}: assign the selected points of one team to its member, then to nobody`, async ({ browser, baseURL }) => {
    const db = await adminClient(baseURL!);
    const tag = uniq();
    const team = (await db.from('teams').insert({ name: `Équipe Lot ${tag}` }).select('id').single()).data!.id as string;
    const other = (await db.from('teams').insert({ name: `Équipe Autre ${tag}` }).select('id').single()).data!.id as string;
    const email = `lot.${tag}@rail.local`;
    const memberId = await teamMember(baseURL!, db, email, team);
    const prefix = `Lot ${tag}`;
    const ids = await teamPoints(db, prefix, team, 3, 3100);
    const [outsider] = await teamPoints(db, `Autre ${tag}`, other, 1, 3200);

    const context = await browser.newContext(device === 'phone' ? { viewport, isMobile: true, hasTouch: true } : { viewport });
    const page = await context.newPage();
    await signIn(page);
    if (device === 'phone') await page.getByRole('button', { name: 'Afficher la liste' }).click();
    for (let i = 1; i <= 3; i++) {
      const box = page.getByRole('checkbox', { name: `Sélectionner ${prefix} ${i}` });
      await expect(box).toBeVisible({ timeout: 30_000 });
      await box.click();
    }
    const bar = page.getByRole('region', { name: 'Actions sur la sélection' });
    await expect(bar.getByText('3 sélectionnés')).toBeVisible();
    const pick = bar.getByLabel('Assigné à');
    await expect(pick.locator('option')).toHaveText(['— Changer —', 'Personne', email]);
    await pick.selectOption(memberId);
    const ask = page.getByRole('dialog', { name: 'Modifier ces 3 signalements' });
    await expect(ask).toContainText(`Les 3 signalements sélectionnés seront assignés à « ${email} ».`);
    await shot(page, `bulk-assignee-${device}`);
    await ask.getByRole('button', { name: 'Appliquer' }).click();
    await expect(bar.getByText('3 signalement(s) modifié(s).')).toBeVisible({ timeout: 30_000 });
    expect(await assignees(db, ids)).toEqual([memberId, memberId, memberId]);
    await expect(bar.getByRole('button', { name: 'Annuler la modification' })).toHaveCount(0);

    // Still selected (the status did not change): to nobody.
    await expect(bar.getByText('3 sélectionnés')).toBeVisible();
    await pick.selectOption('Personne');
    const again = page.getByRole('dialog', { name: 'Modifier ces 3 signalements' });
    await expect(again).toContainText('Les 3 signalements sélectionnés ne seront plus assignés.');
    await again.getByRole('button', { name: 'Appliquer' }).click();
    await expect.poll(() => assignees(db, ids), { timeout: 30_000 }).toEqual([null, null, null]);

    // A report of another team joins the selection: no assignee can be picked, and the bar says why.
    const box = page.getByRole('checkbox', { name: `Sélectionner Autre ${tag} 1` });
    await box.click();
    await expect(bar.getByText('4 sélectionnés')).toBeVisible();
    await expect(pick).toBeDisabled();
    await expect(bar.getByText('Pour assigner, sélectionnez des signalements d’une même équipe.')).toBeVisible();
    expect(await assignees(db, [outsider])).toEqual([null]);
    await context.close();
  });
}
