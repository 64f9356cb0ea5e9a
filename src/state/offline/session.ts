// The session and profile when the network is missing: supabase-js keeps the session in localStorage but
// getSession() answers null when an expired access token cannot be refreshed for a network reason; the app
// then opens on the stored session (refreshed when the network returns). The profile is cached per user.
import type { Session } from '@supabase/supabase-js';
import { supabase } from '../../data/client';
import { failureKind } from '../../core/outbox/errors';
import type { Profile } from '../../core/types';

const PROFILE_KEY = 'rail-offline-profile';

function readStoredSession(): Session | null {
  try {
    const key = (supabase().auth as unknown as { storageKey?: string }).storageKey;
    const raw = key ? localStorage.getItem(key) : null;
    const s = raw ? (JSON.parse(raw) as Session) : null;
    return s && s.user && s.refresh_token ? s : null;
  } catch {
    return null;
  }
}

/** How long a start waits for the refresh of an expired session before opening on the stored one. */
const REFRESH_WAIT_MS = 4000;

/**
 * The session to open the app on. An expired access token needs the network to be refreshed, and supabase-js
 * retries a failed refresh for up to 30 s: without network (or when it takes too long) the app opens at once on
 * the stored session; supabase-js goes on refreshing it and announces the fresh one (TOKEN_REFRESHED).
 */
export async function restoreSession(): Promise<Session | null> {
  const pending = supabase().auth.getSession().then(({ data, error }) => {
    if (data.session) return data.session;
    return error && failureKind(error) === 'network' ? readStoredSession() : null;
  });
  const stored = readStoredSession();
  const expired = !!stored && (stored.expires_at ?? 0) * 1000 < Date.now() + 10_000;
  if (!expired) return pending;
  const wait = navigator.onLine ? REFRESH_WAIT_MS : 0;
  return Promise.race([pending, new Promise<Session | null>((r) => setTimeout(() => r(stored), wait))]);
}

export function cacheProfile(p: Profile | null): void {
  try {
    if (p) localStorage.setItem(PROFILE_KEY, JSON.stringify(p));
  } catch { /* storage refused: only the offline role is lost */ }
}

export function cachedProfile(userId: string): Profile | null {
  try {
    const p = JSON.parse(localStorage.getItem(PROFILE_KEY) ?? 'null') as Profile | null;
    return p && p.id === userId ? p : null;
  } catch {
    return null;
  }
}

export function forgetProfile(): void {
  try { localStorage.removeItem(PROFILE_KEY); } catch { /* nothing to forget */ }
}
