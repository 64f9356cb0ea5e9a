// Administration end to end: users and invitations, and a plain user refused.
// Tests restore what they change (own teams, levels, markers, settings) so other specs see the seed unchanged.
import { test, expect } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { uniq, api, adminClient, login, openPanel, pngOfSize } from './adminHelpers';

test('Utilisateurs: invite, duplicate and existing user, copy link, invitations status, last admin, team assignment', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page);
  const panel = await openPanel(page, 'Utilisateurs');
  const email = `agent.${uniq()}@rail.local`;

  await panel.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(panel.getByText('Veuillez entrer une adresse email valide.')).toBeVisible();

  await panel.getByLabel('Adresse email').fill(email);
  await panel.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(panel.getByText(`Invitation créée pour ${email}`)).toBeVisible();
  const link = panel.getByLabel("Lien d'invitation");
  await expect(link).toHaveValue(new RegExp(`^${baseURL}/invitation\\?token=[0-9a-f]{32,}$`));
  await panel.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(panel.getByText("Lien d'invitation copié dans le presse-papier !")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
  await expect(panel.getByText("Lien d'invitation copié dans le presse-papier !")).toBeHidden({ timeout: 3_500 }); // 2 s, docs/product.md#constants

  await panel.getByLabel('Adresse email').fill(email);
  await panel.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(panel.getByText('Une invitation a déjà été envoyée à cette adresse email')).toBeVisible();
  await panel.getByLabel('Adresse email').fill(E2E_ADMIN.email);
  await panel.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(panel.getByText('Un utilisateur avec cette adresse email existe déjà')).toBeVisible();

  await panel.getByRole('tab', { name: /^Invitations/ }).click();
  const row = panel.locator(`tr[data-email="${email}"]`);
  await expect(row).toContainText('En attente');
  await expect(row).toContainText(new Date().getFullYear().toString());

  await panel.getByRole('tab', { name: /^Utilisateurs \(/ }).click();
  const me = panel.locator(`tr[data-email="${E2E_ADMIN.email}"]`);
  await expect(me).toContainText('Administrateur');
  // Only admin: demoting is refused with the docs/product.md#administration-messages message, and the database still says admin.
  await me.getByLabel(`Rôle de ${E2E_ADMIN.email}`).selectOption('user');
  await expect(panel.getByText('Impossible de supprimer le dernier administrateur. Il doit toujours y avoir au moins un administrateur dans le système.')).toBeVisible();
  const db = await adminClient(baseURL!);
  const { data: ok, error: rpcErr } = await db.rpc('change_user_role', { user_id: (await db.auth.getUser()).data.user!.id, new_role: 'user' });
  expect(ok).not.toBe(true);
  expect(rpcErr?.message ?? '').toContain('dernier administrateur');

  // Team assignment persists (checked after a refresh), then is undone.
  const teamSelect = me.getByLabel(`Équipe de ${E2E_ADMIN.email}`);
  await expect(teamSelect.locator('option').first()).toHaveText('-- Sans équipe --');
  const teamName = (await teamSelect.locator('option').nth(1).textContent())!;
  await teamSelect.selectOption({ label: teamName });
  const teamOf = async () => (await db.from('profiles').select('team_id, teams(name)').eq('email', E2E_ADMIN.email).single()).data as { team_id: string | null; teams: { name: string } | null } | null;
  await expect.poll(async () => (await teamOf())?.teams?.name).toBe(teamName);
  await panel.getByRole('button', { name: 'Actualiser' }).click();
  const teamAfter = panel.locator(`tr[data-email="${E2E_ADMIN.email}"]`).getByLabel(`Équipe de ${E2E_ADMIN.email}`);
  await expect(teamAfter.locator('option:checked')).toHaveText(teamName);
  await teamAfter.selectOption('');
  await expect.poll(async () => (await teamOf())?.team_id ?? null).toBeNull();
});

test('Invitations: an expired invitation shows Expiré and Renvoyer creates a new link', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const email = `expire.${uniq()}@rail.local`;
  expect((await db.rpc('invite_user', { email })).error).toBeNull();
  const upd = await db.from('invitations').update({ expires_at: new Date(Date.now() - 3_600_000).toISOString() }).eq('email', email).select('id');
  expect(upd.error).toBeNull();
  expect(upd.data).toHaveLength(1);

  await login(page);
  const panel = await openPanel(page, 'Utilisateurs');
  await panel.getByRole('tab', { name: /^Invitations/ }).click();
  const row = panel.locator(`tr[data-email="${email}"]`);
  await expect(row).toContainText('Expiré');
  await row.getByRole('button', { name: 'Renvoyer' }).click();
  await expect(panel.getByText(`Invitation créée pour ${email}`)).toBeVisible();
  await expect(panel.getByLabel("Lien d'invitation")).toHaveValue(/\/invitation\?token=[0-9a-f]{32,}$/);
  await expect(panel.locator(`tr[data-email="${email}"]`).filter({ hasText: 'En attente' })).toHaveCount(1);
  await expect(panel.locator(`tr[data-email="${email}"]`).filter({ hasText: 'Expiré' })).toHaveCount(1);
});

test('a plain user never sees the panel and the database refuses their admin writes', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const email = `user.${uniq()}@rail.local`;
  const { data: inv, error } = await db.rpc('invite_user', { email });
  expect(error).toBeNull();
  const token = new URL((inv as { invitationUrl: string }).invitationUrl, baseURL).searchParams.get('token');
  const { anon: user } = await api(baseURL!);
  const signUp = await user.auth.signUp({ email, password: 'user-e2e-123', options: { data: { invitation_token: token } } });
  expect(signUp.error).toBeNull();
  if (!signUp.data.session) expect((await user.auth.signInWithPassword({ email, password: 'user-e2e-123' })).error).toBeNull();
  await user.rpc('create_profile', { user_id: (await user.auth.getUser()).data.user!.id, user_email: email, user_role: 'admin' });

  // Database: every admin write refused (an RLS refusal may also show as zero rows affected).
  const teamIns = await user.from('teams').insert({ name: 'Pirate' }).select();
  expect(teamIns.error ?? (teamIns.data?.length === 0 ? 'no rows' : null)).toBeTruthy();
  const setting = await user.from('app_settings').upsert({ key: 'feedback_link', value: 'https://evil.example' }, { onConflict: 'key' }).select();
  expect(setting.error ?? (setting.data?.length === 0 ? 'no rows' : null)).toBeTruthy();
  const lvlDel = await user.from('criticality_levels').delete().eq('id', 'attention').select();
  expect(lvlDel.error ?? (lvlDel.data?.length === 0 ? 'no rows' : null)).toBeTruthy();
  const zoneUpd = await user.from('zones').update({ name: 'Pirate' }).neq('id', '00000000-0000-0000-0000-000000000000').select();
  expect(zoneUpd.error ?? (zoneUpd.data?.length === 0 ? 'no rows' : null)).toBeTruthy();
  const markerIns = await user.from('kilometer_markers').insert({ position: 5, value: 1 }).select();
  expect(markerIns.error ?? (markerIns.data?.length === 0 ? 'no rows' : null)).toBeTruthy();
  const role = await user.rpc('change_user_role', { user_id: (await user.auth.getUser()).data.user!.id, new_role: 'admin' });
  expect(role.data).not.toBe(true);
  const invite = await user.rpc('invite_user', { email: `x.${uniq()}@rail.local` });
  expect((invite.data as { success?: boolean } | null)?.success).not.toBe(true);
  const profiles = await user.from('profiles').select('role').eq('email', email).single();
  expect(profiles.data?.role).toBe('user');
  const lineUp = await user.storage.from('line_images').upload(`line/${uniq()}.png`, pngOfSize(4, 4), { contentType: 'image/png' });
  expect(lineUp.error).not.toBeNull();
  const { anon } = await api(baseURL!);
  const anonUp = await anon.storage.from('line_images').upload(`line/${uniq()}.png`, pngOfSize(4, 4), { contentType: 'image/png' });
  expect(anonUp.error).not.toBeNull();
  const anonSetting = await anon.from('app_settings').upsert({ key: 'line_image', value: '{}' }, { onConflict: 'key' }).select();
  expect(anonSetting.error ?? (anonSetting.data?.length === 0 ? 'no rows' : null)).toBeTruthy();
  const fl = await db.from('app_settings').select('value').eq('key', 'feedback_link').maybeSingle();
  expect(fl.data?.value ?? '').not.toBe('https://evil.example');

  // UI: no administration entry.
  await login(page, email, 'user-e2e-123');
  await expect(page.getByRole('button', { name: 'Administration', exact: true })).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Administration' })).toHaveCount(0);
});
