// Helpers of the main-screen end-to-end specs: sign-in, a Node supabase-js client as admin, a tiny PNG, screenshots.
import { expect, type Page } from '@playwright/test';
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
