// Mode changes of docs/product.md#modes through src/core/modeMachine: choosing a mode clears the selection and closes forms.
import { modeAllowed, nextMode, type AppMode } from '../core/modeMachine';
import { modeAtom } from './mode';
import { isAdminAtom } from './session';
import { closeSelectionAndForms, draftZoneAtom, pointFormAtom, zoneFormAtom } from './selection';
import { adminPanelOpenAtom } from './panels';
import { store } from './store';
import { lineKnownAtom } from './firstLoad';

/** Requests a mode (Signaler toggles draw-point, Zone toggles draw-zone, Rapport, or view). */
export function requestMode(requested: AppMode): void {
  if (!modeAllowed(requested, store.get(isAdminAtom))) return;
  if ((requested === 'draw-point' || requested === 'draw-zone') && !store.get(lineKnownAtom)) return; // drawn on the line shown
  const next = nextMode(store.get(modeAtom), requested);
  closeSelectionAndForms();
  store.set(modeAtom, next);
}

/** After a point or zone was saved or the form cancelled: back to view, drafts cleared. */
export function finishEditing(): void {
  store.set(pointFormAtom, null);
  store.set(zoneFormAtom, null);
  store.set(draftZoneAtom, []);
  store.set(modeAtom, 'view');
}

/** Opens the administration panel (admin only); leaves any drawing mode. */
export function openAdmin(): void {
  if (!store.get(isAdminAtom)) return;
  requestMode('view');
  store.set(adminPanelOpenAtom, true);
}
