// Zone drawing and the 'Créer une zone' form end to end: three clicks, validate, name/track/colour,
// save (back to view, zone listed with its track and PK range), edit, delete with the SPEC confirmation.
import { test, expect } from '@playwright/test';
import { DESKTOP, shot, signIn, uniq } from './appHelpers';

test.use({ viewport: DESKTOP });

test('admin draws a zone, saves it, edits it and deletes it', async ({ page }) => {
  await signIn(page);
  await expect(page.locator('.point-row').first()).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Zone', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Annuler' }).first()).toBeVisible();
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  const at = (fx: number, fy: number) => page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
  // Right of the first kilometre marker, so the zone gets a PK range.
  await at(0.6, 0.2);
  await at(0.75, 0.2);
  const validate = page.getByRole('button', { name: 'Valider la zone' });
  await expect(validate).toBeDisabled();
  await at(0.75, 0.35);
  await expect(validate).toBeEnabled();
  await validate.click();

  const dialog = page.getByRole('dialog', { name: 'Créer une zone' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Voie 1' })).toBeChecked();
  await expect(dialog.getByLabel('Code hexadécimal')).toHaveValue('#3B82F6');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByText('Le nom de la zone est obligatoire')).toBeVisible();
  const name = `Zone E2E ${uniq()}`;
  await dialog.getByLabel('Nom de la zone').fill(name);
  await dialog.locator('label', { hasText: 'Voie 2' }).click();
  await expect(dialog.getByRole('radio', { name: 'Voie 2' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Choisir la couleur #22c55e' }).click();
  await expect(dialog.getByLabel('Code hexadécimal')).toHaveValue('#22c55e');
  await shot(page, 'desktop-zone-form');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Zone', exact: true })).toHaveAttribute('aria-pressed', 'false');

  const sidebar = page.getByRole('complementary', { name: 'Signalements' });
  await sidebar.getByRole('tab', { name: 'Par zone' }).click();
  const row = sidebar.locator('.zone-row', { hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Voie 2');
  await expect(row).toContainText(/PK \d+,\d\d – \d+,\d\d/);

  // Edit: prefilled, rename.
  await row.getByRole('button', { name: `Modifier la zone ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier la zone' });
  await expect(edit.getByLabel('Nom de la zone')).toHaveValue(name);
  await expect(edit.getByRole('radio', { name: 'Voie 2' })).toBeChecked();
  await edit.getByLabel('Nom de la zone').fill(`${name} bis`);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden({ timeout: 20_000 });
  const renamed = sidebar.locator('.zone-row', { hasText: `${name} bis` });
  await expect(renamed).toBeVisible();

  // Delete.
  await renamed.getByRole('button', { name: `Supprimer la zone ${name} bis` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await expect(confirm.getByText(`Êtes-vous sûr de vouloir supprimer « ${name} bis » ?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(confirm).toBeHidden({ timeout: 20_000 });
  await expect(sidebar.locator('.zone-row', { hasText: name })).toHaveCount(0);
});
