// No silent overwrite, in Chromium with two browser contexts: two people edit the same point, the
// second save meets the conflict dialog (field by field, keep mine / take theirs / merge the text) instead of
// reverting the first one's change; a point deleted meanwhile says so, keeps the text and can be recreated (phone).
import { expect, type Page, type Browser } from '@playwright/test';
import { test } from './support/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, writeStated, DESKTOP, PHONE, signIn, uniq } from './appHelpers';

let db: SupabaseClient;
test.beforeAll(async ({ baseURL }) => { db = await adminClient(baseURL!); });

async function newPoint(name: string, description: string): Promise<string> {
  const r = await db.from('points').insert({ name, description, kilometer: '12.50', km_value: 12.5, position: { x: 3000, y: 700 }, status: 'signale', criticality: 'attention' }).select('id').single();
  if (r.error) throw r.error;
  return r.data.id as string;
}

async function openEdit(page: Page, name: string) {
  await page.getByRole('button', { name: `Modifier ${name}` }).first().click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await expect(dialog.getByLabel('Libellé')).toHaveValue(name);
  return dialog;
}

async function signedIn(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  await signIn(page);
  return page;
}

test('two users edit one point: the later save shows what changed and keeps the first change', async ({ browser }) => {
  const name = `Conflit ${uniq()}`;
  const id = await newPoint(name, 'Traverse fissurée sur 20 cm.');
  const agent = await signedIn(browser);
  const admin = await signedIn(browser);

  // The agent opens the form first; the admin then resolves the point.
  const agentForm = await openEdit(agent, name);
  const adminForm = await openEdit(admin, name);
  await adminForm.getByLabel('Statut').selectOption('resolu');
  await adminForm.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(adminForm).toBeHidden({ timeout: 20_000 });

  // The agent saves a description change: refused by the database, the dialog lists both fields.
  await agentForm.getByLabel('Description').fill('Traverse fissurée sur 40 cm, à remplacer.');
  await agentForm.getByRole('button', { name: 'Enregistrer' }).click();
  const conflict = agent.getByRole('dialog', { name: 'Modifié par un autre utilisateur' });
  await expect(conflict).toBeVisible({ timeout: 20_000 });
  const status = conflict.locator('fieldset[data-field="status"]');
  await expect(status).toContainText('modifié par l’autre utilisateur seulement');
  await expect(status.locator('.conflict-mine')).toHaveText('Signalé');
  await expect(status.locator('.conflict-theirs')).toHaveText('Résolu');
  await expect(status.getByRole('radio', { name: "Prendre l'autre" })).toBeChecked();
  const desc = conflict.locator('fieldset[data-field="description"]');
  await expect(desc.locator('.conflict-mine')).toHaveText('Traverse fissurée sur 40 cm, à remplacer.');
  await expect(desc.getByRole('radio', { name: 'Garder la mienne' })).toBeChecked();
  await agent.screenshot({ path: 'test-results/app-screens/desktop-conflict.png' });
  await conflict.getByRole('button', { name: 'Enregistrer ces valeurs' }).click();
  await expect(conflict).toBeHidden();
  await expect(agentForm).toBeHidden({ timeout: 20_000 });

  // Both changes are in the database: the resolution was not reverted.
  const row = (await db.from('points').select('status, description').eq('id', id).single()).data!;
  expect(row).toEqual({ status: 'resolu', description: 'Traverse fissurée sur 40 cm, à remplacer.' });

  // Both change the description: the agent merges the two texts. (Back to Signalé so that the list, which hides
  // resolved points by default, shows it.)
  await writeStated(db, 'points', 'id', id, { status: 'signale' });
  await expect(agent.getByRole('button', { name: `Modifier ${name}` })).toBeVisible({ timeout: 10_000 });
  const agentForm2 = await openEdit(agent, name);
  const adminForm2 = await openEdit(admin, name);
  await adminForm2.getByLabel('Description').fill('Traverse fissurée sur 40 cm, à remplacer. OT posé le 12.');
  await adminForm2.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(adminForm2).toBeHidden({ timeout: 20_000 });
  await agentForm2.getByLabel('Description').fill('Grande traverse fissurée sur 40 cm, à remplacer.');
  await agentForm2.getByLabel('Statut').selectOption('pris_en_charge');
  await agentForm2.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(conflict).toBeVisible({ timeout: 20_000 });
  await expect(conflict.locator('fieldset[data-field="description"]')).toContainText('modifié des deux côtés');
  await conflict.locator('fieldset[data-field="description"]').getByRole('radio', { name: 'Fusionner' }).check();
  const merged = conflict.getByLabel('Description fusionné(e)');
  await expect(merged).toHaveValue('Grande traverse fissurée sur 40 cm, à remplacer. OT posé le 12.');
  // The status was changed by the agent only: kept by default, and not listed as a conflict.
  await expect(conflict.locator('fieldset[data-field="status"]')).toContainText('modifié par vous seulement');
  await conflict.getByRole('button', { name: 'Enregistrer ces valeurs' }).click();
  await expect(agentForm2).toBeHidden({ timeout: 20_000 });
  const row2 = (await db.from('points').select('status, description').eq('id', id).single()).data!;
  expect(row2).toEqual({ status: 'pris_en_charge', description: 'Grande traverse fissurée sur 40 cm, à remplacer. OT posé le 12.' });

  // Cancelling the dialog saves nothing and keeps the form.
  const agentForm3 = await openEdit(agent, name);
  await writeStated(db, 'points', 'id', id, { ticket_number: 'OT-999' });
  await agentForm3.getByLabel('Libellé').fill(`${name} bis`);
  await agentForm3.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(conflict).toBeVisible({ timeout: 20_000 });
  await conflict.getByRole('button', { name: 'Annuler' }).click();
  await expect(agentForm3.getByText('Enregistrement annulé')).toBeVisible();
  await expect(agentForm3.getByLabel('Libellé')).toHaveValue(`${name} bis`);
  expect((await db.from('points').select('name').eq('id', id).single()).data!.name).toBe(name);
  await db.from('points').delete().eq('id', id);
});

test('phone: a point deleted meanwhile says so, keeps the text in view and can be recreated', async ({ browser }) => {
  const name = `Supprimé ${uniq()}`;
  const id = await newPoint(name, 'texte initial');
  const page = await signedIn(browser, PHONE);
  await page.getByRole('button', { name: 'Afficher la liste' }).click();
  const form = await openEdit(page, name);
  await db.from('points').delete().eq('id', id);
  await form.getByLabel('Description').fill('Mon texte à ne pas perdre.');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  const alert = form.getByText('Ce signalement a été supprimé par un autre utilisateur.');
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).toBeInViewport();
  await expect(form.getByText(/vérifiez la connexion/)).toHaveCount(0);
  await expect(form.getByLabel('Description')).toHaveValue('Mon texte à ne pas perdre.');
  await form.getByRole('button', { name: 'Recréer le signalement' }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  const rows = (await db.from('points').select('id, description').eq('name', name)).data!;
  expect(rows).toHaveLength(1);
  expect(rows[0].id).not.toBe(id);
  expect(rows[0].description).toBe('Mon texte à ne pas perdre.');
  await db.from('points').delete().eq('id', rows[0].id);
});

test('phone: a stale save shows the conflict dialog, usable on a small screen', async ({ browser }) => {
  const name = `Conflit mobile ${uniq()}`;
  const id = await newPoint(name, 'texte initial');
  const page = await signedIn(browser, PHONE);
  await page.getByRole('button', { name: 'Afficher la liste' }).click();
  const form = await openEdit(page, name);
  await writeStated(db, 'points', 'id', id, { status: 'pris_en_charge' }); // someone else, meanwhile
  await form.getByLabel('Description').fill('texte du téléphone');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  const conflict = page.getByRole('dialog', { name: 'Modifié par un autre utilisateur' });
  await expect(conflict).toBeVisible({ timeout: 20_000 });
  await expect(conflict.locator('fieldset[data-field="status"] .conflict-theirs')).toHaveText('En cours');
  const apply = conflict.getByRole('button', { name: 'Enregistrer ces valeurs' });
  await apply.scrollIntoViewIfNeeded();
  await expect(apply).toBeInViewport();
  const box = (await conflict.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: 'test-results/app-screens/phone-conflict.png' });
  await apply.click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  const row = (await db.from('points').select('status, description').eq('id', id).single()).data!;
  expect(row).toEqual({ status: 'pris_en_charge', description: 'texte du téléphone' });
  await db.from('points').delete().eq('id', id);
});

test('admin: a team changed meanwhile goes through the same conflict dialog', async ({ browser }) => {
  const name = `Équipe conflit ${uniq()}`;
  const team = (await db.from('teams').insert({ name, description: 'avant' }).select('id').single()).data!;
  const page = await signedIn(browser);
  await page.getByRole('button', { name: 'Administration', exact: true }).first().click();
  const panel = page.getByRole('dialog', { name: 'Administration' });
  await panel.getByRole('tab', { name: 'Équipes', exact: true }).click();
  await panel.locator(`.team-card[data-team="${name}"]`).getByRole('button', { name: `Modifier ${name}` }).click();
  const edit = page.getByRole('dialog', { name: "Modifier l'équipe" });
  await expect(edit.getByLabel('Nom')).toHaveValue(name);
  await writeStated(db, 'teams', 'id', team.id, { description: 'après, par un autre admin' });
  await edit.getByLabel('Nom').fill(`${name} bis`);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  const conflict = page.getByRole('dialog', { name: 'Modifié par un autre utilisateur' });
  await expect(conflict).toBeVisible({ timeout: 20_000 });
  await expect(conflict.locator('fieldset[data-field="description"] .conflict-theirs')).toHaveText('après, par un autre admin');
  await expect(conflict.locator('fieldset[data-field="name"] .conflict-mine')).toHaveText(`${name} bis`);
  await conflict.getByRole('button', { name: 'Enregistrer ces valeurs' }).click();
  await expect(edit).toBeHidden({ timeout: 20_000 });
  const row = (await db.from('teams').select('name, description').eq('id', team.id).single()).data!;
  expect(row).toEqual({ name: `${name} bis`, description: 'après, par un autre admin' });
  await db.from('teams').delete().eq('id', team.id);
});
