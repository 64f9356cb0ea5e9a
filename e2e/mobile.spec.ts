// Phone layout end to end: the sidebar is a drawer, the floating action menu holds the modes, and it
// hides while drawing; on desktop there is no floating menu and the sidebar is open.
import { test, expect } from '@playwright/test';
import { adminClient, writeStated, DESKTOP, PHONE, shot, signIn } from './appHelpers';

test.describe('phone 390×844', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('drawer and floating action menu', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Connectez-vous' })).toBeVisible({ timeout: 30_000 });
    await shot(page, 'phone-login');
    await signIn(page);
    const sidebar = page.getByRole('dialog', { name: 'Signalements' });
    // Collapsed by default on phones.
    await expect(page.locator('.sidebar')).toHaveClass(/sidebar-closed/);
    await shot(page, 'phone-main');

    await page.getByRole('button', { name: 'Afficher la liste' }).click();
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('tab', { name: 'Tout' })).toBeVisible();
    await expect(page.locator('.point-row').first()).toBeVisible({ timeout: 30_000 });
    await shot(page, 'phone-drawer');
    // A row click centres the map and closes the drawer.
    await page.locator('.point-row .list-row-main').first().click();
    await expect(page.locator('.sidebar')).toHaveClass(/sidebar-closed/);

    const fab = page.getByRole('button', { name: 'Ouvrir le menu des actions' });
    await expect(fab).toBeVisible();
    await fab.click();
    for (const label of ['Signaler', 'Zone', 'Rapport', 'Admin']) await expect(page.getByRole('button', { name: label, exact: true })).toBeVisible();
    await shot(page, 'phone-fab');
    await page.getByRole('button', { name: 'Signaler', exact: true }).click();
    // Drawing: the floating menu hides, the header offers Annuler.
    await expect(page.getByRole('button', { name: 'Ouvrir le menu des actions' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Annuler' })).toBeVisible();
    await shot(page, 'phone-draw-point');
    await page.getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu des actions' })).toBeVisible();

    // The point form is full screen on a phone.
    await page.getByRole('button', { name: 'Ouvrir le menu des actions' }).click();
    await page.getByRole('button', { name: 'Signaler', exact: true }).click();
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    await page.touchscreen.tap(box.x + box.width * 0.5, box.y + box.height * 0.45);
    const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
    await expect(dialog).toBeVisible();
    const db = (await dialog.boundingBox())!;
    expect(db.width).toBeGreaterThanOrEqual(PHONE.width - 1);
    await expect(dialog.locator('button.camera-btn', { hasText: 'Prendre une photo' })).toBeVisible();
    await expect(dialog.locator('input[capture="environment"]')).toHaveAttribute('accept', 'image/*');
    await shot(page, 'phone-point-form');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
  });
});

test.describe('desktop 1440×900', () => {
  test.use({ viewport: DESKTOP });
  test('sidebar open, no floating menu; the feedback link follows its setting', async ({ page, baseURL }) => {
    const admin = await adminClient(baseURL!);
    const { data: before } = await admin.from('app_settings').select('value').eq('key', 'feedback_link').maybeSingle();
    await signIn(page);
    await expect(page.getByRole('complementary', { name: 'Signalements' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ouvrir le menu des actions' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Zone' })).toBeVisible();

    const link = page.getByRole('link', { name: 'Laisser un Avis' });
    const url = `https://avis.example.org/formulaire-${Date.now()}`;
    expect((await writeStated(admin, 'app_settings', 'key', 'feedback_link', { value: url })).error).toBeNull();
    await page.evaluate(() => window.dispatchEvent(new Event('feedbackLinkUpdated')));
    await expect(link).toHaveAttribute('href', url);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    // Without the setting there is no link.
    expect((await admin.from('app_settings').delete().eq('key', 'feedback_link')).error).toBeNull();
    await page.evaluate(() => window.dispatchEvent(new Event('feedbackLinkUpdated')));
    await expect(link).toHaveCount(0);
    if (before?.value) await writeStated(admin, 'app_settings', 'key', 'feedback_link', { value: before.value });
    await admin.auth.signOut();
  });
});
