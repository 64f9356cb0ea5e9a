// The signed-in user: supabase session and profile (role, team).
import { atom } from 'jotai';
import type { Session } from '@supabase/supabase-js';
import type { Profile } from '../core/types';
import { resetAtSignOut } from './signOutReset';

export const sessionAtom = resetAtSignOut(atom<Session | null>(null));
export const profileAtom = resetAtSignOut(atom<Profile | null>(null));
/** False until the first getSession() answered ('Chargement...'). */
export const authReadyAtom = resetAtSignOut(atom<boolean>(false));
export const isAdminAtom = atom((get) => get(profileAtom)?.role === 'admin');
