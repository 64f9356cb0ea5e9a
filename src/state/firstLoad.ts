// Whether the first load of the session is over: until then counts show a loading state, not 'Tous 0'.
import { atom } from 'jotai';

export const firstLoadDoneAtom = atom<boolean>(false);
