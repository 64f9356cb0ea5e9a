// Set when the signed-in account was deactivated by an admin: the session is then closed and the
// login screen says why. Cleared by the next successful sign-in.
import { atom } from 'jotai';
import { resetAtSignOut } from './signOutReset';

export const ACCESS_REVOKED_TEXT = 'Votre accès a été désactivé. Contactez un administrateur.';
export const accessRevokedAtom = resetAtSignOut(atom<boolean>(false));
