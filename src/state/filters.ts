// Sidebar tab, status filter and drawer state.
import { atom } from 'jotai';
import type { StatusFilter } from '../core/sidebarLists';

/** 'tous' means every status except resolu (docs/product.md#sidebar). */
export type { StatusFilter };
export const statusFilterAtom = atom<StatusFilter>('tous');

export type SidebarTab = 'tout' | 'zone' | 'equipe';
export const sidebarTabAtom = atom<SidebarTab>('tout');

export const sidebarOpenAtom = atom<boolean>(typeof window !== 'undefined' ? window.innerWidth >= 1366 : true);
export const adminPanelOpenAtom = atom<boolean>(false);
