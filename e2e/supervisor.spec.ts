// The dashboard's supervisor view (docs/product.md#supervisor-view) in Chromium on a desktop and a phone: a team's
// member with a late and an on-time report shows in 'Par personne assignée' and 'Par équipe' as public.supervisor_stats
// answers; the late cell opens the list of that member's late open reports ('En retard' pressed), the open cell the
// list of all their open reports (by keyboard too), each with its chip.
import { test, expect, type Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { teamMember as member } from './memberHelpers';
import { adminClient, DESKTOP, PHONE, headerAction, shot, signIn, uniq, writeStated } from './appHelpers';
import { formatHours, splitSupervisorRows, type SupervisorAnswerRow, type SupervisorRow } from '../src/core/dashboard/supervisor';

/**
 * A team and its member with two open reports of the first line: a seeded report already late (the server's clock
 * decides; a member cannot date a report before its line) moved to the team and assigned, and a new 'attention' one.
 */
async function world(baseURL: string, db: SupabaseClient) {
  const tag = uniq();
  const teamName = `Équipe Sup ${tag}`;
  const team = await db.from('teams').insert({ name: teamName }).select('id').single();
  expect(team.error).toBeNull();
  const teamId = team.data!.id as string;
  const email = `chef.${tag}@rail.local`;
  const memberId = await member(baseURL, db, email, teamId);
  const line = (await db.from('lines').select('id').order('sort').limit(1).single()).data!.id as string;
  const seeded = await db.from('points').select('id, name, team_id').eq('line_id', line).neq('status', 'resolu')
    .is('assignee_id', null).lt('due_at', new Date(Date.now() - 3_600_000).toISOString()).order('id').limit(1).single();
  expect(seeded.error, 'a late seeded report').toBeNull();
  const moved = await writeStated(db, 'points', 'id', seeded.data!.id, { team_id: teamId, assignee_id: memberId });
  expect(moved.error).toBeNull();
  const onTime = `Sup ${tag} à l'heure`;
  const ins = await db.from('points').insert({ name: onTime, description: 'Traverse fendue', kilometer: '', position: { x: 2450, y: 600 },
    criticality: 'attention', team_id: teamId, assignee_id: memberId, line_id: line }).select('id').single();
  expect(ins.error).toBeNull();
  const restore = async () => { // the demo as found: later specs read the line's newest reports
    expect((await writeStated(db, 'points', 'id', seeded.data!.id, { team_id: seeded.data!.team_id, assignee_id: null })).error).toBeNull();
    expect((await db.from('points').delete().eq('id', ins.data!.id)).error).toBeNull();
  };
  return { teamId, teamName, email, memberId, line, late: seeded.data!.name as string, onTime, restore };
}

async function openDashboard(page: Page) {
  await headerAction(page, 'Tableau de bord');
  const dash = page.getByRole('dialog', { name: 'Tableau de bord' });
  await expect(dash.getByTestId('dash-supervisor')).toBeVisible({ timeout: 30_000 });
  return dash;
}

async function checkSupervisor(page: Page, baseURL: string, phone: boolean) {
  const db = await adminClient(baseURL);
  const w = await world(baseURL, db);
  try { await checkLists(page, db, w, phone); } finally { await w.restore(); }
}

async function checkLists(page: Page, db: SupabaseClient, w: Awaited<ReturnType<typeof world>>, phone: boolean) {
  await signIn(page);
  if (!phone) await expect(page.locator('.point-row').first()).toBeVisible({ timeout: 60_000 });
  let dash = await openDashboard(page);
  await dash.getByLabel('Équipes').selectOption(w.teamId);

  const sql = await db.rpc('supervisor_stats', { p_line_id: w.line, p_days: 30, p_team_ids: [w.teamId] });
  expect(sql.error).toBeNull();
  const { assignees: assigneeRows, teams: teamRows } = splitSupervisorRows(sql.data as SupervisorAnswerRow[]);
  const mine = assigneeRows.find((r) => r.group_id === w.memberId)!;
  const team = teamRows.find((r) => r.group_id === w.teamId)!;
  expect(mine).toMatchObject({ open: 2, late: 1 });
  expect(team).toMatchObject({ open: 2, late: 1 });
  // The period's medians come from the seeded report's history, which specs run before on the same server may have
  // written (a resolution then a reopening): the cells show what the server answered.
  const medians = (r: SupervisorRow) => [formatHours(r.first_intervention_hours), formatHours(r.resolution_hours)];

  const assignees = dash.getByTestId('dash-supervisor-assignees');
  await expect(assignees.locator('tbody tr')).toHaveCount(assigneeRows.length);
  await expect(assignees.locator('tbody tr').first().locator('th, td')).toHaveText([w.email, '2', '1', ...medians(mine)]);
  const teams = dash.getByTestId('dash-supervisor-teams');
  await expect(teams.locator('tbody tr').first().locator('th, td')).toHaveText([w.teamName, '2', '1', ...medians(team)]);
  await dash.getByTestId('dash-supervisor').scrollIntoViewIfNeeded();
  await shot(page, phone ? 'supervisor-phone' : 'supervisor-desktop');

  // The late cell: the member's late open reports, 'En retard' pressed.
  await assignees.getByRole('button', { name: `${w.email} : 1 en retard — voir la liste` }).click();
  await expect(dash).toHaveCount(0);
  const chip = page.getByTestId('supervisor-filter');
  await expect(chip).toHaveText(`Assignés à ${w.email}, ouverts : 1 signalement`);
  await expect(page.getByRole('button', { name: 'En retard', exact: true, pressed: true })).toBeVisible();
  const list = page.locator('.point-row');
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText(w.late);
  await shot(page, phone ? 'supervisor-list-phone' : 'supervisor-list-desktop');
  if (await page.locator('.drawer-backdrop').count()) await page.keyboard.press('Escape');

  // The team's open cell, by keyboard: both reports, 'En retard' released.
  dash = await openDashboard(page);
  await dash.getByTestId('dash-supervisor-teams').getByRole('button', { name: `${w.teamName} : 2 ouverts — voir la liste` }).focus();
  await page.keyboard.press('Enter');
  await expect(dash).toHaveCount(0);
  await expect(chip).toHaveText(`Équipe ${w.teamName}, ouverts : 2 signalements`);
  await expect(page.getByRole('button', { name: 'En retard', exact: true, pressed: false })).toBeVisible();
  await expect(list).toHaveCount(2);
  await chip.getByRole('button', { name: 'Effacer le filtre de responsable' }).click();
  await expect(chip).toHaveCount(0);
  await expect.poll(() => list.count()).toBeGreaterThan(2);
}

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });
  test('the supervisor view counts open and late per assignee and team, and opens their lists', async ({ page, baseURL }) => {
    await checkSupervisor(page, baseURL!, false);
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
  test('the supervisor view on a phone', async ({ page, baseURL }) => { await checkSupervisor(page, baseURL!, true); });
});
