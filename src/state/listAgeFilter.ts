// The sidebar list's age filter: set by an age bar of the dashboard (src/state/dashboard.ts openAgeList),
// shown as a chip above the 'Tout' list, cleared by its button. null: no age filter.
import { atom } from 'jotai';
import type { AgeListFilter } from '../core/dashboard/ageFilter';
import { resetAtSignOut } from './signOutReset';

export type { AgeListFilter };
export const listAgeFilterAtom = resetAtSignOut(atom<AgeListFilter | null>(null));
