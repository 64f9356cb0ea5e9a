// Inspection records (docs/product.md#inspection-records) in Chromium against the embedded server:
// the route report saved as a record with a remark and a stretch not inspected; after one of its points is resolved
// and another deleted, the record reopens exactly as saved, compares with today and downloads as Word; its PDF (the
// browser's print) is the dedicated A4 record layout with the signature block, not the screen.
import { expect } from '@playwright/test';
import { test } from './support/test';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import type { SupabaseClient } from '@supabase/supabase-js';
import { adminClient, DESKTOP, fillInspectionRecord, openWholeLineReport, SCREENS_DIR, shot, signIn, uniq } from './appHelpers';

// This file goes offline: the service worker (blocked by default in playwright.config.ts) is on.
test.use({ serviceWorkers: 'allow' });

let db: SupabaseClient;
test.beforeAll(async ({ baseURL }) => { db = await adminClient(baseURL!); });

test('a route report saved as a record reopens as saved after its points changed, compares with today, exports to Word', async ({ browser }) => {
  test.setTimeout(240_000);
  const tag = uniq();
  const names = [`Tournée A ${tag}`, `Tournée B ${tag}`];
  const remark = `Ballast à surveiller ${tag}`;
  const ids: string[] = [];
  // The first one with a photo of the demo: the record keeps its thumbnail and the Word file embeds it.
  const photo = (await db.from('points').select('image_url').not('image_url', 'is', null).limit(1).single()).data!.image_url as string;
  for (const [k, name] of names.entries()) {
    const r = await db.from('points').insert({ name, description: 'constat', kilometer: '12.50', km_value: 12.5, position: { x: 3000, y: 700 }, status: 'signale', criticality: 'danger', image_url: k === 0 ? photo : null }).select('id').single();
    if (r.error) throw r.error;
    ids.push(r.data.id as string);
  }
  // No service worker: the Word module's request is the page's own (blocked once below, as when offline before install).
  const page = await (await browser.newContext({ viewport: DESKTOP, acceptDownloads: true, serviceWorkers: 'block' })).newPage();
  await signIn(page);
  await expect(page.locator('.list-row-title', { hasText: names[1] })).toHaveCount(1, { timeout: 30_000 });

  const view = await openWholeLineReport(page);
  const save = await fillInspectionRecord(page, view, remark);
  await save.getByRole('button', { name: 'Enregistrer la tournée' }).click();
  await expect(save).toBeHidden({ timeout: 60_000 });

  // After saving: A is resolved, B deleted.
  const a = await db.from('points').select('updated_at').eq('id', ids[0]).single();
  expect((await db.from('points').update({ status: 'resolu', updated_at: a.data!.updated_at }).eq('id', ids[0])).error).toBeNull();
  expect((await db.from('points').delete().eq('id', ids[1])).error).toBeNull();
  await expect(page.locator('.list-row-title', { hasText: names[1] })).toHaveCount(0, { timeout: 30_000 });

  await view.getByRole('button', { name: 'Tournées' }).click();
  const list = page.getByRole('dialog', { name: 'Tournées' });
  const record = list.locator('.inspection-view');
  // Newest first; another spec (inspectionOffline, on a parallel worker) may save a record in the same minute: open
  // each of the newest until the one holding this test's remark.
  for (let i = 0; ; i++) {
    expect(i, 'the record saved by this test is among the 5 newest').toBeLessThan(5);
    await list.locator('.inspection-row').nth(i).click();
    await expect(record.getByText('PK 15,00 → PK 16,00 : Voie occupée')).toBeVisible({ timeout: 30_000 });
    if (await record.getByText(remark).count() > 0) break;
    await record.getByRole('button', { name: 'Retour à la liste' }).click();
  }
  for (const name of names) {
    const row = record.locator('tr', { hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Signalé'); // the state when found
  }
  await expect(record).toContainText(remark);
  await expect(record).toContainText('PK 15,00 → PK 16,00 : Voie occupée');
  await expect(record.locator('.inspection-compare')).toContainText(/\d+ nouvelles?, [2-9]\d* résolues depuis/);
  await shot(page, 'desktop-inspection-record');

  // The docx library is loaded when a record is exported (not in the first bundle): unreachable, a French error, then
  // the same button works once it is.
  const wordModule = (u: URL) => /\/assets\/docx-[\w-]+\.js$/.test(u.pathname);
  await page.route(wordModule, (r) => r.abort());
  await record.getByRole('button', { name: 'Télécharger Word' }).click();
  await expect(record.getByRole('alert')).toHaveText("Le document Word n'a pas pu être créé. Vérifiez la connexion et réessayez.");
  await page.unroute(wordModule);
  const [download] = await Promise.all([page.waitForEvent('download'), record.getByRole('button', { name: 'Télécharger Word' }).click()]);
  await expect(record.getByRole('alert')).toHaveCount(0);
  expect(download.suggestedFilename()).toMatch(/^tournee_.+_\d{4}-\d{2}-\d{2}\.docx$/);
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const xml = strFromU8(files['word/document.xml']);
  expect(xml).toContain(names[1]);
  expect(xml).toContain(`photo-${ids[0]}-0`); // the photo's thumbnail embedded under its anomaly
  expect(Object.keys(files).some((f) => f.startsWith('word/media/'))).toBe(true);
  expect(xml).toContain('Responsable de la maintenance');

  // PDF: Chromium's print of the page while the record is open (what 'Imprimer / PDF' prints).
  const pdfPath = test.info().outputPath('tournee.pdf');
  writeFileSync(pdfPath, await page.pdf({ format: 'A4', printBackground: true }));
  if (!existsSync('/usr/bin/pdftotext')) { console.warn('pdftotext absent: the PDF text is not checked'); return; }
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(text).toContain("Compte rendu de tournée d'inspection");
  for (const name of names) expect(text).toContain(name);
  expect(text).toContain('Voie occupée');
  expect(text).toMatch(/Inspecteur\s+Responsable de la maintenance/);
  expect(text).toMatch(/Signature :[\s\S]*Signature :/);
  for (const chrome of ['Télécharger Word', 'Ajouter une annotation', 'Retour à la liste', 'Rechercher']) expect(text).not.toContain(chrome);
  mkdirSync(SCREENS_DIR, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '2', pdfPath, `${SCREENS_DIR}/inspection-record-pdf`]);
});
