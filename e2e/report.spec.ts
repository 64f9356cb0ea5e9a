// Route report end to end (issue 5): sign in, open Rapport, fill the form (Min/Max, tracks, zones), generate the
// report, take a print-media screenshot, and download the Word file (name, and that it unzips with document.xml).
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { DESKTOP, shot, signIn } from './appHelpers';

test.use({ viewport: DESKTOP, acceptDownloads: true });

test('generate a route report, print it and download it as Word', async ({ page }) => {
  const longTasks: number[] = [];
  await page.exposeFunction('__reportLongTask', (ms: number) => { longTasks.push(ms); });
  await signIn(page);

  await page.getByRole('button', { name: 'Rapport', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Générer un rapport' });
  await expect(form).toBeVisible();
  // Points are loaded fresh (paged) before the form can be submitted.
  await expect(form.getByText(/signalements? chargés?/)).toBeVisible({ timeout: 30_000 });
  const submit = form.getByRole('button', { name: 'Générer le rapport' });
  await expect(submit).toBeDisabled();
  await expect(form.getByText("Veuillez sélectionner les points de départ et d'arrivée")).toBeVisible();

  // Min/Max shortcuts fill the range from the marker bounds; entering end before start is allowed (swapped).
  await form.getByRole('button', { name: "PK de départ : valeur maximale" }).click();
  await form.getByRole('button', { name: "PK d'arrivée : valeur minimale" }).click();
  const start = await form.getByRole('spinbutton', { name: 'PK de départ' }).inputValue();
  const end = await form.getByRole('spinbutton', { name: "PK d'arrivée" }).inputValue();
  expect(Number(start)).toBeGreaterThan(Number(end));

  // Both tracks are on by default; zones crossed are listed and selected.
  await expect(form.getByRole('button', { name: 'Voie 1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByRole('button', { name: 'Voie 2' })).toHaveAttribute('aria-pressed', 'true');
  const zoneBoxes = form.locator('.report-zones-list input[type=checkbox]');
  await expect(zoneBoxes.first()).toBeVisible();
  const zoneCount = await zoneBoxes.count();
  expect(zoneCount).toBeGreaterThan(1);
  await expect(form.locator('.report-zones-list input[type=checkbox]:checked')).toHaveCount(zoneCount);

  // No zone selected: the SPEC §5 message and a disabled button; 'Tout sélectionner' brings them back.
  await form.getByRole('button', { name: 'Tout désélectionner' }).click();
  await expect(form.getByText('Veuillez sélectionner au moins une zone')).toBeVisible();
  await expect(submit).toBeDisabled();
  await form.getByRole('button', { name: 'Tout sélectionner' }).click();
  await expect(submit).toBeEnabled();
  await shot(page, 'report-form');
  await submit.click();

  const view = page.getByRole('dialog', { name: 'Rapport de parcours' });
  await expect(view).toBeVisible({ timeout: 30_000 });
  // Display values are kept as entered (start > end), the report itself uses the sorted range.
  await expect(view.locator('.report-range-title')).toContainText(`PK ${Number(start).toFixed(2).replace('.', ',')} → PK ${Number(end).toFixed(2).replace('.', ',')}`);
  await expect(view.getByText('Anomalies non résolues', { exact: true })).toBeVisible();
  await expect(view.getByText('Zones avec anomalies', { exact: true })).toBeVisible();
  await expect(view.getByText('Dangers sécurité', { exact: true })).toBeVisible();
  const unresolved = Number(await view.locator('.report-stat-total dd').textContent());
  expect(unresolved).toBeGreaterThan(0);
  const rows = view.locator('.report-row');
  await expect(rows).toHaveCount(unresolved);
  await expect(view.locator('.report-section').first()).toBeVisible();
  await shot(page, 'report-view');

  // Print media: only the report, no app chrome.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeHidden();
  await expect(view.getByRole('button', { name: 'Télécharger Word' })).toBeHidden();
  const printed = await page.locator('.report-view').boundingBox();
  expect(printed && printed.height).toBeGreaterThan(500); // the report itself is laid out for print
  await page.screenshot({ path: 'test-results/app-screens/report-print.png', fullPage: true });
  await page.pdf({ path: 'test-results/app-screens/report-print.pdf', format: 'A4', printBackground: true }); // real print layout
  await page.emulateMedia({ media: 'screen' });

  // Word download through the docx worker, with the main thread watched for long tasks meanwhile.
  await page.evaluate(() => {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as unknown as { __reportLongTask: (ms: number) => void }).__reportLongTask(e.duration); }).observe({ type: 'longtask' });
  });
  const downloadPromise = page.waitForEvent('download', { timeout: 60_000 });
  await view.getByRole('button', { name: 'Télécharger Word' }).click();
  const download = await downloadPromise;
  const name = download.suggestedFilename();
  expect(name).toMatch(/^rapport_parcours_PK\d+-\d{2}_PK\d+-\d{2}_\d{4}-\d{2}-\d{2}\.docx$/);
  expect(name).toContain(`PK${Number(start).toFixed(2).replace('.', '-')}_PK${Number(end).toFixed(2).replace('.', '-')}`);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const xml = strFromU8(files['word/document.xml']);
  expect(xml).toContain('Rapport de parcours');
  expect(xml).not.toMatch(/<w:fldSimple|<w:instrText/);
  const firstLabel = (await view.locator('.report-row .report-label').first().textContent())!;
  expect(xml).toContain(firstLabel.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;'));
  await expect(view.getByText(/Rapport téléchargé/)).toBeVisible();
  console.log(`report: ${unresolved} anomalies, ${zoneCount} zones listed, docx ${name}, media files ${Object.keys(files).filter((f) => f.startsWith('word/media/')).length}, longest main-thread task during generation ${longTasks.length ? Math.max(...longTasks).toFixed(0) : 0} ms`);

  // Fermer returns to the map (view mode).
  await view.getByRole('button', { name: 'Fermer' }).last().click();
  await expect(view).toBeHidden();
  await expect(page.getByRole('button', { name: 'Rapport', exact: true })).toBeVisible();
});
