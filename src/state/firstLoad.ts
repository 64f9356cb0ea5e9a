// Whether the first load of the session is over (until then counts show a loading state, not 'Tous 0'), and whether
// the line shown is known (what acts on the line shown, an export or a drawing, waits for it).
import { atom } from 'jotai';
import { resetAtSignOut } from './signOutReset';
import { activeLineAtom } from './tables';

export const firstLoadDoneAtom = resetAtSignOut(atom<boolean>(false));

/** The line shown is known, or the first load ended without one (the user reads no line). */
export const lineKnownAtom = atom<boolean>((get) => get(activeLineAtom) !== null || get(firstLoadDoneAtom));
