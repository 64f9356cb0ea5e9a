// The one supabase-js client of the app, configured at runtime from GET /config.json.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { REALTIME_EVENTS_PER_SECOND } from '../core/constants';
import { withSessionSignal } from './sessionRequests';
import type { Database } from './database.types';

/** The app's client, typed by the generated schema: a renamed column or RPC argument is a type error. */
export type AppClient = SupabaseClient<Database>;

export interface RuntimeConfig { supabaseUrl: string; supabaseAnonKey: string }

let client: AppClient | null = null;
let config: RuntimeConfig | null = null;

/** The URL and anon key the client was created with (the point-index worker makes its own client). */
export function runtimeConfig(): RuntimeConfig | null { return config; }

/** The hint the database gives when the caller's access was taken back (private.check_request, HTTP 403). */
export const ACCOUNT_DISABLED_HINT = 'account_disabled';
const disabledListeners = new Set<() => void>();
/** Called whenever a response says the signed-in account was deactivated; returns an unsubscribe function. */
export function onAccountDisabled(cb: () => void): () => void {
  disabledListeners.add(cb);
  return () => { disabledListeners.delete(cb); };
}

/**
 * fetch that notices the 'account disabled' refusal on any API response (REST, RPC) and tells the listeners; a
 * request is aborted when the session it started in ends (./sessionRequests.ts).
 */
const watchingFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, withSessionSignal(init));
  if (res.status === 403 && disabledListeners.size > 0) {
    try {
      const body = (await res.clone().json()) as { hint?: unknown };
      if (body && body.hint === ACCOUNT_DISABLED_HINT) for (const cb of disabledListeners) cb();
    } catch { /* not JSON: not ours */ }
  }
  return res;
};

const CONFIG_KEY = 'rail-runtime-config'; // the last config read, for an offline start

async function fetchConfig(): Promise<RuntimeConfig> {
  try {
    const res = await fetch('/config.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
    const cfg = (await res.json()) as RuntimeConfig;
    try { localStorage.setItem(CONFIG_KEY, JSON.stringify(cfg)); } catch { /* storage refused */ }
    return cfg;
  } catch (err) {
    const kept = (() => { try { return JSON.parse(localStorage.getItem(CONFIG_KEY) ?? 'null') as RuntimeConfig | null; } catch { return null; } })();
    if (kept && err instanceof TypeError) return kept; // no network: the config of the last start
    throw err;
  }
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const cfg = await fetchConfig();
  // A relative or empty URL means "this origin" (the embedded server serves both).
  const url = cfg.supabaseUrl ? new URL(cfg.supabaseUrl, window.location.origin).toString().replace(/\/$/, '') : window.location.origin;
  return { supabaseUrl: url, supabaseAnonKey: cfg.supabaseAnonKey };
}

export function initSupabase(cfg: RuntimeConfig): AppClient {
  config = cfg;
  injectedToken = null;
  client = createClient<Database>(cfg.supabaseUrl, cfg.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
    realtime: { params: { eventsPerSecond: REALTIME_EVENTS_PER_SECOND } },
    // No silent retries (1 s + 2 s + 4 s on a network error): a failure shows at once with 'Réessayer'.
    db: { retry: false },
    global: { fetch: watchingFetch },
  });
  return client;
}

export function supabase(): AppClient {
  if (!client) throw new Error('Supabase client not initialised');
  return client;
}

/** Tests and tools may inject a client (e.g. a Node supabase-js against the embedded server). */
export function setSupabaseClient(c: AppClient): void {
  client = c;
}

/** Where an injected client points and whose token it sends (the point-index API makes a client of its own). */
export interface ClientConnection extends RuntimeConfig { accessToken: () => Promise<string> }
let injectedToken: (() => Promise<string>) | null = null;

/** Injects a client with its connection: the point-index API (a worker, or the same module here) then reaches it too. */
export function setSupabaseConnection(c: AppClient, connection: ClientConnection): void {
  client = c;
  config = { supabaseUrl: connection.supabaseUrl, supabaseAnonKey: connection.supabaseAnonKey };
  injectedToken = connection.accessToken;
}

/** The URL, anon key and the signed-in user's access token ('' when signed out), for a client of its own. */
export async function apiConnection(): Promise<{ url: string; anonKey: string; token: string }> {
  if (!config) throw new Error('Supabase client not initialised');
  const token = injectedToken ? await injectedToken() : (await supabase().auth.getSession()).data.session?.access_token ?? '';
  return { url: config.supabaseUrl, anonKey: config.supabaseAnonKey, token };
}
