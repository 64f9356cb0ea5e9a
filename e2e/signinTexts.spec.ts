// Sign-in and invitation as a new user reads them, on a desktop and a phone: without a single sign-on provider (the
// e2e server has none) no SSO block; the invitation page says one clear sentence, and not to ask for an invitation.
import { test, expect } from '@playwright/test';
import { adminClient, DESKTOP, PHONE, shot, uniq } from './appHelpers';

for (const [label, viewport, phone] of [['desktop', DESKTOP, false], ['phone', PHONE, true]] as const) {
  test.describe(label, () => {
    test.use({ viewport, isMobile: phone, hasTouch: phone });

    test('no SSO block without a provider; the invitation page in one sentence', async ({ page, baseURL }) => {
      const settings = await (await fetch(`${baseURL}/auth/v1/settings`)).json() as { saml_enabled: boolean };
      expect(settings.saml_enabled).toBe(false);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Connectez-vous' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('button', { name: 'Continuer avec le SSO' })).toHaveCount(0);
      await expect(page.getByText(/SSO/)).toHaveCount(0);
      await expect(page.getByText(/demandez à un administrateur/)).toBeVisible();
      await shot(page, `signin-${label}`);

      const admin = await adminClient(baseURL!);
      const { data, error } = await admin.rpc('invite_user', { email: `nouveau.${uniq()}@rail.local` });
      expect(error).toBeNull();
      const link = new URL(data.invitationUrl as string, baseURL);
      await page.goto(link.pathname + link.search);
      await expect(page.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Vous êtes invité : choisissez votre mot de passe pour créer votre compte.')).toBeVisible();
      await expect(page.getByText(/Veuillez créer votre compte/)).toHaveCount(0);
      await expect(page.getByText(/demandez à un administrateur/)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Continuer avec le SSO' })).toHaveCount(0);
      await shot(page, `invitation-${label}`);
    });
  });
}
