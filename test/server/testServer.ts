// Test helper: an embedded server on PGlite in memory (port 0, SEED=none) and real supabase-js clients on it. In a
// vitest run its database is a copy of the run's migrated template (migratedTemplate.ts): the server's migrate()
// finds nothing left to apply.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { startServer, type RunningServer, type StartOptions } from '../../server/main';
import { databaseUrl, onServer, openPgliteFromTemplate, pgTemplateName } from './migratedTemplate';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** A tiny fake SPA build: index.html plus one hashed asset. */
export function fakeSpaDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rail-spa-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>SPA shell</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  return dir;
}

/**
 * PGlite in memory by default; with TEST_DATABASE_URL, a fresh database on that PostgreSQL server
 * (dropped again by close()), so the same contract tests can run on both.
 */
export async function startTestServer(extra: StartOptions = {}): Promise<RunningServer> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const own = extra.database || extra.dataDir || extra.databaseUrl;
    const database = own ? extra.database : await openPgliteFromTemplate() ?? undefined;
    return startServer({ memory: true, port: 0, seed: 'none', jwtSecret: TEST_JWT_SECRET, staticDir: fakeSpaDir(), ...extra, database })
      .catch(async (e) => { if (!own) await database?.close(); throw e; });
  }
  const name = `srv_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = (sql: string) => onServer(base, sql);
  const template = pgTemplateName();
  await admin(`create database ${name}${template ? ` template ${template}` : ''}`);
  const s = await startServer({ memory: true, databaseUrl: databaseUrl(base, name), port: 0, seed: 'none', jwtSecret: TEST_JWT_SECRET, staticDir: fakeSpaDir(), ...extra })
    .catch(async (e) => { await admin(`drop database if exists ${name} with (force)`); throw e; });
  const close = s.close.bind(s);
  return Object.assign(s, { async close() { await close(); await admin(`drop database if exists ${name} with (force)`); } });
}

export function client(s: RunningServer): SupabaseClient {
  // Node 20 has no global WebSocket: give realtime-js the `ws` implementation.
  return createClient(s.url, s.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}
