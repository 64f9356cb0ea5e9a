// One PK input everywhere (src/ui/pkInput): the route report's form takes a comma as the point form does ('25,5' typed gives 25,50
// once the field is left, never '255'), refuses a third decimal, and generates the report for that range.
import { test, expect } from '@playwright/test';
import { DESKTOP, PHONE, shot, signIn } from './appHelpers';

for (const [label, viewport, phone] of [['desktop', DESKTOP, false], ['phone', PHONE, true]] as const) {
  test.describe(label, () => {
    test.use({ viewport, isMobile: phone, hasTouch: phone });

    test("'25,5' typed in the report form gives 25,50, a third decimal refused", async ({ page }) => {
      await signIn(page);
      if (phone) await page.getByRole('button', { name: 'Ouvrir le menu des actions' }).click();
      await page.getByRole('button', { name: 'Rapport', exact: true }).click();
      const form = page.getByRole('dialog', { name: 'Générer un rapport' });
      await expect(form.getByText(/signalements? chargés?/)).toBeVisible({ timeout: 30_000 });
      const start = form.getByRole('textbox', { name: 'PK de départ' });
      const end = form.getByRole('textbox', { name: "PK d'arrivée" });
      await expect(start).toHaveAttribute('placeholder', '0,00');
      await expect(start).toHaveAttribute('inputmode', 'decimal');
      await start.pressSequentially('12,5');
      await end.pressSequentially('25,555'); // the third decimal is refused as typed
      await expect(end).toHaveValue('25,55');
      await end.fill('');
      await end.pressSequentially('25,5');
      await start.focus(); // leaving the field
      await expect(end).toHaveValue('25,50');
      await end.focus();
      await form.getByRole('checkbox').first().focus();
      await expect(start).toHaveValue('12,50');
      await expect(form.getByText(/doit être compris entre/)).toHaveCount(0);
      await shot(page, `pk-input-report-${label}`);
      await form.getByRole('button', { name: 'Générer le rapport' }).click();
      const view = page.getByRole('dialog', { name: 'Rapport de parcours' });
      await expect(view).toBeVisible({ timeout: 30_000 });
      await expect(view.getByText(/PK 12,50/).first()).toBeVisible();
      await expect(view.getByText(/PK 25,50/).first()).toBeVisible();
    });
  });
}
