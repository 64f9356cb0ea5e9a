// The signed-in user: supabase session and profile (role, team).
import { atom } from 'jotai';
import type { Session } from '@supabase/supabase-js';
import type { Profile } from '../core/types';

export const sessionAtom = atom<Session | null>(null);
export const profileAtom = atom<Profile | null>(null);
/** False until the first getSession() answered ('Chargement...'). */
export const authReadyAtom = atom<boolean>(false);
export const isAdminAtom = atom((get) => get(profileAtom)?.role === 'admin');
