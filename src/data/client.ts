// The one supabase-js client of the app, configured at runtime from GET /config.json.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { REALTIME_EVENTS_PER_SECOND } from '../core/constants';

export interface RuntimeConfig { supabaseUrl: string; supabaseAnonKey: string }

let client: SupabaseClient | null = null;
let config: RuntimeConfig | null = null;

/** The URL and anon key the client was created with (the point-index worker makes its own client). */
export function runtimeConfig(): RuntimeConfig | null { return config; }

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const res = await fetch('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`config.json: HTTP ${res.status}`);
  const cfg = (await res.json()) as RuntimeConfig;
  // A relative or empty URL means "this origin" (the embedded server serves both).
  const url = cfg.supabaseUrl ? new URL(cfg.supabaseUrl, window.location.origin).toString().replace(/\/$/, '') : window.location.origin;
  return { supabaseUrl: url, supabaseAnonKey: cfg.supabaseAnonKey };
}

export function initSupabase(cfg: RuntimeConfig): SupabaseClient {
  config = cfg;
  client = createClient(cfg.supabaseUrl, cfg.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
    realtime: { params: { eventsPerSecond: REALTIME_EVENTS_PER_SECOND } },
  });
  return client;
}

export function supabase(): SupabaseClient {
  if (!client) throw new Error('Supabase client not initialised');
  return client;
}

/** Tests and tools may inject a client (e.g. a Node supabase-js against the embedded server). */
export function setSupabaseClient(c: SupabaseClient): void {
  client = c;
}
