// The sidebar's list filters: its tab and its status filter.
import { atom } from 'jotai';
import type { StatusFilter } from '../core/sidebarLists';
import { resetAtSignOut } from './signOutReset';

/** 'tous' means every status except resolu (docs/product.md#sidebar). */
export type { StatusFilter };
export const statusFilterAtom = resetAtSignOut(atom<StatusFilter>('tous'));

export type SidebarTab = 'tout' | 'zone' | 'equipe';
export const sidebarTabAtom = resetAtSignOut(atom<SidebarTab>('tout'));

