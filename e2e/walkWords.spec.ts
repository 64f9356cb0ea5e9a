// Words of a new user's day (docs/product.md): a point's 'Historique' puts 'Voir le texte complet' under the line of
// the shortened field (not under the entry's first line), and the administration names its two line tabs apart
// ('Lignes', 'Règle PK et image'), on a desktop and a phone.
import { test, expect } from '@playwright/test';
import { adminClient, DESKTOP, headerAction, PHONE, shot, signIn, uniq } from './appHelpers';
import { openPanel } from './adminHelpers';

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });
  test("the history's full text sits under the 'Description' line of an entry that also changed the status", async ({ page, baseURL }) => {
    const db = await adminClient(baseURL!);
    const name = `Historique ${uniq()}`;
    const long = 'Traverse fissurée sur quarante centimètres côté voie 2, à remplacer avant la fin du mois prochain sans faute';
    const ins = await db.from('points').insert({ name, description: 'Fissure', kilometer: '12.40', km_value: 12.4, position: { x: 3000, y: 700 }, status: 'signale', criticality: 'danger' })
      .select('id, updated_at').single();
    if (ins.error) throw ins.error;
    // Status first, then the description: the entry's first line is the status.
    const up = await db.from('points').update({ status: 'pris_en_charge', description: long, updated_at: ins.data.updated_at }).eq('id', ins.data.id);
    expect(up.error).toBeNull();

    await signIn(page);
    if (await page.locator('.sidebar.sidebar-closed').count()) await page.getByRole('button', { name: 'Afficher la liste' }).click();
    await page.getByRole('button', { name: `Modifier ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
    await dialog.getByRole('button', { name: 'Historique' }).click();
    const items = dialog.locator('.point-history-list > li');
    const statusLine = items.filter({ hasText: /^Statut : Signalé → En cours/ });
    const descLine = items.filter({ hasText: /^Description : « Fissure » →/ });
    await expect(statusLine).toHaveCount(1);
    await expect(descLine).toHaveCount(1);
    await expect(statusLine.getByText('Voir le texte complet')).toHaveCount(0);
    await descLine.getByText('Voir le texte complet').click();
    await expect(descLine.locator('dd').nth(1)).toHaveText(long);
    await shot(page, 'desktop-history-full-text');
    expect((await db.from('points').delete().eq('id', ins.data.id)).error).toBeNull();
  });

  test("the administration's line tabs have distinct names", async ({ page }) => {
    await signIn(page);
    const panel = await openPanel(page);
    await expect(panel.getByRole('tab', { name: 'Lignes', exact: true })).toHaveCount(1);
    await expect(panel.getByRole('tab', { name: 'Ligne', exact: true })).toHaveCount(0);
    await panel.getByRole('tab', { name: 'Règle PK et image', exact: true }).click();
    await expect(panel.getByRole('heading', { name: 'Ligne : règle kilométrique et image' })).toBeVisible();
    await shot(page, 'desktop-admin-line-tabs');
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  test("the administration's line tabs have distinct names on a phone", async ({ page }) => {
    await signIn(page);
    await headerAction(page, 'Administration');
    const panel = page.getByRole('dialog', { name: 'Administration' });
    await panel.getByRole('tab', { name: 'Règle PK et image', exact: true }).click();
    await expect(panel.getByRole('heading', { name: 'Ligne : règle kilométrique et image' })).toBeVisible();
    await expect(panel.getByRole('tab', { name: 'Ligne', exact: true })).toHaveCount(0);
    await shot(page, 'phone-admin-line-tabs');
  });
});
