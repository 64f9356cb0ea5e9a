// Keyboard-only capture: in Signaler or Zone mode, with the map focused, a centre crosshair shows;
// the arrows move the view, Enter or Space places the point or a zone vertex at the centre; the mode and each
// result are announced in an aria-live region.
import { test, expect } from '@playwright/test';
import { adminClient, DESKTOP, signIn, uniq } from './appHelpers';

test.use({ viewport: DESKTOP });

test('a point and a zone placed with the keyboard only', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  await signIn(page);
  const canvas = page.getByTestId('map-canvas');
  const announcer = page.getByTestId('map-announcer');
  const crosshair = page.getByTestId('map-crosshair');

  // Signaler, by keyboard.
  await page.getByRole('button', { name: 'Signaler' }).focus();
  await page.keyboard.press('Enter');
  await expect(announcer).toContainText('Mode Signaler');
  await canvas.focus();
  await expect(crosshair).toBeVisible();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await expect(dialog).toBeVisible();
  await expect(announcer).toContainText('formulaire de signalement ouvert');
  const name = `Clavier ${uniq()}`;
  await expect(dialog.getByLabel('Libellé')).toBeFocused(); // a new point's form starts in its first field
  await page.keyboard.type(name);
  await dialog.getByLabel('Description').focus();
  await page.keyboard.type('Signalé au clavier.');
  await dialog.getByRole('button', { name: 'Enregistrer' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden({ timeout: 20_000 });
  const p = (await db.from('points').select('id, position').eq('name', name).single()).data!;
  expect(p.position.x).toBeGreaterThan(0);

  // Zone: three vertices with Space / Enter, moving the view between them.
  await page.getByRole('button', { name: 'Zone', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(announcer).toContainText('Mode Zone');
  await canvas.focus();
  await expect(crosshair).toBeVisible();
  for (let i = 0; i < 3; i++) await page.keyboard.press('+'); // zoomed in, the view can move both ways
  await page.keyboard.press(' ');
  await expect(announcer).toContainText('Sommet 1 ajouté');
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(announcer).toContainText('Sommet 2 ajouté');
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(announcer).toHaveText(/^Sommet 3 ajouté au PK \d+,\d{2}\. Vous pouvez valider la zone\.$/);
  await page.getByRole('button', { name: 'Valider la zone' }).focus();
  await page.keyboard.press('Enter');
  const zoneDialog = page.getByRole('dialog', { name: 'Créer une zone' });
  await expect(zoneDialog).toBeVisible();
  const zoneName = `Zone clavier ${uniq()}`;
  await expect(zoneDialog.getByLabel('Nom de la zone')).toBeFocused();
  await page.keyboard.type(zoneName);
  await page.keyboard.press('Enter');
  await expect(zoneDialog).toBeHidden({ timeout: 20_000 });
  const z = (await db.from('zones').select('id, points').eq('name', zoneName).single()).data!;
  expect(z.points).toHaveLength(3);
  const [a, b, c] = z.points as { x: number; y: number }[];
  expect(b.x).toBeLessThan(a.x); // the view moved left between the first two vertices
  expect(c.y).toBeLessThan(b.y);
  await db.from('zones').delete().eq('id', z.id);
  await db.from('points').delete().eq('id', p.id);
});
