// The session and profile when the network is missing: supabase-js keeps the session in localStorage but
// getSession() answers null when an expired access token cannot be refreshed for a network reason; the app
// then opens on the stored session (refreshed when the network returns). The profile is cached per user.
import type { Session } from '@supabase/supabase-js';
import { supabase } from '../../data/client';
import { failureKind } from '../../core/outbox/errors';
import type { Profile } from '../../core/types';

const PROFILE_KEY = 'rail-offline-profile';

/** The stored session when getSession() failed for a network reason, else null. */
export function storedSessionAfterNetworkFailure(error: unknown): Session | null {
  if (!error || failureKind(error) !== 'network') return null;
  try {
    const key = (supabase().auth as unknown as { storageKey?: string }).storageKey;
    const raw = key ? localStorage.getItem(key) : null;
    const s = raw ? (JSON.parse(raw) as Session) : null;
    return s && s.user && s.refresh_token ? s : null;
  } catch {
    return null;
  }
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
