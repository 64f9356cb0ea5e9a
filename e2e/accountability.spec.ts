// Accountability end to end: a point's 'Historique' in the point form, the admin 'Journal' tab
// (filters, server paging), deactivating a member (whose open page is then signed out at once) and revoking an
// invitation; desktop 1440×900 and phone 390×844.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { api, openPanel } from './adminHelpers';
import { adminClient, writeStated, DESKTOP, PHONE, shot, signIn, uniq } from './appHelpers';

const PASSWORD = 'member-e2e-123';
const DISABLED = 'Votre accès a été désactivé. Contactez un administrateur.';

/** An invited, signed-up member with a profile; returns their API client and id. */
async function member(baseURL: string, admin: SupabaseClient, email: string): Promise<{ c: SupabaseClient; id: string }> {
  const { data: inv, error } = await admin.rpc('invite_user', { email });
  expect(error).toBeNull();
  const token = new URL((inv as { invitationUrl: string }).invitationUrl, baseURL).searchParams.get('token');
  const { anon: c } = await api(baseURL);
  const up = await c.auth.signUp({ email, password: PASSWORD, options: { data: { invitation_token: token } } });
  expect(up.error).toBeNull();
  const id = up.data.user!.id;
  expect((await c.rpc('create_profile', { user_id: id, user_email: email, user_role: 'user' })).error).toBeNull();
  return { c, id };
}

/** A point made by `author`, then its status and level changed by the admin. */
async function pointWithHistory(author: SupabaseClient, admin: SupabaseClient, name: string): Promise<string> {
  const ins = await author.from('points').insert({ name, description: 'Éclisse fissurée', kilometer: '14.20', km_value: 14.2, position: { x: 3100, y: 620 } }).select('id').single();
  expect(ins.error).toBeNull();
  const v1 = await writeStated(admin, 'points', 'id', ins.data!.id, { status: 'pris_en_charge' });
  expect(v1.error).toBeNull();
  const v2 = await writeStated(admin, 'points', 'id', ins.data!.id, { criticality: 'danger' });
  expect(v2.error).toBeNull();
  return ins.data!.id;
}

async function openHistory(page: Page, name: string) {
  const row = page.locator('.point-row').filter({ hasText: name });
  await row.getByRole('button', { name: `Modifier ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: "Signalement d'anomalie" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Historique' }).click();
  return dialog;
}

const DATE = /le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/;

test.describe('desktop 1440×900', () => {
  test.use({ viewport: DESKTOP });

  test('a plain user reads a point\'s history, newest first, with authors\' emails and French labels', async ({ page, baseURL }) => {
    const admin = await adminClient(baseURL!);
    const email = `auteur.${uniq()}@rail.local`;
    const author = await member(baseURL!, admin, email);
    const name = `Historique ${uniq()}`;
    await pointWithHistory(author.c, admin, name);

    await signIn(page, email, PASSWORD);
    const dialog = await openHistory(page, name);
    const items = dialog.locator('.point-history-list li');
    // The level's change moves the due time with it (its delay): both in the history, the due time first.
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toHaveText(new RegExp(`^Échéance : .+ → .+, par admin@rail\\.local ${DATE.source}`));
    await expect(items.nth(1)).toHaveText(new RegExp(`^Criticité : Attention sur ce risque → Danger sécurité, par admin@rail\\.local ${DATE.source}`));
    await expect(items.nth(2)).toHaveText(new RegExp(`^Statut : Signalé → En cours, par admin@rail\\.local ${DATE.source}`));
    await expect(items.nth(3)).toHaveText(new RegExp(`^Signalement créé, par ${email.replace(/\./g, '\\.')} ${DATE.source}`));
    await shot(page, 'desktop-point-history');

    // A save by this user appears at the top when the history is opened again.
    await dialog.getByLabel('N° OT/Dépêche').fill('OT-777');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    const again = await openHistory(page, name);
    await expect(again.locator('.point-history-list li')).toHaveCount(5);
    await expect(again.locator('.point-history-list li').first()).toHaveText(new RegExp(`^N° OT/Dépêche : \\(vide\\) → OT-777, par ${email.replace(/\./g, '\\.')} `));
  });

  test('the admin Journal: every change, filtered by user, table and date, paged on the server', async ({ page, baseURL }) => {
    const admin = await adminClient(baseURL!);
    const email = `journal.${uniq()}@rail.local`;
    const author = await member(baseURL!, admin, email);
    const name = `Journal ${uniq()}`;
    await pointWithHistory(author.c, admin, name);

    await signIn(page);
    const panel = await openPanel(page, 'Journal');
    // The demo seed alone is hundreds of entries: the first page holds 50, the count says the total.
    await expect(panel.locator('.journal-table tbody tr')).toHaveCount(50, { timeout: 20_000 });
    const count = Number((await panel.locator('.journal-count').innerText()).replace(/\D/g, ''));
    expect(count).toBeGreaterThan(300);
    await expect(panel.getByText(`Page 1 sur ${Math.ceil(count / 50)}`)).toBeVisible();
    await panel.getByRole('button', { name: 'Suivant' }).click();
    await expect(panel.getByText(`Page 2 sur ${Math.ceil(count / 50)}`)).toBeVisible();

    await panel.getByRole('combobox', { name: 'Utilisateur', exact: true }).selectOption({ label: email });
    // their invitation used at sign-up (invitations are in the Journal), their profile's creation
    // (create_profile runs as them) and their point
    await expect(panel.locator('.journal-count')).toHaveText('3 modifications');
    await expect(panel.locator('.journal-table tbody tr').first()).toContainText('Signalement créé');
    await expect(panel.locator('.journal-table tbody tr').first()).toContainText(name);
    await expect(panel.locator('.journal-table tbody tr').nth(1)).toContainText('Profil créé');
    await expect(panel.locator('.journal-table tbody tr').nth(2)).toContainText('Invitation utilisée');

    await panel.getByRole('combobox', { name: 'Utilisateur', exact: true }).selectOption({ label: 'Tous les utilisateurs' });
    await panel.getByRole('combobox', { name: 'Table', exact: true }).selectOption({ label: 'Utilisateurs' });
    await expect.poll(async () => [...new Set(await panel.locator('.journal-table tbody tr td:nth-child(3)').allInnerTexts())]).toEqual(['Utilisateurs']);
    await expect(panel.locator('.journal-table tbody tr').filter({ hasText: email }).first()).toContainText('Profil créé');

    // A date range before any change: nothing.
    await panel.getByRole('combobox', { name: 'Table', exact: true }).selectOption({ label: 'Toutes les tables' });
    await panel.getByLabel('Du', { exact: true }).fill('2020-01-01');
    await panel.getByLabel('Au', { exact: true }).fill('2020-01-02');
    await expect(panel.getByText('Aucune modification pour ces filtres.')).toBeVisible();
    await panel.getByRole('button', { name: 'Effacer les filtres' }).click();
    await expect(panel.locator('.journal-table tbody tr')).toHaveCount(50);
    await shot(page, 'desktop-journal');
  });

  test('deactivating a member: their open page is signed out at once; reactivating; revoking an invitation', async ({ page, browser, baseURL }) => {
    const admin = await adminClient(baseURL!);
    const email = `partant.${uniq()}@rail.local`;
    await member(baseURL!, admin, email);

    // The member works in their own browser.
    const ctx = await browser.newContext({ viewport: DESKTOP });
    const memberPage = await ctx.newPage();
    await signIn(memberPage, email, PASSWORD);
    await expect(memberPage.locator('.point-row').first()).toBeVisible({ timeout: 30_000 });

    await signIn(page);
    const panel = await openPanel(page, 'Utilisateurs');
    const row = panel.locator(`tr[data-email="${email}"]`);
    await expect(row).toContainText('Actif');
    await row.getByRole('button', { name: `Désactiver ${email}` }).click();
    const confirm = page.getByRole('dialog', { name: "Désactiver l'accès" });
    await expect(confirm).toContainText(email);
    await shot(page, 'desktop-deactivate-confirm');
    await confirm.getByRole('button', { name: 'Désactiver' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Désactivé');
    await expect(row.getByRole('button', { name: `Réactiver ${email}` })).toBeVisible();
    // Nobody deactivates themselves: no button on one's own row.
    await expect(panel.locator('tr[data-email="admin@rail.local"]').getByRole('button', { name: /Désactiver/ })).toHaveCount(0);

    // The member's open page is signed out at once, without any action of theirs (the database's access_revoked
    // broadcast; e2e/access-ends.spec.ts times it), and says why.
    await expect(memberPage.getByText(DISABLED)).toBeVisible({ timeout: 5_000 });
    await expect(memberPage.getByRole('heading', { name: 'Connectez-vous' })).toBeVisible();
    await shot(memberPage, 'desktop-access-revoked');
    // Signing in again is refused with the same message.
    await memberPage.getByLabel('Email', { exact: true }).fill(email);
    await memberPage.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    // The message is already on screen: wait for this attempt's refusal itself, not just the text. A deactivated
    // member is banned: the sign-in itself is refused (400 user_banned), as Supabase refuses a banned user.
    const refused = memberPage.waitForResponse((r) => r.url().includes('/auth/v1/token') && r.status() === 400, { timeout: 15_000 });
    await memberPage.getByRole('button', { name: 'Se connecter' }).click();
    await refused;
    await expect(memberPage.getByText(DISABLED)).toBeVisible({ timeout: 15_000 });
    await expect(memberPage.getByRole('button', { name: 'Déconnexion' })).toHaveCount(0);
    // The refused session is not kept on the device (it would reopen the app once the access is given back).
    await expect.poll(() => memberPage.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith('-auth-token')).length)).toBe(0);

    // Reactivated: they can sign in again.
    await row.getByRole('button', { name: `Réactiver ${email}` }).click();
    await page.getByRole('dialog', { name: "Réactiver l'accès" }).getByRole('button', { name: 'Réactiver' }).click();
    await expect(row).toContainText('Actif');
    await signIn(memberPage, email, PASSWORD);
    await expect(memberPage.getByText(DISABLED)).toHaveCount(0);
    await ctx.close();

    // Revoke an unused invitation; its link then no longer works.
    const invited = `invite.${uniq()}@rail.local`;
    const inv = await admin.rpc('invite_user', { email: invited });
    const token = new URL((inv.data as { invitationUrl: string }).invitationUrl, baseURL).searchParams.get('token')!;
    await page.getByRole('button', { name: 'Actualiser' }).first().click();
    await panel.getByRole('tab', { name: /^Invitations/ }).click();
    const invRow = panel.locator(`tr[data-email="${invited}"]`);
    await expect(invRow).toContainText('En attente');
    await invRow.getByRole('button', { name: `Révoquer ${invited}` }).click();
    await page.getByRole('dialog', { name: "Révoquer l'invitation" }).getByRole('button', { name: 'Révoquer' }).click();
    await expect(invRow).toContainText('Révoquée');
    const { anon } = await api(baseURL!);
    expect((await anon.rpc('validate_invitation', { token })).data).toBeNull();
    await shot(page, 'desktop-invitation-revoked');
  });
});

test.describe('phone 390×844', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('history in the point form and the Journal fit a phone', async ({ page, baseURL }) => {
    const admin = await adminClient(baseURL!);
    const name = `Téléphone ${uniq()}`;
    await pointWithHistory(admin, admin, name);
    await signIn(page);
    await page.getByRole('button', { name: 'Afficher la liste' }).click();
    const dialog = await openHistory(page, name);
    const items = dialog.locator('.point-history-list li');
    await expect(items).toHaveCount(4); // the level's change moves the due time: two lines for it
    await expect(items.nth(2)).toContainText('Statut : Signalé → En cours, par admin@rail.local');
    await items.nth(3).scrollIntoViewIfNeeded();
    const box = (await items.nth(0).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width + 1);
    await shot(page, 'phone-point-history');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(page.locator('.sidebar')).toHaveClass(/sidebar-closed/);

    await page.getByRole('button', { name: 'Ouvrir le menu des actions' }).click();
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Administration' });
    await panel.getByRole('tab', { name: 'Journal', exact: true }).click();
    // newest first: the level change, the status change, then the creation, all named after the point
    await expect(panel.locator('.journal-table tbody tr').nth(0)).toContainText(name);
    await expect(panel.locator('.journal-table tbody tr').nth(0)).toContainText('Criticité : Attention sur ce risque → Danger sécurité');
    await expect(panel.locator('.journal-table tbody tr').nth(2)).toContainText('Signalement créé');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width + 1);
    await shot(page, 'phone-journal');
  });
});
