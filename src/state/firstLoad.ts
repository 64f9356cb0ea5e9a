// Whether the first load of the session is over: until then counts show a loading state, not 'Tous 0'.
import { atom } from 'jotai';
import { resetAtSignOut } from './signOutReset';

export const firstLoadDoneAtom = resetAtSignOut(atom<boolean>(false));
