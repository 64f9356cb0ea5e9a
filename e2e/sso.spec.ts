// Single sign-on end to end in Debian Chromium: a real OpenID provider (oidc-provider) on loopback and
// this spec's own embedded server (port 0, memory, no seed) with the built SPA; the shared webServer is not used.
import { test, expect, type Page } from '@playwright/test';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../server/main';
import { startOidcProvider, type TestIdp } from './support/oidcProvider';
import { shot } from './appHelpers';

const DOMAIN = 'rail-sso.test';
let idp: TestIdp;
let srv: RunningServer;
/** The built SPA; SSO_E2E_DIST points elsewhere when other helpers rebuild dist/ concurrently. */
const DIST = process.env.SSO_E2E_DIST ?? 'dist';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 } });

test.beforeAll(async () => {
  // A concurrent `vite build` empties dist/ for a few seconds: wait for its index.html.
  for (let i = 0; i < 120 && !existsSync(join(DIST, 'index.html')); i++) await new Promise((ok) => setTimeout(ok, 500));
  idp = await startOidcProvider();
  srv = await startServer({
    port: 0, memory: true, seed: 'none', staticDir: DIST,
    ssoProviders: [{ id: 'rail', issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, domains: [DOMAIN] }],
  });
  idp.setRedirectUri(`${srv.url}/auth/v1/callback`);
});
test.afterAll(async () => {
  await srv?.close();
  await idp?.close();
});

/** Opens the login screen of our server and submits the SSO block with `email`. */
async function startSso(page: Page, email: string) {
  await page.goto(`${srv.url}/`);
  await expect(page.getByRole('heading', { name: 'Connectez-vous' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email professionnel').fill(email);
  await page.getByRole('button', { name: 'Continuer avec le SSO' }).click();
}

/** At the provider's login form: signs in as `login`. */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL((u) => u.href.startsWith(`${idp.issuer}/interaction/`), { timeout: 30_000 });
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.locator('button[type="submit"]').click();
}

test('a work email leads to the provider and back to the main screen with a profile (first user: admin)', async ({ page }) => {
  await startSso(page, '');
  await expect(page.getByText('Veuillez entrer votre adresse email professionnelle pour la connexion SSO')).toBeVisible();

  await startSso(page, `agent@${DOMAIN}`);
  await signInAtProvider(page, `agent@${DOMAIN}`);
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible({ timeout: 30_000 });
  expect(new URL(page.url()).pathname).toBe('/');
  expect(page.url()).not.toContain('access_token');
  const profile = await srv.db.admin.query<{ role: string }>(`select p.role from public.profiles p join auth.users u on u.id = p.id where u.email = $1`, [`agent@${DOMAIN}`]);
  expect(profile.rows).toEqual([{ role: 'admin' }]);
  await expect(page.getByRole('button', { name: /Admin/ }).first()).toBeVisible();
  // The session survives a reload (stored by supabase-js like any other).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible({ timeout: 30_000 });
});

test('an unknown domain gets a clear message on the login screen', async ({ page }) => {
  await startSso(page, 'agent@inconnu.test');
  await expect(page.getByText(/Aucun fournisseur d'identité SSO n'est configuré pour le domaine « inconnu\.test »/)).toBeVisible();
  await shot(page, 'sso-unknown-domain');
  expect(new URL(page.url()).origin).toBe(srv.url);
});

test('a provider error (sign-in cancelled at the provider) lands on the error screen with its parameters', async ({ page }) => {
  await startSso(page, `agent@${DOMAIN}`);
  await page.waitForURL((u) => u.href.startsWith(`${idp.issuer}/interaction/`), { timeout: 30_000 });
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page.getByRole('heading', { name: "Erreur d'authentification" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sso-error')).toHaveText('access_denied');
  await expect(page.getByTestId('sso-error-description')).toHaveText('End-User aborted interaction');
  await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  await shot(page, 'sso-provider-error');
  await page.getByRole('button', { name: "Retour à l'accueil" }).click();
  await expect(page.getByRole('heading', { name: 'Connectez-vous' })).toBeVisible();
});

test('a tampered state lands on the error screen and signs nobody in', async ({ page }) => {
  // Let the provider answer, but change the state on the way back to our callback. Playwright does not route
  // requests of a redirect chain, so the chain that starts with the login form POST is walked here (with the
  // browser's cookies) and the browser is sent to the tampered callback URL.
  await page.route(`${idp.issuer}/interaction/**`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    let res = await route.fetch({ maxRedirects: 0 });
    let location = new URL(res.headers().location, route.request().url()).toString();
    while (!location.startsWith(`${srv.url}/auth/v1/callback`)) {
      res = await page.request.get(location, { maxRedirects: 0 });
      location = new URL(res.headers().location, location).toString();
    }
    const u = new URL(location);
    u.searchParams.set('state', `${u.searchParams.get('state')}tampered`);
    return route.fulfill({ status: 303, headers: { location: u.toString() } });
  });
  await startSso(page, `tampered@${DOMAIN}`);
  await signInAtProvider(page, `tampered@${DOMAIN}`);
  await expect(page.getByRole('heading', { name: "Erreur d'authentification" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('sso-error-code')).toHaveText('bad_oauth_state');
  await expect(page.getByText(/Le lien de connexion est invalide, expiré ou a déjà été utilisé/)).toBeVisible();
  const users = await srv.db.admin.query(`select 1 from auth.users where email = $1`, [`tampered@${DOMAIN}`]);
  expect(users.rows).toHaveLength(0);
});

test('when the browser has not left after 5 s, a manual link is offered (docs/product.md#constants)', async ({ page }) => {
  // Cancel the hop towards the provider (ERR_ABORTED leaves the page as it is), as a blocked navigation would.
  let attempts = 0;
  await page.route(`${srv.url}/auth/v1/sso/authorize?**`, (route) => { attempts++; return route.abort('aborted'); });
  await startSso(page, `slow@${DOMAIN}`);
  const started = Date.now();
  await expect(page.getByText("La redirection vers votre fournisseur d'identité n'a pas eu lieu.")).toBeVisible({ timeout: 15_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
  const link = page.getByRole('link', { name: 'Cliquez ici pour continuer' });
  await expect(link).toHaveAttribute('href', /\/auth\/v1\/sso\/authorize\?state=/);
  await expect.poll(() => attempts, { timeout: 5_000 }).toBe(2); // the automatic retry 1 s later
  await page.unroute(`${srv.url}/auth/v1/sso/authorize?**`);
  await link.click();
  await signInAtProvider(page, `slow@${DOMAIN}`);
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible({ timeout: 30_000 });
});
