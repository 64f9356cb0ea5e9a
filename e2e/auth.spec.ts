// Sign-in and invitations end to end: provider errors, invite via the invite_user RPC, the invitation
// link in a fresh browser, account creation, landing in the app, sign-out clearing the state.
import { expect } from '@playwright/test';
import { test } from './support/test';
import { adminClient, DESKTOP, PHONE, shot, signIn, uniq, headerAction } from './appHelpers';

test.use({ viewport: DESKTOP });

test('login screen shows the SPEC texts and maps provider errors to French', async ({ page }) => {
  // The loading screen comes first, while the runtime configuration is fetched.
  await page.route('**/config.json', async (route) => { await new Promise((r) => setTimeout(r, 1000)); await route.continue(); });
  await page.goto('/');
  await expect(page.getByText('Chargement...')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Connectez-vous' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/demandez à un administrateur/)).toBeVisible();
  await expect(page.getByText('Protection des données personnelles')).toBeVisible();
  await expect(page.getByRole('link', { name: /dpo@/ })).toBeVisible();
  await expect(page.getByText(/réclamation à la CNIL/)).toBeVisible();
  await shot(page, 'desktop-login');

  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Veuillez entrer votre adresse email.')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('admin@rail.local');
  await page.getByLabel('Mot de passe', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Le mot de passe doit contenir au moins 6 caractères')).toBeVisible();
  await page.getByLabel('Mot de passe', { exact: true }).fill('mauvais-mot-de-passe');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Email ou mot de passe incorrect.')).toBeVisible();
});

test('an invalid invitation token is refused', async ({ page }) => {
  await page.goto('/invitation?token=0000000000000000000000000000000000000000000000000000000000000000');
  await expect(page.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Token d'invitation introuvable ou déjà utilisé")).toBeVisible();
  await page.goto('/invitation');
  await expect(page.getByText("Token d'invitation manquant")).toBeVisible();
});

test('admin invites a user who opens the link, creates the account and lands in the app', async ({ page, browser, baseURL }) => {
  // The admin signs in through the UI, then invites through the invite_user RPC.
  await signIn(page);
  await expect(page.getByRole('button', { name: 'Administration' })).toBeVisible();
  const admin = await adminClient(baseURL!);
  const email = `agent.${uniq()}@rail.local`;
  const { data, error } = await admin.rpc('invite_user', { email });
  expect(error).toBeNull();
  expect(data.success).toBe(true);
  const link = new URL(data.invitationUrl as string, baseURL);
  expect(link.pathname).toBe('/invitation');

  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const invited = await ctx.newPage();
  await invited.goto(link.pathname + link.search);
  await expect(invited.getByRole('heading', { name: 'Créez votre compte' })).toBeVisible({ timeout: 30_000 });
  await expect(invited.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await shot(invited, 'phone-invite');

  await invited.getByLabel('Mot de passe', { exact: true }).fill('secret-123');
  await invited.getByLabel('Confirmer le mot de passe').fill('secret-124');
  await invited.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(invited.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
  await invited.getByLabel('Confirmer le mot de passe').fill('secret-123');
  await invited.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(invited.getByText('Compte créé avec succès')).toBeVisible({ timeout: 20_000 });
  await expect(invited.getByRole('button', { name: 'Déconnexion' })).toBeVisible({ timeout: 20_000 });
  // The app's root; on a network of lines (the e2e server has three) the line shown is named in the address.
  await expect(invited).toHaveURL(/\/(\?line=[0-9a-f-]{36})?$/);
  // A plain user: no administration, no zone drawing.
  await expect(invited.getByRole('button', { name: 'Administration' })).toHaveCount(0);
  await expect(invited.getByRole('button', { name: 'Ouvrir le menu des actions' })).toBeVisible();
  await invited.getByRole('button', { name: 'Ouvrir le menu des actions' }).click();
  await expect(invited.getByRole('button', { name: 'Signaler' })).toBeVisible();
  await expect(invited.getByRole('button', { name: 'Rapport' })).toBeVisible();
  await expect(invited.getByRole('button', { name: 'Zone' })).toHaveCount(0);
  await expect(invited.getByRole('button', { name: 'Admin' })).toHaveCount(0);
  await invited.getByRole('button', { name: 'Fermer le menu des actions' }).click();

  // The profile was created as a user.
  const { data: prof } = await admin.from('profiles').select('role').eq('email', email).single();
  expect(prof?.role).toBe('user');

  // The link cannot be used twice.
  const ctx3 = await browser.newContext();
  const again = await ctx3.newPage();
  await again.goto(link.pathname + link.search);
  await expect(again.getByText("Token d'invitation introuvable ou déjà utilisé")).toBeVisible({ timeout: 30_000 });
  await ctx3.close();

  // Sign-out clears the data: back to the login screen, nothing of the app left.
  await headerAction(invited, 'Déconnexion');
  await expect(invited.getByRole('heading', { name: 'Connectez-vous' })).toBeVisible();
  await expect(invited.locator('.point-row')).toHaveCount(0);
  const stored = await invited.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('auth-token')));
  expect(stored).toEqual([]);

  // The new account signs in with its password.
  await signIn(invited, email, 'secret-123');
  await ctx.close();
  await admin.auth.signOut();
});
