// The 'Règle PK et image' tab's 'Position sur le terrain' (docs/product.md#position), desktop: the demo line's axes and anchors
// summed up and drawn against the ruler; a CSV with PKs out of order and an unknown track refused with the rows
// named; a valid CSV with a jump imported on the generated line L3 (its axes and anchors in the database, the jump
// shown in the check).
import { test, expect } from '@playwright/test';
import { adminClient, DESKTOP, shot } from './appHelpers';
import { login, openPanel } from './adminHelpers';

test.use({ viewport: DESKTOP });

// Rows about 100 m apart heading east (0.001366° of longitude at 48.85° N), a jump 31,400 → 32,100 at one place.
const lon = (k: number) => (2.6 + k * 0.001366).toFixed(6);
const VALID = ['pk;lat;lon;voie', `31,200;48,85;${lon(0).replace('.', ',')};1`, `31,300;48,85;${lon(1).replace('.', ',')};1`, `31,400;48,85;${lon(2).replace('.', ',')};1`,
  `32,100;48,85;${lon(2).replace('.', ',')};1`, `32,200;48,85;${lon(3).replace('.', ',')};1`].join('\n');
const BAD = ['17,400;48.85;2.6;1', '17,300;48.85;2.601366;1', '17,500;48.85;2.602732;3'].join('\n');

test('Position sur le terrain: summary and check of the demo line, refused and accepted imports', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  await login(page);
  const panel = await openPanel(page, 'Règle PK et image');
  const section = panel.getByRole('region', { name: 'Position sur le terrain' });
  await expect(section.getByTestId('positions-summary')).toContainText(/Voie 1 : \d+ points de tracé, \d+ repères/);
  await expect(section.getByRole('img', { name: 'Repères de la Voie 1 sur l’échelle des PK' })).toBeVisible();
  await shot(page, 'admin-positions');

  const file = section.getByLabel('Fichier de tracé (GeoJSON ou CSV)');
  await file.setInputFiles({ name: 'mauvais.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD) });
  await expect(section.getByText('Ligne 3 : voie « 3 » inconnue (attendu 1 ou 2).')).toBeVisible();
  await file.setInputFiles({ name: 'desordre.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD.replace(';3', ';1')) });
  await expect(section.getByText('Ligne 3 : PK 17,50 hors d’ordre après PK 17,30 (ligne 2).')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Importer le tracé' })).toHaveCount(0);

  // The generated line L3 gets the valid file.
  await panel.locator('.admin-line-of-tab button').first().click();
  await page.getByRole('option', { name: /Ligne 3/ }).click();
  await expect(section.getByTestId('positions-summary')).toHaveText('Aucun tracé pour cette ligne.');
  await file.setInputFiles({ name: 'l3.csv', mimeType: 'text/csv', buffer: Buffer.from(VALID) });
  await expect(section.getByText('5 repères prêts à importer (Voie 1).')).toBeVisible();
  await section.getByRole('button', { name: 'Importer le tracé' }).click();
  await expect(section.getByTestId('positions-summary')).toHaveText('Voie 1 : 4 points de tracé, 5 repères');
  await expect(section.getByText('Saut de numérotation : PK 31,40 → PK 32,10')).toBeVisible();
  const l3 = (await db.from('lines').select('id').eq('code', 'L3').single()).data!.id as string;
  const anchors = (await db.from('line_anchors').select('pk, source').eq('line_id', l3).order('pk')).data!;
  expect(anchors.map((a) => [Number(a.pk), a.source])).toEqual([[31.2, 'import'], [31.3, 'import'], [31.4, 'import'], [32.1, 'import'], [32.2, 'import']]);
  await shot(page, 'admin-positions-imported');
});
