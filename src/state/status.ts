// Load and connection status of the main screen: table fallbacks (docs/product.md#loading-messages), live-update state, progress.
import { atom } from 'jotai';
import { resetAtSignOut } from './signOutReset';

/** French message when the teams table could not be read (the list is then empty, docs/product.md#loading-messages). */
export const teamsLoadErrorAtom = resetAtSignOut(atom<string | null>(null));
/** French message when the criticality levels could not be read (defaults are then used, docs/product.md#loading-messages). */
export const levelsLoadErrorAtom = resetAtSignOut(atom<string | null>(null));
/** Realtime channel state: 'connecting' until joined, 'live' when joined, 'offline' after an error or close. */
export type LiveStatus = 'idle' | 'connecting' | 'live' | 'offline';
export const liveStatusAtom = resetAtSignOut(atom<LiveStatus>('idle'));
/** Startup failure (no /config.json, ...), shown on the loading screen. */
export const bootErrorAtom = resetAtSignOut(atom<string | null>(null));
