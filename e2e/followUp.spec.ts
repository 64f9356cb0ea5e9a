// Follow-up of a report (docs/product.md#assignee, #deadlines, #follow-up), desktop 1440×900 and phone 390×844:
// 'Assigné à' limited to the team's active members, 'Échéance' from the level's delay, the 'Suivi' timeline with a
// comment, an intervention and the note asked when resolving; on a phone, a comment written offline is shown at
// once, then arrives exactly once, with its own observation time, after the status change made before it.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { api } from './adminHelpers';
import { adminClient, DESKTOP, PHONE, shot, signIn, uniq } from './appHelpers';
import { openEdit, waitOfflineReady } from './offlineHelpers';

// This file goes offline: the service worker (blocked by default in playwright.config.ts) is on.
test.use({ serviceWorkers: 'allow' });

const PASSWORD = 'member-e2e-123';

/** An invited, signed-up member with a profile in `teamId`; returns their id. */
async function member(baseURL: string, admin: SupabaseClient, email: string, teamId: string): Promise<string> {
  const { data: inv, error } = await admin.rpc('invite_user', { email });
  expect(error).toBeNull();
  const token = new URL((inv as { invitationUrl: string }).invitationUrl, baseURL).searchParams.get('token');
  const { anon: c } = await api(baseURL);
  const up = await c.auth.signUp({ email, password: PASSWORD, options: { data: { invitation_token: token } } });
  expect(up.error).toBeNull();
  const id = up.data.user!.id;
  expect((await c.rpc('create_profile', { user_id: id, user_email: email, user_role: 'user' })).error).toBeNull();
  expect((await admin.from('profiles').update({ team_id: teamId }).eq('id', id)).error).toBeNull();
  return id;
}

async function teamAndPoint(db: SupabaseClient, tag: string): Promise<{ teamId: string; pointId: string; name: string }> {
  const team = await db.from('teams').insert({ name: `Équipe ${tag}` }).select('id').single();
  expect(team.error).toBeNull();
  const name = `${tag} rail`;
  const p = await db.from('points').insert({
    name, description: 'Rail fissuré', kilometer: '', position: { x: 2600, y: 620 }, status: 'pris_en_charge', criticality: 'danger', team_id: team.data!.id,
  }).select('id').single();
  expect(p.error).toBeNull();
  return { teamId: team.data!.id, pointId: p.data!.id, name };
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: "Signalement d'anomalie" });

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

test('assign to a team member, due time, comment, intervention, resolve with a note', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const tag = `Suivi ${uniq()}`;
  const { teamId, pointId, name } = await teamAndPoint(db, tag);
  const email = `agent.${uniq()}@rail.local`;
  const memberId = await member(baseURL!, db, email, teamId);

  await signIn(page);
  await openEdit(page, name);
  const dialog = dialogOf(page);
  // danger: 48 h from the observation
  await expect(dialog.getByTestId('point-due')).toHaveText(/^Échéance : \d\d\/\d\d \d\d:\d\d$/);
  const assignee = dialog.getByLabel('Assigné à');
  await expect(assignee.locator('option')).toHaveText(['-- Personne --', email]);
  await assignee.selectOption(memberId);
  await shot(page, 'follow-desktop-form');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await db.from('points').select('assignee_id').eq('id', pointId).single()).data?.assignee_id).toBe(memberId);

  await openEdit(page, name);
  await expect(dialog.getByLabel('Assigné à')).toHaveValue(memberId);
  const follow = dialog.getByRole('region', { name: 'Suivi' });
  await expect(follow.getByTestId('follow-entry').filter({ hasText: `Assigné à : (vide) → ${email}` })).toHaveCount(1);
  await follow.getByLabel('Votre commentaire').fill('Rail à meuler, à revoir dans 3 mois');
  await follow.getByRole('button', { name: 'Ajouter' }).click();
  await expect(follow.getByTestId('follow-entry').filter({ hasText: 'Rail à meuler' })).toHaveCount(1);
  await follow.getByRole('radio', { name: 'Intervention' }).check();
  await follow.getByLabel('Ce qui a été fait').fill('Meulage du rail sur 2 m');
  await follow.getByLabel('Réalisée par').fill('Équipe voie Nord');
  await follow.getByRole('button', { name: 'Ajouter' }).click();
  const intervention = follow.getByTestId('follow-entry').filter({ hasText: 'Meulage du rail' });
  await expect(intervention).toContainText('Intervention');
  await expect(intervention).toContainText('par Équipe voie Nord');
  await shot(page, 'follow-desktop-timeline');

  // Resolving asks for an optional note, saved as an intervention after the status change.
  await dialog.getByLabel('Statut').selectOption('resolu');
  await dialog.getByLabel("Note d'intervention (facultatif)").fill('Soudure refaite');
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await db.from('point_events').select('kind, body').eq('point_id', pointId).order('created_at')).data)
    .toEqual([
      { kind: 'comment', body: 'Rail à meuler, à revoir dans 3 mois' },
      { kind: 'intervention', body: 'Meulage du rail sur 2 m' },
      { kind: 'intervention', body: 'Soudure refaite' },
    ]);
  // The timeline holds the status change, then the note written with it.
  const timeline = (await db.rpc('point_timeline', { p_point_id: pointId })).data as { kind: string; body: string | null; changes: { status?: { new?: string } } | null }[];
  const resolvedAt = timeline.findIndex((r) => r.changes?.status?.new === 'resolu');
  expect(resolvedAt).toBeGreaterThan(-1);
  expect(timeline.findIndex((r) => r.body === 'Soudure refaite')).toBeGreaterThan(resolvedAt);
});

test('what is written while the previous entry is being sent stays in the form', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const { pointId, name } = await teamAndPoint(db, `Envoi ${uniq()}`);
  let held = 0;
  await page.route(/\/rest\/v1\/point_events/, async (r) => {
    if (r.request().method() === 'POST' && held++ === 0) await new Promise((done) => setTimeout(done, 2_000)); // a slow network
    await r.continue();
  });
  await signIn(page);
  await openEdit(page, name);
  const follow = dialogOf(page).getByRole('region', { name: 'Suivi' });
  await follow.getByLabel('Votre commentaire').fill('Premier passage');
  await follow.getByRole('button', { name: 'Ajouter' }).click();
  await expect(follow.getByTestId('follow-entry').filter({ hasText: 'Premier passage' })).toHaveCount(1); // shown while it is sent
  await follow.getByRole('radio', { name: 'Intervention' }).check();
  await follow.getByLabel('Ce qui a été fait').fill('Serrage des éclisses');
  await follow.getByLabel('Réalisée par').fill('Équipe voie Sud');
  await expect(page.getByText('Ajouté au suivi')).toBeVisible(); // the first entry sent
  await expect(follow.getByLabel('Ce qui a été fait')).toHaveValue('Serrage des éclisses');
  await expect(follow.getByLabel('Réalisée par')).toHaveValue('Équipe voie Sud');
  await follow.getByRole('button', { name: 'Ajouter' }).click();
  await expect.poll(async () => (await db.from('point_events').select('kind, body, done_by').eq('point_id', pointId).order('created_at')).data)
    .toEqual([{ kind: 'comment', body: 'Premier passage', done_by: null }, { kind: 'intervention', body: 'Serrage des éclisses', done_by: 'Équipe voie Sud' }]);
  await expect(follow.getByLabel('Ce qui a été fait')).toHaveValue('');
});
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('a comment written offline shows at once and arrives once, with its own time, after the status change', async ({ page, baseURL, context }) => {
    const db = await adminClient(baseURL!);
    const tag = `Tunnel ${uniq()}`;
    const { pointId, name } = await teamAndPoint(db, tag);
    await signIn(page);
    await waitOfflineReady(page);

    await context.setOffline(true);
    await openEdit(page, name, true);
    const dialog = dialogOf(page);
    await dialog.getByLabel('Statut').selectOption('signale');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();
    await openEdit(page, name, true);
    const follow = dialog.getByRole('region', { name: 'Suivi' });
    await follow.getByLabel('Votre commentaire').fill('Écrit dans le tunnel');
    const writtenAt = Date.now();
    await follow.getByRole('button', { name: 'Ajouter' }).click();
    const waiting = follow.getByTestId('follow-entry').filter({ hasText: 'Écrit dans le tunnel' });
    await expect(waiting).toHaveAttribute('data-pending', 'true');
    await shot(page, 'follow-phone-offline');
    await page.waitForTimeout(1500); // the comment's observation time is before its arrival

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(waiting).not.toHaveAttribute('data-pending', 'true', { timeout: 20_000 });
    await expect(follow.getByTestId('follow-entry').filter({ hasText: 'Écrit dans le tunnel' })).toHaveCount(1);
    await shot(page, 'follow-phone-online');

    const rows = (await db.from('point_events').select('body, observed_at, created_at').eq('point_id', pointId)).data!;
    expect(rows).toHaveLength(1);
    expect(Date.parse(rows[0].observed_at)).toBeLessThan(Date.parse(rows[0].created_at) - 1000);
    expect(Math.abs(Date.parse(rows[0].observed_at) - writtenAt)).toBeLessThan(5000);
    // In order: the status change written before the comment reached the server before it.
    const audit = (await db.from('audit_log').select('at, changes').eq('table_name', 'points').eq('row_id', pointId).order('id')).data!;
    const statusChange = audit.find((a) => (a.changes as Record<string, { new?: unknown }>).status?.new === 'signale');
    expect(statusChange).toBeTruthy();
    expect(Date.parse(statusChange!.at)).toBeLessThanOrEqual(Date.parse(rows[0].created_at));
  });
});

test.describe('bell', () => {
  test.use({ viewport: DESKTOP });

  test('assigning a point counts on the assignee\'s bell live (phone), opening it opens the point and reads it', async ({ page, browser, baseURL }) => {
    const db = await adminClient(baseURL!);
    const tag = `Cloche ${uniq()}`;
    const { teamId, name } = await teamAndPoint(db, tag);
    const email = `chef.${uniq()}@rail.local`;
    const memberId = await member(baseURL!, db, email, teamId);

    const phoneCtx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const phone = await phoneCtx.newPage();
    await signIn(phone, email, PASSWORD);
    const bell = phone.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName('Notifications');

    await signIn(page);
    await openEdit(page, name);
    const dialog = dialogOf(page);
    await dialog.getByLabel('Assigné à').selectOption(memberId);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toBeHidden();

    await expect(bell).toHaveAccessibleName('Notifications (1 non lue)', { timeout: 15_000 });
    await shot(phone, 'follow-phone-bell');
    await bell.click();
    const list = phone.getByRole('dialog', { name: 'Notifications' });
    const item = list.getByTestId('notification').first();
    await expect(item).toContainText(name);
    await shot(phone, 'follow-phone-notifications');
    await item.click();
    await expect(dialogOf(phone)).toBeVisible();
    await expect(dialogOf(phone).getByLabel('Libellé')).toHaveValue(name);
    await expect(bell).toHaveAttribute('aria-label', 'Notifications'); // read (the point's dialog hides the header from assistive tech)
    // Another member's notifications are not readable, not even by an admin.
    expect((await db.from('notifications').select('read_at').eq('user_id', memberId)).data).toHaveLength(0);
    await phoneCtx.close();
  });
});

test.describe('late', () => {
  test.use({ viewport: DESKTOP });

  test('\'En retard\' lists the points whose due time the clock has passed, with their delay', async ({ page, baseURL }) => {
    const db = await adminClient(baseURL!);
    const tag = `Retard ${uniq()}`;
    const level = `e2e-${uniq()}`;
    expect((await db.from('criticality_levels').insert({ id: level, name: `Urgent ${tag}`, color: '#b91c1c', icon: 'Zap', order: 90, delay_hours: 1 }).select('id').single()).error).toBeNull();
    const mk = (name: string, criticality: string) => db.from('points').insert({
      name, description: 'Échéance proche', kilometer: '', position: { x: 2700, y: 640 }, status: 'signale', criticality,
    }).select('id, due_at').single(); // due in 1 h (the new level) and in 30 days ('attention')
    const soon = await mk(`${tag} bientôt`, level);
    expect(soon.error).toBeNull();
    const later = await mk(`${tag} plus tard`, 'attention');
    expect(later.error).toBeNull();

    await signIn(page);
    const late = page.getByRole('button', { name: 'En retard', exact: true });
    await late.click();
    await expect(page.getByRole('button', { name: `Modifier ${tag} bientôt` })).toHaveCount(0);
    await late.click(); // cleared

    // Two hours later on the device's clock: the first point is late, the second (30 days) is not.
    await page.clock.setFixedTime(Date.now() + 2 * 3_600_000);
    await late.click();
    await expect(late).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: `Modifier ${tag} bientôt` })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: `Modifier ${tag} plus tard` })).toHaveCount(0);
    await expect(page.locator('.point-row').filter({ hasText: `${tag} bientôt` }).locator('.late-badge')).toHaveText('En retard');
    await shot(page, 'follow-desktop-late');
    await page.getByRole('button', { name: `Modifier ${tag} bientôt` }).click();
    await expect(dialogOf(page).getByTestId('point-due')).toHaveText('En retard de 1 h');
  });
});
