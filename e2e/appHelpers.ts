// Helpers of the main-screen end-to-end specs: sign-in, a Node supabase-js client as admin, a tiny PNG, screenshots.
import { expect, type Page } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { deflateSync } from 'node:zlib';
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
  const table = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (b: Buffer) => { let c = 0xffffffff; for (const x of b) c = table[(c ^ x) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0); ihdr.writeUInt32BE(height, 4); ihdr[8] = 8; ihdr[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height, grey);
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
