// Administration end to end: teams, zones and criticality levels.
// Tests restore what they change (own teams, levels, markers, settings) so other specs see the seed unchanged.
import { test, expect } from '@playwright/test';
import { uniq, adminClient, login, openPanel, closePanel } from './adminHelpers';

test('Équipes: cards with statistics, create/edit/delete, refusals', async ({ page }) => {
  await login(page);
  const panel = await openPanel(page, 'Équipes');
  await expect(panel.getByRole('heading', { name: 'Gestion des équipes' })).toBeVisible();
  const cards = panel.locator('.team-card');
  await expect(cards.first()).toBeVisible();
  // Progress = resolved / total, rounded.
  for (const card of await cards.all()) {
    const total = Number(await card.locator('[data-stat="total"]').textContent());
    const resolved = Number(await card.locator('[data-stat="resolved"]').textContent());
    const pct = total ? Math.round((resolved / total) * 100) : 0;
    await expect(card.locator('[data-stat="percent"]')).toHaveText(`${pct} %`);
    await expect(card).toContainText(/membre/);
    await expect(card).toContainText(/Créée le \d{2}\/\d{2}\/\d{4}/);
  }
  // A seeded team used by points cannot be deleted.
  let usedName = '';
  for (const c of await cards.all()) if (Number(await c.locator('[data-stat="total"]').textContent()) > 0) { usedName = (await c.locator('.admin-card-title').textContent())!; break; }
  expect(usedName).not.toBe('');
  const usedCard = panel.locator(`.team-card[data-team="${usedName}"]`);
  await usedCard.getByRole('button', { name: `Supprimer ${usedName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText(`Êtes-vous sûr de vouloir supprimer « ${usedName} » ?`);
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(confirm.getByText('Impossible de supprimer cette équipe car elle est utilisée par des signalements')).toBeVisible();
  // The refusal is final: the red button is no longer active.
  await expect(confirm.getByRole('button', { name: 'Oui, supprimer définitivement' })).toBeDisabled();
  await confirm.getByRole('button', { name: 'Annuler' }).click();

  // Create: name required (trimmed), then saved.
  await panel.getByRole('button', { name: 'Nouvelle équipe' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle équipe' });
  await form.getByLabel('Nom').fill('   ');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText("Le nom de l'équipe est obligatoire")).toBeVisible();
  const name = `Équipe E2E ${uniq()}`;
  await form.getByLabel('Nom').fill(`  ${name}  `);
  await form.getByLabel('Description').fill('Créée par le test de bout en bout');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  const card = panel.locator(`.team-card[data-team="${name}"]`);
  await expect(card).toContainText('0 membre');
  await expect(card.locator('[data-stat="percent"]')).toHaveText('0 %');
  await expect(card).toContainText('Créée par le test de bout en bout');

  // Edit.
  await card.getByRole('button', { name: `Modifier ${name}` }).click();
  const edit = page.getByRole('dialog', { name: "Modifier l'équipe" });
  await expect(edit.getByLabel('Nom')).toHaveValue(name);
  await edit.getByLabel('Nom').fill(`${name} bis`);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  const renamed = panel.locator(`.team-card[data-team="${name} bis"]`);
  await expect(renamed).toBeVisible();

  // Delete (unused team).
  await renamed.getByRole('button', { name: `Supprimer ${name} bis` }).click();
  await page.getByRole('dialog', { name: 'Confirmer la suppression' }).getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(renamed).toHaveCount(0);
  await closePanel(page); // reopening the panel reloads the tab from the database
  await openPanel(page, 'Équipes');
  await expect(page.locator(`.team-card[data-team="${name} bis"]`)).toHaveCount(0);
});

test('Zones: list with colour, track and PK range; edit; delete', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const zname = `Zone E2E ${uniq()}`;
  const ins = await db.from('zones').insert({ name: zname, color: '#3B82F6', track: 'voie_1', points: [{ x: 100, y: 100 }, { x: 200, y: 100 }, { x: 150, y: 200 }], km_start: null, km_end: null }).select().single();
  expect(ins.error).toBeNull();

  await login(page);
  const panel = await openPanel(page, 'Zones');
  await expect(panel.getByRole('heading', { name: 'Gestion des zones' })).toBeVisible();
  const rows = panel.locator('.zone-row');
  expect(await rows.count()).toBeGreaterThan(1);
  await expect(rows.first()).toContainText(/PK \d+,\d{2} → \d+,\d{2}/);
  await expect(rows.first().locator('.track-badge')).toHaveText(/Voie [12]|Aucune voie/);

  const row = panel.locator(`.zone-row[data-zone="${zname}"]`);
  await expect(row).toContainText('Voie 1');
  await row.getByRole('button', { name: `Modifier ${zname}` }).click();
  const form = page.getByRole('dialog', { name: 'Modifier la zone' });
  await expect(form.getByRole('button', { name: /Choisir la couleur/ })).toHaveCount(8); // docs/product.md#constants: 8 presets here
  await form.getByLabel('Nom de la zone').fill(' ');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Le nom de la zone est obligatoire')).toBeVisible();
  await form.getByLabel('Nom de la zone').fill(`${zname} modifiée`);
  await form.getByLabel('Voie').selectOption('voie_2');
  await form.getByRole('button', { name: 'Choisir la couleur #22c55e' }).click();
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  const edited = panel.locator(`.zone-row[data-zone="${zname} modifiée"]`);
  await expect(edited).toContainText('Voie 2');
  const saved = await db.from('zones').select('name, track, color').eq('id', ins.data.id).single();
  expect(saved.data).toEqual({ name: `${zname} modifiée`, track: 'voie_2', color: '#22c55e' });

  await edited.getByRole('button', { name: `Supprimer ${zname} modifiée` }).click();
  await page.getByRole('dialog', { name: 'Confirmer la suppression' }).getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(edited).toHaveCount(0);
  // The row leaves the list as soon as the delete is sent: wait for the database to agree.
  await expect.poll(async () => (await db.from('zones').select('id').eq('id', ins.data.id)).data).toEqual([]);
});

test('Criticité: defaults, create with preview, reorder by keyboard, in-use and default refusals, delete', async ({ page, baseURL }) => {
  await login(page);
  const panel = await openPanel(page, 'Criticité');
  await expect(panel.getByRole('heading', { name: 'Niveaux de criticité' })).toBeVisible();
  const rows = panel.locator('.level-row');
  await expect(rows.nth(0)).toContainText('Attention sur ce risque');
  await expect(rows.nth(0)).toContainText('Par défaut');
  await expect(rows.nth(1)).toContainText('Danger sécurité');

  // Default level: refused without a confirmation.
  await rows.nth(0).getByRole('button', { name: 'Supprimer Attention sur ce risque' }).click();
  await expect(panel.getByText('Impossible de supprimer un niveau par défaut')).toBeVisible();

  // Create.
  await panel.getByRole('button', { name: 'Nouveau niveau' }).click();
  const form = page.getByRole('dialog', { name: 'Nouveau niveau de criticité' });
  await expect(form.getByLabel('Code hexadécimal')).toHaveValue('#ef4444');
  await expect(form.getByRole('button', { name: /Choisir la couleur/ })).toHaveCount(12);
  await expect(form.getByRole('radio')).toHaveCount(12);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Le nom est obligatoire')).toBeVisible();
  const name = `Risque E2E ${uniq()}`;
  await form.getByLabel('Nom').fill(name);
  await form.getByRole('button', { name: 'Choisir la couleur #8b5cf6' }).click();
  await form.getByRole('radio', { name: 'Éclair' }).click();
  await expect(form.getByTestId('level-preview')).toContainText(name);
  await expect(form.getByTestId('level-preview').locator('.level-badge')).toHaveCSS('color', 'rgb(139, 92, 246)');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  const mine = panel.locator('.level-row').filter({ hasText: name });
  await expect(mine).toContainText('Ordre 2');
  await expect(panel.locator('.level-row').last()).toContainText(name);

  // Reorder with the keyboard: focus 'Monter' and press Enter; the order is saved.
  await mine.getByRole('button', { name: `Monter « ${name} »` }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.locator('.level-row').nth(1)).toContainText(name);
  const db = await adminClient(baseURL!);
  const ordered = (await db.from('criticality_levels').select('id, name, order').order('order')).data!;
  expect(ordered.map((l) => l.name)).toEqual(['Attention sur ce risque', name, 'Danger sécurité']);
  await closePanel(page); // reopening the panel reloads the tab from the database
  const panel2 = await openPanel(page, 'Criticité');
  await expect(panel2.locator('.level-row').nth(1)).toContainText(name);
  await panel2.locator('.level-row').nth(1).getByRole('button', { name: `Descendre « ${name} »` }).click();
  await expect(panel2.locator('.level-row').nth(2)).toContainText(name);

  // In use: refused with the count.
  const id = ordered.find((l) => l.name === name)!.id;
  const p = await db.from('points').insert({ name: 'Point E2E', description: 'x', kilometer: '10.00', km_value: 10, position: { x: 50, y: 50 }, status: 'signale', criticality: id }).select('id').single();
  expect(p.error).toBeNull();
  const row = panel2.locator('.level-row').filter({ hasText: name });
  await row.getByRole('button', { name: `Supprimer ${name}` }).click();
  let confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(confirm.getByText('Impossible de supprimer ce niveau car il est utilisé par 1 signalement(s)')).toBeVisible();
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  expect((await db.from('points').delete().eq('id', p.data!.id)).error).toBeNull();

  // Edit then delete.
  await row.getByRole('button', { name: `Modifier ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le niveau de criticité' });
  await expect(edit.getByLabel('Nom')).toHaveValue(name);
  await edit.getByRole('button', { name: 'Annuler' }).click();
  await row.getByRole('button', { name: `Supprimer ${name}` }).click();
  confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(panel2.locator('.level-row').filter({ hasText: name })).toHaveCount(0);
  // The list may briefly empty while it reloads: wait for the database to agree.
  await expect.poll(async () => (await db.from('criticality_levels').select('id').eq('id', id)).data).toEqual([]);
});
