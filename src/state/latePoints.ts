// The late points of the line shown (docs/product.md#map-marks): due time passed, not resolved, read from the server
// (the point index carries no due time) with the device's clock, as the 'En retard' filter does. The map marks them;
// refreshLatePoints reads them again (the map calls it when the line or its points change, and every minute).
import { atom } from 'jotai';
import { followFilterParams } from '../core/followUp/followFilter';
import { idsOfPoints } from '../data/followFilterRepository';
import { activeLineId } from './tables';
import { sessionAtom } from './session';
import { store } from './store';

const NONE: ReadonlySet<string> = new Set(); // eslint-disable-line no-restricted-syntax -- an empty set never written, shared by every session

/** Ids of the late points of `line` (null: not read yet). */
export const latePointsAtom = atom<{ line: string | null; ids: ReadonlySet<string> }>({ line: null, ids: NONE });

/** Reads the late points of the line shown; a failure (offline) keeps the last ones. */
export async function refreshLatePoints(): Promise<void> {
  const me = store.get(sessionAtom)?.user.id;
  if (!me) return;
  const line = activeLineId();
  try {
    const ids = await idsOfPoints(followFilterParams('late', me, Date.now()), line);
    if (activeLineId() === line) store.set(latePointsAtom, { line, ids });
  } catch {
    // Offline or refused: the marks read last stay until the next reading.
  }
}
