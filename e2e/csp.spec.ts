// The app satisfies its own Content-Security-Policy. Every `securitypolicyviolation` event (page
// and its workers report into the page) is collected while signing in, using the map, uploading and showing a
// photo, generating the report and downloading it as Word; none may occur. Also: the page cannot be framed.
import { expect, test } from '@playwright/test';
import { png, signIn } from './appHelpers';

test('signing in, map, photo, report and Word download raise no CSP violation; framing is refused', async ({ page }) => {
  test.setTimeout(240_000); // a full walk through the app on a shared machine
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => { violations.push(v); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const consoleCsp: string[] = [];
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text()); });

  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res?.headers()['x-frame-options']).toBe('DENY');
  await signIn(page);

  // Map: pan and zoom.
  const canvas = page.getByTestId('map-canvas');
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();

  // Photo: report a point with a photo, see the preview.
  await page.getByRole('button', { name: 'Signaler' }).click();
  await page.mouse.click(box.x + box.width * 0.55, box.y + box.height * 0.45);
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('image-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png(16, 12) });
  await expect(dialog.getByRole('img', { name: 'Aperçu de la photo' })).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Annuler' }).first().click();

  // Report and Word download.
  await page.getByRole('button', { name: 'Rapport', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Générer un rapport' });
  await expect(form.getByText(/signalements? chargés?/)).toBeVisible({ timeout: 30_000 });
  await form.getByRole('button', { name: 'PK de départ : valeur maximale' }).click();
  await form.getByRole('button', { name: "PK d'arrivée : valeur minimale" }).click();
  await form.getByRole('button', { name: 'Générer le rapport' }).click();
  const view = page.getByRole('dialog', { name: 'Rapport de parcours' });
  await expect(view).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await view.getByRole('button', { name: 'Télécharger Word' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.docx$/);

  // Framing: a page of another origin cannot show the app.
  const blocked = await page.evaluate(async (url) => {
    const f = document.createElement('iframe');
    f.src = url;
    document.body.append(f);
    await new Promise((r) => setTimeout(r, 1500));
    try { return f.contentDocument?.body?.innerHTML.includes('root') ? 'shown' : 'blocked'; } catch { return 'blocked'; }
  }, page.url());
  expect(blocked).toBe('blocked');
  expect(violations.filter((v) => !v.startsWith('frame-ancestors'))).toEqual([]); // the framing attempt itself aside
  expect(consoleCsp.filter((t) => !/frame-ancestors/.test(t))).toEqual([]);
});
