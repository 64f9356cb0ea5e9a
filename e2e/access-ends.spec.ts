// Access ends at once: a deactivated member's idle page, which makes no request, is signed out
// within 5 s with the French text; the database sends 'access_revoked' on the member's private topic.
import { test, expect } from '@playwright/test';
import { api } from './adminHelpers';
import { adminClient, DESKTOP, signIn, uniq } from './appHelpers';

const PASSWORD = 'member-e2e-123';
const DISABLED = 'Votre accès a été désactivé. Contactez un administrateur.';

test.use({ viewport: DESKTOP });

test('an idle page of a deactivated member is signed out within 5 s', async ({ page, baseURL }) => {
  const admin = await adminClient(baseURL!);
  const email = `inactif.${uniq()}@rail.local`;
  const { data: inv, error } = await admin.rpc('invite_user', { email });
  expect(error).toBeNull();
  const token = new URL((inv as { invitationUrl: string }).invitationUrl, baseURL).searchParams.get('token');
  const { anon } = await api(baseURL!);
  const up = await anon.auth.signUp({ email, password: PASSWORD, options: { data: { invitation_token: token } } });
  expect(up.error).toBeNull();
  const id = up.data.user!.id;
  expect((await anon.rpc('create_profile', { user_id: id, user_email: email, user_role: 'user' })).error).toBeNull();

  await signIn(page, email, PASSWORD);
  await expect(page.locator('.point-row').first()).toBeVisible({ timeout: 30_000 });
  // Idle from here on: the page is not touched again; record every API request it makes.
  const requests: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/rest/v1/')) requests.push(r.url()); });
  await page.waitForTimeout(1000);

  const t0 = Date.now();
  const off = await admin.rpc('set_user_active', { user_id: id, active: false });
  expect(off.error).toBeNull();
  await expect(page.getByText(DISABLED)).toBeVisible({ timeout: 5000 });
  const ms = Date.now() - t0;
  await expect(page.getByRole('heading', { name: 'Connectez-vous' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')).length)).toBe(0);
  console.log(`idle page signed out ${ms} ms after the deactivation`);
  expect(ms).toBeLessThan(5000);
});
