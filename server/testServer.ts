// Test helper: an embedded server on PGlite in memory (port 0, SEED=none) and real supabase-js clients on it.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer, type RunningServer, type StartOptions } from './main';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** A tiny fake SPA build: index.html plus one hashed asset. */
export function fakeSpaDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rail-spa-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>SPA shell</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  return dir;
}

export function startTestServer(extra: StartOptions = {}): Promise<RunningServer> {
  return startServer({ memory: true, port: 0, seed: 'none', jwtSecret: TEST_JWT_SECRET, staticDir: fakeSpaDir(), ...extra });
}

export function client(s: RunningServer): SupabaseClient {
  // Node 20 has no global WebSocket: give realtime-js the `ws` implementation.
  return createClient(s.url, s.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}
