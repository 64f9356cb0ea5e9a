// The late points of the line shown (docs/product.md#map-marks): due time passed, not resolved, read from the server
// (the point index carries no due time) with the device's clock, as the 'En retard' filter does. The map marks them;
// refreshLatePoints reads them again (the map calls it when the line or its points change, and every minute). Beyond
// LATE_MARKS_MAX late points none is read (a few hundred requests each time): the legend says so.
import { atom } from 'jotai';
import { followFilterParams } from '../core/followUp/followFilter';
import { idsOfPointsUpTo } from '../data/followFilterRepository';
import { LATE_MARKS_MAX } from '../core/constants';
import { activeLineId } from './tables';
import { sessionAtom } from './session';
import { store } from './store';
import { resetAtSignOut } from './signOutReset';

const NONE: ReadonlySet<string> = new Set(); // eslint-disable-line no-restricted-syntax -- an empty set never written, shared by every session

/** Ids of the late points of `line` (`line` null: not read yet); `tooMany`: more than LATE_MARKS_MAX, none marked. */
export const latePointsAtom = resetAtSignOut(atom<{ line: string | null; ids: ReadonlySet<string>; tooMany?: boolean }>({ line: null, ids: NONE }));

/** Reads the late points of the line shown; a failure (offline) keeps the last ones. */
export async function refreshLatePoints(): Promise<void> {
  const me = store.get(sessionAtom)?.user.id;
  if (!me) return;
  const line = activeLineId();
  try {
    const ids = await idsOfPointsUpTo(followFilterParams('late', me, Date.now()), line, LATE_MARKS_MAX);
    if (activeLineId() === line) store.set(latePointsAtom, ids ? { line, ids } : { line, ids: NONE, tooMany: true });
  } catch {
    // Offline or refused: the marks read last stay until the next reading.
  }
}
