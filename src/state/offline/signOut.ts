// Sign-out with changes still waiting warns first (the outbox stays on the device for this user's next sign-in).
import { signOut } from '../auth';
import { store } from '../store';
import { pendingCountAtom, signOutWarningAtom } from './atoms';
import { clearSnapshots } from './snapshot';
import { forgetProfile } from './session';

export async function requestSignOut(): Promise<void> {
  if (store.get(pendingCountAtom) > 0) { store.set(signOutWarningAtom, true); return; }
  await confirmSignOut();
}

export async function confirmSignOut(): Promise<void> {
  store.set(signOutWarningAtom, false);
  await signOut();
  forgetProfile();
  await clearSnapshots().catch(() => undefined); // they stay on the device, keyed by user: only that user's session reads them
}
