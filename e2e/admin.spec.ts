// Administration panel end to end (issue 6): each tab against the built app + embedded server (demo seed).
// Tests restore what they change (own teams, levels, markers, settings) so other specs see the seed unchanged.
import { test, expect, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { mkdirSync, readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import WebSocket from 'ws';
import { E2E_ADMIN } from '../playwright.config';

const SHOTS = process.env.ADMIN_SHOTS_DIR ?? 'test-results/admin-screens'; // screenshots to look at
const uniq = () => Math.random().toString(36).slice(2, 7);

async function api(baseURL: string): Promise<{ anon: SupabaseClient; url: string; key: string }> {
  const cfg = (await (await fetch(`${baseURL}/config.json`)).json()) as { supabaseUrl: string; supabaseAnonKey: string };
  const url = cfg.supabaseUrl ? new URL(cfg.supabaseUrl, baseURL).toString().replace(/\/$/, '') : baseURL;
  const mk = () => createClient(url, cfg.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never }, // Node 20 has no global WebSocket
  });
  return { anon: mk(), url, key: cfg.supabaseAnonKey };
}
async function adminClient(baseURL: string): Promise<SupabaseClient> {
  const { anon } = await api(baseURL);
  const { error } = await anon.auth.signInWithPassword(E2E_ADMIN);
  if (error) throw error;
  return anon;
}

async function login(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' }).first()).toBeAttached({ timeout: 30_000 });
}
async function openPanel(page: Page, tab?: string) {
  await page.getByRole('button', { name: 'Administration', exact: true }).first().click();
  const panel = page.getByRole('dialog', { name: 'Administration' });
  await expect(panel).toBeVisible();
  if (tab) await panel.getByRole('tab', { name: tab, exact: true }).click();
  return panel;
}

async function closePanel(page: Page) {
  const panel = page.getByRole('dialog', { name: 'Administration' });
  await panel.getByRole('button', { name: 'Fermer' }).first().click();
  await expect(panel).toBeHidden();
}

/** A solid PNG of the given size (for the line image size warning). */
function pngOfSize(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (b: Buffer) => { let c = 0xffffffff; for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height, 0xcc);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

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
  await expect(panel.getByText("Lien d'invitation copié dans le presse-papier !")).toBeHidden({ timeout: 3_500 }); // 2 s, SPEC §9

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
  // Only admin: demoting is refused with the SPEC §8 message, and the database still says admin.
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

test('Équipes: cards with statistics, create/edit/delete, refusals', async ({ page }) => {
  await login(page);
  const panel = await openPanel(page, 'Équipes');
  await expect(panel.getByRole('heading', { name: 'Gestion des équipes' })).toBeVisible();
  const cards = panel.locator('.team-card');
  await expect(cards.first()).toBeVisible();
  // Progress = resolved / total, rounded.
  for (const card of await cards.all()) {
    const total = Number(await card.locator('[data-stat="total"]').textContent());
    const resolved = Number(await card.locator('[data-stat="resolved"]').textContent());
    const pct = total ? Math.round((resolved / total) * 100) : 0;
    await expect(card.locator('[data-stat="percent"]')).toHaveText(`${pct} %`);
    await expect(card).toContainText(/membre/);
    await expect(card).toContainText(/Créée le \d{2}\/\d{2}\/\d{4}/);
  }
  // A seeded team used by points cannot be deleted.
  let usedName = '';
  for (const c of await cards.all()) if (Number(await c.locator('[data-stat="total"]').textContent()) > 0) { usedName = (await c.locator('.admin-card-title').textContent())!; break; }
  expect(usedName).not.toBe('');
  const usedCard = panel.locator(`.team-card[data-team="${usedName}"]`);
  await usedCard.getByRole('button', { name: `Supprimer ${usedName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await expect(confirm).toContainText(`Êtes-vous sûr de vouloir supprimer « ${usedName} » ?`);
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(confirm.getByText('Impossible de supprimer cette équipe car elle est utilisée par des signalements')).toBeVisible();
  await confirm.getByRole('button', { name: 'Annuler' }).click();

  // Create: name required (trimmed), then saved.
  await panel.getByRole('button', { name: 'Nouvelle équipe' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle équipe' });
  await form.getByLabel('Nom').fill('   ');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText("Le nom de l'équipe est obligatoire")).toBeVisible();
  const name = `Équipe E2E ${uniq()}`;
  await form.getByLabel('Nom').fill(`  ${name}  `);
  await form.getByLabel('Description').fill('Créée par le test de bout en bout');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  const card = panel.locator(`.team-card[data-team="${name}"]`);
  await expect(card).toContainText('0 membre');
  await expect(card.locator('[data-stat="percent"]')).toHaveText('0 %');
  await expect(card).toContainText('Créée par le test de bout en bout');

  // Edit.
  await card.getByRole('button', { name: `Modifier ${name}` }).click();
  const edit = page.getByRole('dialog', { name: "Modifier l'équipe" });
  await expect(edit.getByLabel('Nom')).toHaveValue(name);
  await edit.getByLabel('Nom').fill(`${name} bis`);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  const renamed = panel.locator(`.team-card[data-team="${name} bis"]`);
  await expect(renamed).toBeVisible();

  // Delete (unused team).
  await renamed.getByRole('button', { name: `Supprimer ${name} bis` }).click();
  await page.getByRole('dialog', { name: 'Confirmer la suppression' }).getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(renamed).toHaveCount(0);
  await closePanel(page); // reopening the panel reloads the tab from the database
  await openPanel(page, 'Équipes');
  await expect(page.locator(`.team-card[data-team="${name} bis"]`)).toHaveCount(0);
});

test('Zones: list with colour, track and PK range; edit; delete', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const zname = `Zone E2E ${uniq()}`;
  const ins = await db.from('zones').insert({ name: zname, color: '#3B82F6', track: 'voie_1', points: [{ x: 100, y: 100 }, { x: 200, y: 100 }, { x: 150, y: 200 }], km_start: null, km_end: null }).select().single();
  expect(ins.error).toBeNull();

  await login(page);
  const panel = await openPanel(page, 'Zones');
  await expect(panel.getByRole('heading', { name: 'Gestion des zones' })).toBeVisible();
  const rows = panel.locator('.zone-row');
  expect(await rows.count()).toBeGreaterThan(1);
  await expect(rows.first()).toContainText(/PK \d+,\d{2} → \d+,\d{2}/);
  await expect(rows.first().locator('.track-badge')).toHaveText(/Voie [12]|Aucune voie/);

  const row = panel.locator(`.zone-row[data-zone="${zname}"]`);
  await expect(row).toContainText('Voie 1');
  await row.getByRole('button', { name: `Modifier ${zname}` }).click();
  const form = page.getByRole('dialog', { name: 'Modifier la zone' });
  await expect(form.getByRole('button', { name: /Choisir la couleur/ })).toHaveCount(8); // SPEC §9: 8 presets here
  await form.getByLabel('Nom de la zone').fill(' ');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Le nom de la zone est obligatoire')).toBeVisible();
  await form.getByLabel('Nom de la zone').fill(`${zname} modifiée`);
  await form.getByLabel('Voie').selectOption('voie_2');
  await form.getByRole('button', { name: 'Choisir la couleur #22c55e' }).click();
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  const edited = panel.locator(`.zone-row[data-zone="${zname} modifiée"]`);
  await expect(edited).toContainText('Voie 2');
  const saved = await db.from('zones').select('name, track, color').eq('id', ins.data.id).single();
  expect(saved.data).toEqual({ name: `${zname} modifiée`, track: 'voie_2', color: '#22c55e' });

  await edited.getByRole('button', { name: `Supprimer ${zname} modifiée` }).click();
  await page.getByRole('dialog', { name: 'Confirmer la suppression' }).getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(edited).toHaveCount(0);
  // The row leaves the list as soon as the delete is sent: wait for the database to agree.
  await expect.poll(async () => (await db.from('zones').select('id').eq('id', ins.data.id)).data).toEqual([]);
});

test('Criticité: defaults, create with preview, reorder by keyboard, in-use and default refusals, delete', async ({ page, baseURL }) => {
  await login(page);
  const panel = await openPanel(page, 'Criticité');
  await expect(panel.getByRole('heading', { name: 'Niveaux de criticité' })).toBeVisible();
  const rows = panel.locator('.level-row');
  await expect(rows.nth(0)).toContainText('Attention sur ce risque');
  await expect(rows.nth(0)).toContainText('Par défaut');
  await expect(rows.nth(1)).toContainText('Danger sécurité');

  // Default level: refused without a confirmation.
  await rows.nth(0).getByRole('button', { name: 'Supprimer Attention sur ce risque' }).click();
  await expect(panel.getByText('Impossible de supprimer un niveau par défaut')).toBeVisible();

  // Create.
  await panel.getByRole('button', { name: 'Nouveau niveau' }).click();
  const form = page.getByRole('dialog', { name: 'Nouveau niveau de criticité' });
  await expect(form.getByLabel('Code hexadécimal')).toHaveValue('#ef4444');
  await expect(form.getByRole('button', { name: /Choisir la couleur/ })).toHaveCount(12);
  await expect(form.getByRole('radio')).toHaveCount(12);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Le nom est obligatoire')).toBeVisible();
  const name = `Risque E2E ${uniq()}`;
  await form.getByLabel('Nom').fill(name);
  await form.getByRole('button', { name: 'Choisir la couleur #8b5cf6' }).click();
  await form.getByRole('radio', { name: 'Éclair' }).click();
  await expect(form.getByTestId('level-preview')).toContainText(name);
  await expect(form.getByTestId('level-preview').locator('.level-badge')).toHaveCSS('color', 'rgb(139, 92, 246)');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  const mine = panel.locator('.level-row').filter({ hasText: name });
  await expect(mine).toContainText('Ordre 2');
  await expect(panel.locator('.level-row').last()).toContainText(name);

  // Reorder with the keyboard: focus 'Monter' and press Enter; the order is saved.
  await mine.getByRole('button', { name: `Monter « ${name} »` }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.locator('.level-row').nth(1)).toContainText(name);
  const db = await adminClient(baseURL!);
  const ordered = (await db.from('criticality_levels').select('id, name, order').order('order')).data!;
  expect(ordered.map((l) => l.name)).toEqual(['Attention sur ce risque', name, 'Danger sécurité']);
  await closePanel(page); // reopening the panel reloads the tab from the database
  const panel2 = await openPanel(page, 'Criticité');
  await expect(panel2.locator('.level-row').nth(1)).toContainText(name);
  await panel2.locator('.level-row').nth(1).getByRole('button', { name: `Descendre « ${name} »` }).click();
  await expect(panel2.locator('.level-row').nth(2)).toContainText(name);

  // In use: refused with the count.
  const id = ordered.find((l) => l.name === name)!.id;
  const p = await db.from('points').insert({ name: 'Point E2E', description: 'x', kilometer: '10.00', km_value: 10, position: { x: 50, y: 50 }, status: 'signale', criticality: id }).select('id').single();
  expect(p.error).toBeNull();
  const row = panel2.locator('.level-row').filter({ hasText: name });
  await row.getByRole('button', { name: `Supprimer ${name}` }).click();
  let confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(confirm.getByText('Impossible de supprimer ce niveau car il est utilisé par 1 signalement(s)')).toBeVisible();
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  expect((await db.from('points').delete().eq('id', p.data!.id)).error).toBeNull();

  // Edit then delete.
  await row.getByRole('button', { name: `Modifier ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Modifier le niveau de criticité' });
  await expect(edit.getByLabel('Nom')).toHaveValue(name);
  await edit.getByRole('button', { name: 'Annuler' }).click();
  await row.getByRole('button', { name: `Supprimer ${name}` }).click();
  confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(panel2.locator('.level-row').filter({ hasText: name })).toHaveCount(0);
  // The list may briefly empty while it reloads: wait for the database to agree.
  await expect.poll(async () => (await db.from('criticality_levels').select('id').eq('id', id)).data).toEqual([]);
});

test('Paramètres: feedback link validation, save, 3 s success, header link updated', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const original = (await db.from('app_settings').select('value').eq('key', 'feedback_link').maybeSingle()).data?.value ?? '';
  await login(page);
  const panel = await openPanel(page, 'Paramètres');
  await expect(panel.getByRole('heading', { name: "Paramètres de l'application" })).toBeVisible();
  const input = panel.getByLabel(/Lien d'avis/);
  const save = panel.getByRole('button', { name: 'Enregistrer' });
  await input.fill('pas une url');
  await expect(panel.getByText("Le lien d'avis doit être une URL valide")).toBeVisible();
  await expect(save).toBeDisabled();
  const url = `https://avis.example.org/${uniq()}`;
  await input.fill(url);
  await expect(save).toBeEnabled();
  const event = page.evaluate(() => new Promise<string>((resolve) => window.addEventListener('feedbackLinkUpdated', (e) => resolve(String((e as CustomEvent).detail)), { once: true })));
  await save.click();
  await expect(panel.getByText('Paramètres sauvegardés avec succès')).toBeVisible();
  expect(await event).toBe(url);
  await expect(panel.getByText('Paramètres sauvegardés avec succès')).toBeHidden({ timeout: 4_500 }); // 3 s, SPEC §9
  expect((await db.from('app_settings').select('value').eq('key', 'feedback_link').single()).data?.value).toBe(url);
  await closePanel(page);
  await expect(page.getByRole('link', { name: 'Laisser un Avis' })).toHaveAttribute('href', url);

  // Empty is allowed (hides the link again).
  const panel2 = await openPanel(page, 'Paramètres');
  await panel2.getByLabel(/Lien d'avis/).fill('');
  await expect(panel2.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
  await panel2.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel2.getByText('Paramètres sauvegardés avec succès')).toBeVisible();
  await closePanel(page);
  await expect(page.getByRole('link', { name: 'Laisser un Avis' })).toHaveCount(0);
  expect((await db.from('app_settings').select('value').eq('key', 'feedback_link').single()).data?.value).toBe('');

  // Restore the seed's link for the other specs.
  const panel3 = await openPanel(page, 'Paramètres');
  await panel3.getByLabel(/Lien d'avis/).fill(original);
  await panel3.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel3.getByText('Paramètres sauvegardés avec succès')).toBeVisible();
  expect((await db.from('app_settings').select('value').eq('key', 'feedback_link').single()).data?.value).toBe(original);
});

test('Ligne: add a marker on the ruler, edit it, drag it, delete it; zones PK kept; line image size warning and replacement', async ({ page, baseURL }) => {
  const db = await adminClient(baseURL!);
  const before = (await db.from('kilometer_markers').select('id, position, value').order('position')).data!;
  const zonesBefore = (await db.from('zones').select('id, km_start, km_end').order('id')).data!;
  expect(before.length).toBeGreaterThanOrEqual(2);

  await login(page);
  const panel = await openPanel(page, 'Ligne');
  await expect(panel.getByText(`Marqueurs PK (${before.length})`)).toBeVisible();
  await expect(panel.getByText('Ajoutez au moins deux marqueurs PK')).toHaveCount(0);

  // Add: click the ruler band between the first two markers, type the interpolated value so zones do not move.
  const band = panel.getByTestId('ruler-band');
  const box = (await band.boundingBox())!;
  const lineSetting = (await db.from('app_settings').select('value').eq('key', 'line_image').maybeSingle()).data;
  const img = lineSetting ? (JSON.parse(lineSetting.value) as { width: number }).width : 12000; // image px
  const midX = (before[0].position + before[1].position) / 2;
  await page.mouse.click(box.x + (midX / img) * box.width, box.y + box.height / 2);
  const prompt = panel.locator('form.marker-new');
  await expect(prompt).toContainText(/Valeur PK \(km\) du marqueur à la position \d+ px/);
  const posText = (await prompt.textContent())!.match(/position (\d+) px/)![1];
  const pos = Number(posText);
  const km = before[0].value + ((pos - before[0].position) / (before[1].position - before[0].position)) * (before[1].value - before[0].value);
  await prompt.getByRole('textbox').fill('abc');
  await prompt.getByRole('button', { name: 'Ajouter' }).click();
  await expect(prompt.getByText(/PK invalide/)).toBeVisible();
  await prompt.getByRole('textbox').fill((Math.round(km * 100) / 100).toFixed(2).replace('.', ','));
  await prompt.getByRole('button', { name: 'Ajouter' }).click();
  await expect(panel.getByText(`Marqueurs PK (${before.length + 1})`)).toBeVisible();
  let after = (await db.from('kilometer_markers').select('id, position, value').order('position')).data!;
  const added = after.find((m) => !before.some((b) => b.id === m.id))!;
  expect(added.position).toBe(pos);

  // Edit its value in the table, then drag its handle on the ruler.
  const label = (v: number) => `Marqueur PK ${v.toFixed(2).replace('.', ',')}`;
  const valueInput = panel.getByLabel(`PK (km) — ${label(Number(added.value))}`);
  await valueInput.fill((Number(added.value) + 0.01).toFixed(2).replace('.', ','));
  await panel.getByRole('button', { name: `Enregistrer ${label(Number(added.value))}` }).click();
  await expect.poll(async () => Number((await db.from('kilometer_markers').select('value').eq('id', added.id).single()).data!.value)).toBeCloseTo(Number(added.value) + 0.01, 2);
  const handle = panel.getByRole('slider', { name: label(Number(added.value) + 0.01) });
  const hb = (await handle.boundingBox())!;
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  await page.mouse.move(hb.x + hb.width / 2 + 8, hb.y + hb.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await db.from('kilometer_markers').select('position').eq('id', added.id).single()).data!.position).toBeGreaterThan(pos);
  // Keyboard: ← moves it by 10 image px (saved after a short pause).
  const posOf = async () => (await db.from('kilometer_markers').select('position').eq('id', added.id).single()).data!.position as number;
  const dragged = await posOf();
  await handle.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(posOf, { timeout: 5_000 }).toBe(dragged - 10);

  // Delete with confirmation: markers and zone PK ranges are back to the seed.
  const rowDelete = panel.getByRole('button', { name: new RegExp(`^Supprimer Marqueur PK ${(Number(added.value) + 0.01).toFixed(2).replace('.', ',')}$`) });
  await rowDelete.click();
  await page.getByRole('dialog', { name: 'Confirmer la suppression' }).getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(panel.getByText(`Marqueurs PK (${before.length})`)).toBeVisible();
  after = (await db.from('kilometer_markers').select('id, position, value').order('position')).data!;
  expect(after).toEqual(before);
  await page.waitForTimeout(1_000); // nothing pending may re-create it
  expect((await db.from('kilometer_markers').select('id, position, value').order('position')).data).toEqual(before);
  expect((await db.from('zones').select('id, km_start, km_end').order('id')).data).toEqual(zonesBefore);

  // Line image: a different size warns (cancelled); the same size replaces without warning.
  const input = panel.getByTestId('line-image-input');
  await input.setInputFiles({ name: 'petite.png', mimeType: 'image/png', buffer: pngOfSize(600, 100) });
  await expect(panel.getByText(/la nouvelle image mesure 600 × 100 px au lieu de 12000 × 1500 px/)).toBeVisible();
  await panel.locator('.line-image-chosen').getByRole('button', { name: 'Annuler' }).click();
  await input.setInputFiles({ name: 'line.png', mimeType: 'image/png', buffer: readFileSync('public/line.png') });
  await expect(panel.getByText('line.png — 12000 × 1500 px')).toBeVisible();
  await expect(panel.getByText(/la nouvelle image mesure/)).toHaveCount(0);
  await panel.getByRole('button', { name: "Remplacer l'image" }).click();
  await expect(page.getByText('Image de la ligne remplacée')).toBeVisible();
  const setting = (await db.from('app_settings').select('value').eq('key', 'line_image').single()).data!.value;
  const parsed = JSON.parse(setting) as { url: string; width: number; height: number };
  expect(parsed).toMatchObject({ width: 12000, height: 1500 });
  expect(parsed.url).toContain('/storage/v1/object/public/line_images/line/');
  const res = await fetch(new URL(parsed.url, baseURL).toString());
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
});

test('load, save and delete failures show the SPEC §8 messages, and Réessayer reloads', async ({ page }) => {
  await login(page);
  const panel = await openPanel(page);
  const cases: [tab: string, table: RegExp, message: string, loaded: RegExp | string][] = [
    ['Équipes', /\/rest\/v1\/teams/, 'Erreur lors du chargement des données des équipes', /Signalements/],
    ['Zones', /\/rest\/v1\/zones/, 'Erreur lors du chargement des zones', /PK \d/],
    ['Criticité', /\/rest\/v1\/criticality_levels/, 'Erreur lors du chargement des niveaux de criticité', 'Danger sécurité'],
    ['Paramètres', /\/rest\/v1\/app_settings/, 'Erreur lors du chargement des paramètres', "Lien d'avis"],
    ['Ligne', /\/rest\/v1\/kilometer_markers/, 'Erreur lors du chargement des marqueurs', /Marqueurs PK \(\d+\)/],
    ['Utilisateurs', /\/rest\/v1\/(profiles|rpc\/list_invitations)/, 'Une erreur est survenue lors du chargement des utilisateurs.', E2E_ADMIN.email],
  ];
  for (const [tab, url, message, loaded] of cases) {
    await page.route(url, (r) => r.abort());
    await panel.getByRole('tab', { name: tab, exact: true }).click();
    await expect(panel.getByText(message)).toBeVisible();
    await page.unrouteAll();
    await panel.getByRole('button', { name: 'Réessayer' }).click();
    await expect(panel.getByText(loaded).first()).toBeVisible();
    await expect(panel.getByText(message)).toHaveCount(0);
  }

  // Save failures.
  await panel.getByRole('tab', { name: 'Équipes', exact: true }).click();
  await page.route(/\/rest\/v1\/teams/, (r) => (r.request().method() === 'GET' ? r.continue() : r.abort()));
  await panel.getByRole('button', { name: 'Nouvelle équipe' }).click();
  const form = page.getByRole('dialog', { name: 'Nouvelle équipe' });
  await form.getByLabel('Nom').fill(`Échec ${uniq()}`);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText("Erreur lors de la sauvegarde de l'équipe")).toBeVisible();
  await form.getByRole('button', { name: 'Annuler' }).click();
  await page.unrouteAll();

  await panel.getByRole('tab', { name: 'Zones', exact: true }).click();
  await page.route(/\/rest\/v1\/zones/, (r) => (r.request().method() === 'GET' ? r.continue() : r.abort()));
  const first = panel.locator('.zone-row').first();
  const zname = (await first.locator('.admin-row-title').textContent())!;
  await first.getByRole('button', { name: `Modifier ${zname}` }).click();
  const zform = page.getByRole('dialog', { name: 'Modifier la zone' });
  await zform.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(zform.getByText('Erreur lors de la modification')).toBeVisible();
  await zform.getByRole('button', { name: 'Annuler' }).click();
  await first.getByRole('button', { name: `Supprimer ${zname}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await confirm.getByRole('button', { name: 'Oui, supprimer définitivement' }).click();
  await expect(confirm.getByText('Erreur lors de la suppression de la zone')).toBeVisible();
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await page.unrouteAll();
  await expect(panel.locator(`.zone-row[data-zone="${zname}"]`).first()).toBeVisible();

  await panel.getByRole('tab', { name: 'Paramètres', exact: true }).click();
  await page.route(/\/rest\/v1\/app_settings/, (r) => (r.request().method() === 'GET' ? r.continue() : r.abort()));
  await panel.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(panel.getByText('Erreur lors de la sauvegarde des paramètres')).toBeVisible();
  await page.unrouteAll();
});

test('empty states (responses stubbed empty): users, invitations, teams, zones, markers', async ({ page }) => {
  await login(page);
  const empty = (r: import('@playwright/test').Route) =>
    r.request().method() === 'GET' || r.request().url().includes('/rpc/')
      ? r.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
      : r.continue();
  await page.route(/\/rest\/v1\/(profiles|rpc\/list_invitations|teams|zones|kilometer_markers)/, empty);
  const panel = await openPanel(page, 'Utilisateurs');
  await expect(panel.getByText('Aucun utilisateur trouvé')).toBeVisible();
  await panel.getByRole('tab', { name: /^Invitations/ }).click();
  await expect(panel.getByText('Aucune invitation trouvée')).toBeVisible();
  await panel.getByRole('tab', { name: 'Équipes', exact: true }).click();
  await expect(panel.getByText('Aucune équipe', { exact: true })).toBeVisible();
  await panel.getByRole('tab', { name: 'Zones', exact: true }).click();
  await expect(panel.getByText('Aucune zone', { exact: true })).toBeVisible();
  await expect(panel.getByText(/Les zones se créent sur la carte.*« Zone »/)).toBeVisible();
  await panel.getByRole('tab', { name: 'Ligne', exact: true }).click();
  await expect(panel.getByText('Ajoutez au moins deux marqueurs PK sur la règle pour utiliser cette fonctionnalité.')).toBeVisible();
  await expect(panel.getByText('Aucun marqueur PK')).toBeVisible();
  await page.unrouteAll();
});

test('screenshots of every tab on desktop 1440×900 and phone 390×844', async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  for (const [name, size] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    const context = await browser.newContext({ viewport: size, locale: 'fr-FR', timezoneId: 'Europe/Paris', hasTouch: name === 'phone', isMobile: name === 'phone' });
    const page = await context.newPage();
    await login(page);
    const direct = page.getByRole('button', { name: 'Administration', exact: true }).first();
    if (await direct.isVisible().catch(() => false)) await direct.click();
    else {
      // On phones the admin entry sits in the floating menu.
      await page.getByRole('button', { name: 'Ouvrir le menu des actions' }).click();
      await page.getByRole('menuitem', { name: /^Admin/ }).or(page.getByRole('button', { name: /^Admin/ })).first().click();
    }
    const panel = page.getByRole('dialog', { name: 'Administration' });
    await expect(panel).toBeVisible();
    for (const tab of ['Utilisateurs', 'Équipes', 'Zones', 'Criticité', 'Paramètres', 'Ligne']) {
      await panel.getByRole('tab', { name: tab, exact: true }).click();
      await expect(panel.locator('.admin-loading')).toHaveCount(0);
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/${name}-${tab.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()}.png` });
      if (tab === 'Utilisateurs') {
        await panel.getByLabel('Adresse email').fill(`capture.${name}.${uniq()}@rail.local`);
        await panel.getByRole('button', { name: "Envoyer l'invitation" }).click();
        await expect(panel.getByText(/Invitation créée pour/)).toBeVisible();
        await page.screenshot({ path: `${SHOTS}/${name}-invite-created.png` });
        await panel.getByRole('tab', { name: /^Invitations/ }).click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${SHOTS}/${name}-invitations.png` });
      }
    }
    await panel.getByRole('tab', { name: 'Criticité', exact: true }).click();
    await panel.getByRole('button', { name: 'Nouveau niveau' }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${SHOTS}/${name}-level-form.png` });
    await context.close();
  }
});
