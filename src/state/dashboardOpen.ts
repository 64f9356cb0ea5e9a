// Whether the 'Tableau de bord' is open: the one piece of the dashboard in the map's bundle (the rest, src/state/dashboard.ts
// and the screen with its chart library, loads when it opens).
import { atom } from 'jotai';
import { resetAtSignOut } from './signOutReset';

export const dashboardOpenAtom = resetAtSignOut(atom<boolean>(false));
