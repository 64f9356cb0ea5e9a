// Inspection records from a new user's side (docs/product.md#inspection-records): the record's form gives the demo's
// two 'Pont de la Seine' zones (voie 1, voie 2) distinct remark labels (desktop); a member reaches 'Tournées' from the
// main screen through 'Plus d'actions' on a phone, whose rows count the anomalies in words ('12 anomalies', never
// 'anomalie(s)').
import { expect } from '@playwright/test';
import { test } from './support/test';
import { api } from './adminHelpers';
import { adminClient, DESKTOP, openWholeLineReport, PHONE, shot, signIn, uniq } from './appHelpers';

const PASSWORD = 'member-e2e-123';

test('distinct remark labels for same-named zones; a member opens Tournées from the main screen on a phone', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const admin = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(admin);
  await expect(admin.locator('.point-row').first()).toBeVisible({ timeout: 30_000 });
  const view = await openWholeLineReport(admin);
  await view.getByRole('button', { name: 'Enregistrer la tournée' }).click();
  const save = admin.getByRole('dialog', { name: 'Enregistrer la tournée' });
  const labels = await save.locator('label').filter({ hasText: /^Remarque :/ }).allTextContents();
  expect(labels).toContain('Remarque : Pont de la Seine · Voie 1');
  expect(labels).toContain('Remarque : Pont de la Seine · Voie 2');
  expect(labels).not.toContain('Remarque : Pont de la Seine');
  expect(new Set(labels).size).toBe(labels.length);
  const remark = `Tablier à repeindre ${uniq()}`;
  await save.getByLabel('Remarque : Pont de la Seine · Voie 2', { exact: true }).fill(remark);
  await save.getByLabel('Remarque : Pont de la Seine · Voie 2', { exact: true }).scrollIntoViewIfNeeded();
  await shot(admin, 'desktop-inspection-zone-labels');
  await save.getByRole('button', { name: 'Enregistrer la tournée' }).click();
  await expect(save).toBeHidden({ timeout: 60_000 });

  // A member, on a phone: 'Plus d'actions' → 'Tournées'.
  const db = await adminClient(baseURL!);
  const email = `tournee-${uniq()}@rail.local`;
  const { data: inv, error } = await db.rpc('invite_user', { email });
  expect(error).toBeNull();
  const token = new URL((inv as { invitationUrl: string }).invitationUrl, baseURL).searchParams.get('token');
  const { anon } = await api(baseURL!);
  const up = await anon.auth.signUp({ email, password: PASSWORD, options: { data: { invitation_token: token } } });
  expect(up.error).toBeNull();
  expect((await anon.rpc('create_profile', { user_id: up.data.user!.id, user_email: email, user_role: 'user' })).error).toBeNull();

  const member = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  await signIn(member, email, PASSWORD);
  await member.getByRole('banner').getByRole('button', { name: "Plus d'actions" }).click();
  await member.getByRole('menuitem', { name: 'Tournées' }).click();
  const list = member.getByRole('dialog', { name: 'Tournées' });
  await expect(list).toBeVisible();
  const rows = list.locator('.inspection-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  const texts = await rows.allTextContents();
  for (const t of texts) {
    expect(t).not.toContain('(s)');
    expect(t).toMatch(/· (0|1) anomalie$|· [\d  ]+ anomalies$/);
  }
  await shot(member, 'phone-member-inspections');
  await rows.first().click();
  await expect(list.locator('.inspection-view')).toContainText(/\d anomalies? constatées?/);
  await expect(list.locator('.inspection-view')).not.toContainText('(s)');
});
