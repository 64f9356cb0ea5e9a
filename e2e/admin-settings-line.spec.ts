// Administration end to end: settings and the 'Règle PK et image' tab (markers, line image).
// Tests restore what they change (own teams, levels, markers, settings) so other specs see the seed unchanged.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { uniq, adminClient, login, openPanel, closePanel, pngOfSize } from './adminHelpers';

test('Paramètres: feedback link validation, save, 3 s success, header link updated', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const original = (await db.from('app_settings').select('value').eq('key', 'feedback_link').maybeSingle()).data?.value ?? '';
  await login(page);
  const panel = await openPanel(page, 'Paramètres');
  await expect(panel.getByRole('heading', { name: "Paramètres de l'application" })).toBeVisible();
  const input = panel.getByLabel(/Lien d'avis/);
  const save = panel.getByRole('button', { name: 'Enregistrer', exact: true });
  await input.fill('pas une url');
  await expect(panel.getByText("Le lien d'avis doit être une URL valide")).toBeVisible();
  await expect(save).toBeDisabled();
  const url = `https://avis.example.org/${uniq()}`;
  await input.fill(url);
  await expect(save).toBeEnabled();
  const event = page.evaluate(() => new Promise<string>((resolve) => window.addEventListener('feedbackLinkUpdated', (e) => resolve(String((e as CustomEvent).detail)), { once: true })));
  await save.click();
  await expect(panel.getByText('Paramètres sauvegardés avec succès')).toBeVisible();
  expect(await event).toBe(url);
  await expect(panel.getByText('Paramètres sauvegardés avec succès')).toBeHidden({ timeout: 4_500 }); // 3 s, docs/product.md#constants
  expect((await db.from('app_settings').select('value').eq('key', 'feedback_link').single()).data?.value).toBe(url);
  await closePanel(page);
  // In the header, or in 'Plus d'actions' when the header has no room for it (1280 px here).
  await page.getByRole('button', { name: "Plus d'actions" }).click();
  await expect(page.getByRole('link', { name: 'Laisser un Avis' }).or(page.getByRole('menuitem', { name: 'Laisser un Avis' }))).toHaveAttribute('href', url);
  await page.keyboard.press('Escape');

  // Empty is allowed (hides the link again).
  const panel2 = await openPanel(page, 'Paramètres');
  await panel2.getByLabel(/Lien d'avis/).fill('');
  await expect(panel2.getByRole('button', { name: 'Enregistrer', exact: true })).toBeEnabled();
  await panel2.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(panel2.getByText('Paramètres sauvegardés avec succès')).toBeVisible();
  await closePanel(page);
  await page.getByRole('button', { name: "Plus d'actions" }).click();
  await expect(page.getByRole('menuitem', { name: 'Tournées' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Laisser un Avis' }).or(page.getByRole('menuitem', { name: 'Laisser un Avis' }))).toHaveCount(0);
  await page.keyboard.press('Escape');
  expect((await db.from('app_settings').select('value').eq('key', 'feedback_link').single()).data?.value).toBe('');

  // Restore the seed's link for the other specs.
  const panel3 = await openPanel(page, 'Paramètres');
  await panel3.getByLabel(/Lien d'avis/).fill(original);
  await panel3.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(panel3.getByText('Paramètres sauvegardés avec succès')).toBeVisible();
  expect((await db.from('app_settings').select('value').eq('key', 'feedback_link').single()).data?.value).toBe(original);
});

test('Ligne: add a marker on the ruler, edit it, drag it, delete it; zones PK kept; line image size warning and replacement', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  // The 'Règle PK et image' tab opens on the first line; the e2e server has others (SEED_LINES=3) with their own markers and zones.
  const lineId = (await db.from('lines').select('id').order('sort').limit(1).single()).data!.id as string;
  const before = (await db.from('kilometer_markers').select('id, position, value').eq('line_id', lineId).order('position')).data!;
  const zonesBefore = (await db.from('zones').select('id, km_start, km_end').eq('line_id', lineId).order('id')).data!;
  expect(before.length).toBeGreaterThanOrEqual(2);

  await login(page);
  const panel = await openPanel(page, 'Règle PK et image');
  await expect(panel.getByText(`Marqueurs PK (${before.length})`)).toBeVisible();
  await expect(panel.getByText('Ajoutez au moins deux marqueurs PK')).toHaveCount(0);

  // Add: click the ruler band between the first two markers, type the interpolated value so zones do not move.
  const band = panel.getByTestId('ruler-band');
  const box = (await band.boundingBox())!;
  const lineRow = (await db.from('lines').select('image').order('sort').limit(1).single()).data;
  const img = (lineRow?.image as { width: number } | null)?.width ?? 12000; // image px (null: the bundled image)
  const midX = (before[0].position + before[1].position) / 2;
  await page.mouse.click(box.x + (midX / img) * box.width, box.y + box.height / 2);
  const prompt = panel.locator('form.marker-new');
  await expect(prompt).toContainText(/Valeur PK \(km\) du marqueur à la position \d+ px/);
  const posText = (await prompt.textContent())!.match(/position (\d+) px/)![1];
  const pos = Number(posText);
  const km = before[0].value + ((pos - before[0].position) / (before[1].position - before[0].position)) * (before[1].value - before[0].value);
  await prompt.getByRole('textbox').fill('abc');
  await prompt.getByRole('button', { name: 'Ajouter' }).click();
  await expect(prompt.getByText(/PK invalide/)).toBeVisible();
  await prompt.getByRole('textbox').fill((Math.round(km * 100) / 100).toFixed(2).replace('.', ','));
  await prompt.getByRole('button', { name: 'Ajouter' }).click();
  await expect(panel.getByText(`Marqueurs PK (${before.length + 1})`)).toBeVisible();
  let after = (await db.from('kilometer_markers').select('id, position, value').eq('line_id', lineId).order('position')).data!;
  const added = after.find((m) => !before.some((b) => b.id === m.id))!;
  expect(added.position).toBe(pos);

  // Edit its value in the table, then drag its handle on the ruler.
  const label = (v: number) => `Marqueur PK ${v.toFixed(2).replace('.', ',')}`;
  const valueInput = panel.getByLabel(`PK (km) — ${label(Number(added.value))}`);
  await valueInput.fill((Number(added.value) + 0.01).toFixed(2).replace('.', ','));
  await panel.getByRole('button', { name: `Enregistrer ${label(Number(added.value))}` }).click();
  await expect.poll(async () => Number((await db.from('kilometer_markers').select('value').eq('id', added.id).single()).data!.value)).toBeCloseTo(Number(added.value) + 0.01, 2);
  const handle = panel.getByRole('slider', { name: label(Number(added.value) + 0.01) });
  const hb = (await handle.boundingBox())!;
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  await page.mouse.move(hb.x + hb.width / 2 + 8, hb.y + hb.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await db.from('kilometer_markers').select('position').eq('id', added.id).single()).data!.position).toBeGreaterThan(pos);
  // Keyboard: ← moves it by 10 image px (saved after a short pause).
  const posOf = async () => (await db.from('kilometer_markers').select('position').eq('id', added.id).single()).data!.position as number;
  const dragged = await posOf();
  await handle.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(posOf, { timeout: 5_000 }).toBe(dragged - 10);

  // Delete with confirmation: markers and zone PK ranges are back to the seed.
  const rowDelete = panel.getByRole('button', { name: new RegExp(`^Supprimer Marqueur PK ${(Number(added.value) + 0.01).toFixed(2).replace('.', ',')}$`) });
  await rowDelete.click();
  await page.getByRole('dialog', { name: 'Confirmer la suppression' }).getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(panel.getByText(`Marqueurs PK (${before.length})`)).toBeVisible();
  after = (await db.from('kilometer_markers').select('id, position, value').eq('line_id', lineId).order('position')).data!;
  expect(after).toEqual(before);
  await page.waitForTimeout(1_000); // nothing pending may re-create it
  expect((await db.from('kilometer_markers').select('id, position, value').eq('line_id', lineId).order('position')).data).toEqual(before);
  expect((await db.from('zones').select('id, km_start, km_end').eq('line_id', lineId).order('id')).data).toEqual(zonesBefore);

  // Line image: a different size warns (cancelled); the same size replaces without warning.
  const input = panel.getByTestId('line-image-input');
  await input.setInputFiles({ name: 'petite.png', mimeType: 'image/png', buffer: pngOfSize(600, 100) });
  await expect(panel.getByText(/la nouvelle image mesure 600 × 100 px au lieu de 12000 × 1500 px/)).toBeVisible();
  await panel.locator('.line-image-chosen').getByRole('button', { name: 'Annuler' }).click();
  await input.setInputFiles({ name: 'line.png', mimeType: 'image/png', buffer: readFileSync('public/line.png') });
  await expect(panel.getByText('line.png — 12000 × 1500 px')).toBeVisible();
  await expect(panel.getByText(/la nouvelle image mesure/)).toHaveCount(0);
  await panel.getByRole('button', { name: "Remplacer l'image" }).click();
  // Cut into 108 tiles and uploaded first (as in line-image-tiles.spec.ts): beyond 10 s on a loaded machine.
  await expect(page.getByText('Image de la ligne remplacée')).toBeVisible({ timeout: 60_000 });
  const parsed = (await db.from('lines').select('image').order('sort').limit(1).single()).data!.image as { url: string; width: number; height: number };
  expect(parsed).toMatchObject({ width: 12000, height: 1500 });
  expect(parsed.url).toContain('/storage/v1/object/public/line_images/line/');
  const res = await fetch(new URL(parsed.url, baseURL).toString());
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
});
