// Which of the screen's drawers are open: the sidebar (open by default on a wide screen) and the admin panel.
import { atom } from 'jotai';
import { resetAtSignOut } from './signOutReset';

export const sidebarOpenAtom = resetAtSignOut(atom<boolean>(typeof window !== 'undefined' ? window.innerWidth >= 1366 : true));
export const adminPanelOpenAtom = resetAtSignOut(atom<boolean>(false));
