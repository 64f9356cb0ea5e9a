// Mode changes of docs/product.md#modes through src/core/modeMachine: choosing a mode clears the selection and closes forms.
import { atom } from 'jotai';
import { modeAllowed, nextMode, type AppMode } from '../core/modeMachine';
import { modeAtom } from './mode';
import { isAdminAtom } from './session';
import { clusterSheetAtom, deleteRequestAtom, draftZoneAtom, pointFormAtom, selectionAtom, zoneFormAtom } from './selection';
import { adminPanelOpenAtom } from './panels';

/** Write-only: request a mode (Signaler toggles draw-point, Zone toggles draw-zone, Rapport, or view). */
export const requestModeAtom = atom(null, (get, set, requested: AppMode) => {
  if (!modeAllowed(requested, get(isAdminAtom))) return;
  const next = nextMode(get(modeAtom), requested);
  set(selectionAtom, null);
  set(pointFormAtom, null);
  set(zoneFormAtom, null);
  set(clusterSheetAtom, null);
  set(deleteRequestAtom, null);
  set(draftZoneAtom, []);
  set(modeAtom, next);
});

/** After a point or zone was saved or the form cancelled: back to view, drafts cleared. */
export const finishEditingAtom = atom(null, (_get, set) => {
  set(pointFormAtom, null);
  set(zoneFormAtom, null);
  set(draftZoneAtom, []);
  set(modeAtom, 'view');
});

/** Opens the administration panel (admin only); leaves any drawing mode. */
export const openAdminAtom = atom(null, (get, set) => {
  if (!get(isAdminAtom)) return;
  set(requestModeAtom, 'view');
  set(adminPanelOpenAtom, true);
});
