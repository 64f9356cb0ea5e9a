// Helpers of the main-screen end-to-end specs: sign-in, a Node supabase-js client as admin, a tiny PNG, screenshots,
// the whole line's route report and an inspection record's form (the inspection specs).
import { expect, type Locator, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { encodePng } from '../src/core/png';
import { mkdirSync } from 'node:fs';
import WebSocket from 'ws';
import { E2E_ADMIN } from '../playwright.config';

export const SCREENS_DIR = process.env.APP_SHOTS_DIR ?? 'test-results/app-screens';
export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };
export const uniq = (): string => Math.random().toString(36).slice(2, 8);

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENS_DIR}/${name}.png` });
}

/** A supabase-js client in Node signed in as the demo admin (for invitations and cleanup). */
export async function adminClient(baseURL: string): Promise<SupabaseClient> {
  const cfg = (await (await fetch(`${baseURL}/config.json`)).json()) as { supabaseUrl: string; supabaseAnonKey: string };
  const url = cfg.supabaseUrl ? new URL(cfg.supabaseUrl, baseURL).toString().replace(/\/$/, '') : baseURL;
  const c = createClient(url, cfg.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { error } = await c.auth.signInWithPassword(E2E_ADMIN);
  if (error) throw error;
  return c;
}

export async function signIn(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Connectez-vous' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible({ timeout: 30_000 });
  // The first load is over when the sidebar has its rows (the demo seed has ~300 points).
  await expect(page.locator('.app-shell')).toBeVisible();
}

/** A valid RGB PNG of width × height pixels. */
export function png(width = 8, height = 8, grey = 0x88): Buffer {
  return Buffer.from(encodePng(width, height, () => [grey, grey, grey]));
}

/**
 * Writes a row as another user would through the app: reads its version and states it, since the database refuses
 * a member's update without one (PT428); a row that does not exist is inserted. Returns the supabase result.
 */
export async function writeStated(db: SupabaseClient, table: string, key: string, id: string, patch: Record<string, unknown>) {
  const cur = await db.from(table).select('updated_at').eq(key, id).maybeSingle();
  if (cur.error) return cur;
  if (!cur.data) return db.from(table).insert({ [key]: id, ...patch }).select();
  return db.from(table).update({ ...patch, updated_at: (cur.data as { updated_at: string }).updated_at }).eq(key, id).select();
}

/** From the 'Rapport' button on screen: the route report of the whole line (PK minimum to maximum); its dialog. */
export const openWholeLineReport = (page: Page): Promise<Locator> => openLineReport(page);

/** From the 'Rapport' button on screen: the route report from PK `start` to `end` as typed ('14,20'), or of the
 * whole line without them; its dialog. */
export async function openLineReport(page: Page, start?: string, end?: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Rapport', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Générer un rapport' });
  await expect(form.getByText(/signalements? chargés?/)).toBeVisible({ timeout: 30_000 });
  if (start && end) {
    await form.getByRole('textbox', { name: 'PK de départ' }).fill(start);
    await form.getByRole('textbox', { name: "PK d'arrivée" }).fill(end);
  } else {
    await form.getByRole('button', { name: 'PK de départ : valeur minimale' }).click();
    await form.getByRole('button', { name: "PK d'arrivée : valeur maximale" }).click();
  }
  await form.getByRole('button', { name: 'Générer le rapport' }).click();
  const view = page.getByRole('dialog', { name: 'Rapport de parcours' });
  await expect(view).toBeVisible({ timeout: 30_000 });
  return view;
}

/** 'Enregistrer la tournée' from the report `view`, filled with `remark` on its first zone and PK 15-16 'non inspecté'
 * ('Voie occupée'), not yet saved; its dialog. */
export async function fillInspectionRecord(page: Page, view: Locator, remark: string): Promise<Locator> {
  await view.getByRole('button', { name: 'Enregistrer la tournée' }).click();
  const save = page.getByRole('dialog', { name: 'Enregistrer la tournée' });
  await save.getByLabel(/^Remarque :/).first().fill(remark);
  await save.getByRole('button', { name: 'Ajouter un tronçon non inspecté' }).click();
  await save.getByLabel('PK début').fill('15');
  await save.getByLabel('PK fin').fill('16');
  await save.getByLabel('Raison').fill('Voie occupée');
  return save;
}

/** Clicks a header action by its name: the header's own button, or the same action in 'Plus d'actions' when the
 * header has moved it there to fit its width (src/features/layout/useHeaderFit.ts). */
export async function headerAction(page: Page, name: string): Promise<void> {
  const button = page.getByRole('banner').getByRole('button', { name, exact: true });
  if (await button.isVisible()) { await button.click(); return; }
  await page.getByRole('banner').getByRole('button', { name: "Plus d'actions" }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
}
