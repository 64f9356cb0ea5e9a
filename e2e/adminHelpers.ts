// Shared helpers of the administration end-to-end specs: API clients, sign-in, opening/closing the panel, PNGs.
import { expect, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { E2E_ADMIN } from '../playwright.config';
import { encodePng } from '../src/core/png';

export { adminClient, uniq } from './appHelpers';

export const SHOTS = process.env.ADMIN_SHOTS_DIR ?? 'test-results/admin-screens'; // screenshots to look at

export async function api(baseURL: string): Promise<{ anon: SupabaseClient; url: string; key: string }> {
  const cfg = (await (await fetch(`${baseURL}/config.json`)).json()) as { supabaseUrl: string; supabaseAnonKey: string };
  const url = cfg.supabaseUrl ? new URL(cfg.supabaseUrl, baseURL).toString().replace(/\/$/, '') : baseURL;
  const mk = () => createClient(url, cfg.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never }, // Node 20 has no global WebSocket
  });
  return { anon: mk(), url, key: cfg.supabaseAnonKey };
}

export async function login(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password) {
  await page.goto('/');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' }).first()).toBeAttached({ timeout: 30_000 });
}
export async function openPanel(page: Page, tab?: string) {
  await page.getByRole('button', { name: 'Administration', exact: true }).first().click();
  const panel = page.getByRole('dialog', { name: 'Administration' });
  await expect(panel).toBeVisible();
  if (tab) await panel.getByRole('tab', { name: tab, exact: true }).click();
  return panel;
}

export async function closePanel(page: Page) {
  const panel = page.getByRole('dialog', { name: 'Administration' });
  await panel.getByRole('button', { name: 'Fermer' }).first().click();
  await expect(panel).toBeHidden();
}

/** A solid PNG of the given size (for the line image size warning). */
/** A solid grey PNG of the given size (for the line image size warning). */
export function pngOfSize(width: number, height: number): Buffer {
  return Buffer.from(encodePng(width, height, () => [0xcc, 0xcc, 0xcc]));
}
