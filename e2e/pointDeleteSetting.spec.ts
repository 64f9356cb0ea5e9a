// 'Suppression des signalements' (docs/product.md#point-delete-setting): the admin chooses 'Administrateurs
// seulement' in Paramètres (desktop); a member's list then has no delete button (phone 390×844) while the admin's
// still has; back to 'Tous les membres', the member's delete buttons come back without a reload. The database's own
// refusal is tested in supabase/tests/pointDeleteSetting.test.ts.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { api, openPanel } from './adminHelpers';
import { adminClient, DESKTOP, PHONE, shot, signIn, uniq } from './appHelpers';

const PASSWORD = 'member-e2e-123';

async function openList(page: Page): Promise<void> {
  if (await page.locator('.sidebar.sidebar-closed').count()) await page.getByRole('button', { name: 'Afficher la liste' }).click();
}

test('admins only: a member sees no delete button, the admin does; back to every member, the buttons return', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const db = await adminClient(baseURL!);
  const tag = uniq();
  const name = `Suppression ${tag}`;
  const p = await db.from('points').insert({ name, description: 'd', kilometer: '12.30', km_value: 12.3, position: { x: 2900, y: 700 }, status: 'signale', criticality: 'danger' }).select('id').single();
  expect(p.error).toBeNull();
  // A member (invited, signed up).
  const email = `membre-${tag}@rail.local`;
  const { data: inv, error } = await db.rpc('invite_user', { email });
  expect(error).toBeNull();
  const token = new URL((inv as { invitationUrl: string }).invitationUrl, baseURL).searchParams.get('token');
  const { anon } = await api(baseURL!);
  const up = await anon.auth.signUp({ email, password: PASSWORD, options: { data: { invitation_token: token } } });
  expect(up.error).toBeNull();
  expect((await anon.rpc('create_profile', { user_id: up.data.user!.id, user_email: email, user_role: 'user' })).error).toBeNull();

  try {
    const admin = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(admin);
    const panel = await openPanel(admin, 'Paramètres');
    const group = panel.getByRole('group', { name: 'Suppression des signalements' });
    await expect(group.getByRole('radio', { name: 'Tous les membres' })).toBeChecked();
    await group.getByRole('radio', { name: 'Administrateurs seulement' }).check();
    await panel.getByRole('button', { name: 'Enregistrer la suppression' }).click();
    await expect(panel.getByText('Paramètres sauvegardés avec succès')).toBeVisible();
    await expect.poll(async () => (await db.from('app_settings').select('value').eq('key', 'point_delete').maybeSingle()).data?.value).toBe('admins');
    await group.scrollIntoViewIfNeeded();
    await shot(admin, 'desktop-point-delete-setting');
    await panel.getByRole('button', { name: 'Fermer' }).first().click();
    await openList(admin);
    await expect(admin.getByRole('button', { name: `Supprimer ${name}` })).toBeVisible({ timeout: 30_000 });

    const member = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
    await signIn(member, email, PASSWORD);
    await openList(member);
    await expect(member.getByRole('button', { name: `Modifier ${name}` })).toBeVisible({ timeout: 30_000 });
    await expect(member.getByRole('button', { name: `Supprimer ${name}` })).toHaveCount(0);
    await expect(member.locator('.row-delete')).toHaveCount(0);
    await shot(member, 'phone-member-no-delete');

    // Back to every member (by the admin's screen): the member's buttons come back live.
    const panel2 = await openPanel(admin, 'Paramètres');
    await panel2.getByRole('radio', { name: 'Tous les membres' }).check();
    await panel2.getByRole('button', { name: 'Enregistrer la suppression' }).click();
    await expect(panel2.getByText('Paramètres sauvegardés avec succès')).toBeVisible();
    await expect(member.getByRole('button', { name: `Supprimer ${name}` })).toBeVisible({ timeout: 30_000 });
    await shot(member, 'phone-member-delete-back');
  } finally {
    await db.from('app_settings').delete().eq('key', 'point_delete');
    await db.from('points').delete().eq('id', p.data!.id);
  }
});
