// Route report end to end: sign in, open Rapport (ready at once,
// no red message before acting), fill the form (Min/Max, tracks, zones), generate the virtualised report, print it
// (page count first, then a PDF: pages counted, no word cut), and download the Word file.
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { DESKTOP, PHONE, shot, signIn } from './appHelpers';

test.use({ viewport: DESKTOP, acceptDownloads: true });

test('generate a route report, print it and download it as Word', async ({ page }) => {
  const longTasks: number[] = [];
  await page.exposeFunction('__reportLongTask', (ms: number) => { longTasks.push(ms); });
  await signIn(page);

  await page.getByRole('button', { name: 'Rapport', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Générer un rapport' });
  await expect(form).toBeVisible();
  // The form reads the points already loaded (no reload) and shows no red message before the user acts.
  await expect(form.getByText(/signalements? chargés?/)).toBeVisible({ timeout: 30_000 });
  const submit = form.getByRole('button', { name: 'Générer le rapport' });
  await expect(submit).toBeDisabled();
  await expect(form.locator('.field-error')).toHaveCount(0);
  // The report header has no empty band under it — checked on the view below.

  // Min/Max shortcuts fill the range from the marker bounds; entering end before start is allowed (swapped).
  await form.getByRole('button', { name: "PK de départ : valeur maximale" }).click();
  await expect(form.getByText("Veuillez sélectionner les points de départ et d'arrivée")).toBeVisible();
  await form.getByRole('button', { name: "PK d'arrivée : valeur minimale" }).click();
  const start = await form.getByRole('textbox', { name: 'PK de départ' }).inputValue();
  const end = await form.getByRole('textbox', { name: "PK d'arrivée" }).inputValue();
  expect(start).toMatch(/^\d+,\d\d$/);
  const kmOf = (t: string) => Number(t.replace(',', '.'));
  expect(kmOf(start)).toBeGreaterThan(kmOf(end));

  // Both tracks are on by default; zones crossed are listed and selected.
  await expect(form.getByRole('button', { name: 'Voie 1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(form.getByRole('button', { name: 'Voie 2' })).toHaveAttribute('aria-pressed', 'true');
  const zoneBoxes = form.locator('.report-zones-list input[type=checkbox]');
  await expect(zoneBoxes.first()).toBeVisible();
  const zoneCount = await zoneBoxes.count();
  expect(zoneCount).toBeGreaterThan(1);
  await expect(form.locator('.report-zones-list input[type=checkbox]:checked')).toHaveCount(zoneCount);

  // No zone selected: the docs/product.md#report-rules message and a disabled button; 'Tout sélectionner' brings them back.
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
  await expect(view.locator('.report-range-title')).toContainText(`PK ${start} → PK ${end}`);
  await expect(view.getByText('Anomalies non résolues', { exact: true })).toBeVisible();
  await expect(view.getByText('Zones avec anomalies', { exact: true })).toBeVisible();
  await expect(view.getByText('Dangers sécurité', { exact: true })).toBeVisible();
  const unresolved = Number(await view.locator('.report-stat-total dd').getAttribute('data-value'));
  expect(unresolved).toBeGreaterThan(100);
  // Virtualised: the rows on screen (with their details fetched) are in the DOM, not all of them.
  const rows = view.locator('.report-row');
  await expect(rows.first().locator('.report-label')).not.toHaveText('…');
  const shown = await rows.count();
  expect(shown).toBeGreaterThan(5);
  expect(shown).toBeLessThan(unresolved);
  await expect(view.locator('.report-section-head').first()).toBeVisible();
  // No empty band between the header and the report.
  const headBottom = (await view.locator('.report-head').boundingBox())!;
  const infoTop = (await view.locator('.report-info').boundingBox())!;
  expect(infoTop.y - (headBottom.y + headBottom.height)).toBeLessThan(20);
  await shot(page, 'report-view');
  // Scrolling to the end brings the last rows (and their details) in.
  await view.locator('.dialog-body').evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await expect(view.locator('.report-row').last().locator('.report-label')).not.toHaveText('…');
  await view.locator('.dialog-body').evaluate((el) => { el.scrollTop = 0; });

  // Print: the page count first (and a PK range to narrow), then the print body; window.print is recorded.
  await page.evaluate(() => { (window as unknown as { __prints: number }).__prints = 0; window.print = () => { (window as unknown as { __prints: number }).__prints++; }; });
  await view.getByRole('button', { name: 'Imprimer', exact: true }).click();
  const ask = page.getByRole('dialog', { name: 'Imprimer le rapport' });
  await expect(ask.locator('.print-summary')).toHaveText(new RegExp(`^${unresolved} anomalies à imprimer : environ \\d+ pages? A4\\.$`));
  const estimated = Number((await ask.locator('.print-summary').textContent())!.match(/environ (\d+)/)![1]);
  await ask.getByRole('textbox', { name: 'Au PK' }).fill((Math.min(kmOf(start), kmOf(end)) + 1).toFixed(2));
  await expect(ask.locator('.print-summary')).not.toHaveText(new RegExp(`^${unresolved} `));
  await ask.getByRole('textbox', { name: 'Au PK' }).fill(Math.max(kmOf(start), kmOf(end)).toFixed(2));
  await expect(ask.locator('.print-summary')).toHaveText(new RegExp(`^${unresolved} `));
  await ask.getByRole('button', { name: 'Imprimer', exact: true }).click();
  await expect(ask).toBeHidden();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __prints: number }).__prints), { timeout: 30_000 }).toBe(1);
  await expect(view.locator('.report-print .report-row')).toHaveCount(unresolved);

  // Print media: only the report, no app chrome; a real PDF, its pages counted and its words whole.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeHidden();
  await expect(view.getByRole('button', { name: 'Télécharger Word' })).toBeHidden();
  await expect(view.locator('.report-screen-list')).toBeHidden();
  await page.screenshot({ path: 'test-results/app-screens/report-print.png', fullPage: true });
  const pdfPath = 'test-results/app-screens/report-print.pdf';
  await page.pdf({ path: pdfPath, format: 'A4', printBackground: true, preferCSSPageSize: true });
  await page.emulateMedia({ media: 'screen' });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdfPath]).toString())![1]);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
  console.log(`print: ${unresolved} anomalies on ${pages} A4 pages (estimated ${estimated})`);
  expect(pages).toBeLessThanOrEqual(Math.max(2, Math.floor(unresolved / 22))); // 229 anomalies took 21 pages before
  expect(Math.abs(estimated - pages)).toBeLessThanOrEqual(Math.max(2, pages * 0.35));
  expect(text).toContain('OT/Dépêche');
  const words = text.split(/\s+/);
  expect(words).toContain('Signalisation'); // a demo team name, whole
  for (const cut of ['Signalisati', 'Dép', 'OT/Dép']) expect(words).not.toContain(cut);
  // After printing, the print body goes away.
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(view.locator('.report-print')).toHaveCount(0);

  // Word download through the docx worker, with the main thread watched for long tasks meanwhile.
  await page.evaluate(() => {
    new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as unknown as { __reportLongTask: (ms: number) => void }).__reportLongTask(e.duration); }).observe({ type: 'longtask' });
  });
  const downloadPromise = page.waitForEvent('download', { timeout: 60_000 });
  await view.getByRole('button', { name: 'Télécharger Word' }).click();
  const download = await downloadPromise;
  const name = download.suggestedFilename();
  expect(name).toMatch(/^rapport_parcours_L1_PK\d+-\d{2}_PK\d+-\d{2}_\d{4}-\d{2}-\d{2}\.docx$/); // a network: the line's code
  expect(name).toContain(`PK${start.replace(',', '-')}_PK${end.replace(',', '-')}`);
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

test('on a phone: no red message before acting, a start PK below the markers blocks, no empty band, rows as cards', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  await page.getByRole('button', { name: 'Ouvrir le menu des actions' }).click();
  await page.getByRole('button', { name: 'Rapport', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Générer un rapport' });
  await expect(form.getByText(/signalements? chargés?/)).toBeVisible();
  await expect(form.locator('.field-error')).toHaveCount(0);
  const submit = form.getByRole('button', { name: 'Générer le rapport' });
  // A start PK below the lowest marker blocks the report with a French message.
  await form.getByRole('button', { name: "PK d'arrivée : valeur maximale" }).click();
  await form.getByRole('textbox', { name: 'PK de départ' }).fill('5');
  await expect(form.getByText(/^Le PK de départ doit être compris entre PK \d+,\d\d et PK \d+,\d\d$/)).toBeVisible();
  await expect(submit).toBeDisabled();
  await form.getByRole('button', { name: 'PK de départ : valeur minimale' }).click();
  await expect(form.locator('.field-error')).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await submit.click();
  const view = page.getByRole('dialog', { name: 'Rapport de parcours' });
  await expect(view.locator('.report-row .report-label').first()).not.toHaveText('…', { timeout: 30_000 });
  const head = (await view.locator('.report-head').boundingBox())!;
  const info = (await view.locator('.report-info').boundingBox())!;
  expect(info.y - (head.y + head.height)).toBeLessThan(20); // no empty band
  // Cards: one labelled line per field, inside the screen width.
  const card = (await view.locator('.report-row').first().boundingBox())!;
  expect(card.width).toBeLessThanOrEqual(PHONE.width);
  await expect(view.locator('.report-row').first().locator('[data-label="Statut"]')).toBeVisible();
  await shot(page, 'report-view-phone');
});
