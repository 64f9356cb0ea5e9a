// Search and jump: points found by the database (search_points), nearby unresolved points while
// placing a new one (nearby_points), opening a point by id (centred, selected, form open) and jumping to a PK.
import { atom } from 'jotai';
import * as findShare from '../data/findShareRepository';
import type { PointHit } from '../data/findShareRepository';
import { pkJumpMessage, pkJumpTarget } from '../core/pkQuery';
import { cutSearchHits } from '../core/searchCut';
import type { PkMarker } from '../core/pk';
import { activeLineId, lineImageAtom, markersAtom } from './tables';
import { findSlot } from '../core/pointIndex/store';
import { pointIndexAtom } from './pointIndex';
import { patchPoints } from './pointsCollection';
import { selectLine } from './lineActions';
import { centerRequestAtom, pointFormAtom, selectionAtom } from './selection';
import { requestMode } from './modeActions';
import { store } from './store';
import { DATA_TEXT } from './strings';
import { fail, ok, type Result } from '../core/result';
import { resetAtSignOut } from './signOutReset';

export type { PointHit };
export const SEARCH_MAX_RESULTS = 20;
export const SEARCH_MIN_CHARS = 3;

/** A short highlight of the ruler at a PK after a jump (image x; nonce restarts it). */
export const pkHighlightAtom = resetAtSignOut(atom<{ x: number; km: number; nonce: number } | null>(null));

/** The first SEARCH_MAX_RESULTS hits, and whether there were more (one extra row asked to know it). */
export async function searchPoints(query: string, signal?: AbortSignal): Promise<{ hits: PointHit[]; more: boolean }> {
  return cutSearchHits(await findShare.searchPoints(query, SEARCH_MAX_RESULTS + 1, signal), SEARCH_MAX_RESULTS);
}

/** A refused PK jump's French message before the user picks it (beyond the line's markers), else null. */
export function pkJumpRefusal(km: number, markers: readonly PkMarker[] = store.get(markersAtom)): string | null {
  const j = pkJumpTarget(markers, km);
  return j.ok ? null : pkJumpMessage(j);
}

export function nearbyPoints(km: number, x: number, y: number, excludeId: string | null, signal?: AbortSignal): Promise<PointHit[]> {
  return findShare.nearbyPoints(km, x, y, excludeId, activeLineId(), signal);
}

/**
 * Centres the map on a point, selects it and opens its form. A point not loaded yet (created a moment ago, or
 * the list still loading) is read on its own first. `gone` when it does not exist or is out of reach.
 */
export async function openPoint(id: string): Promise<Result> {
  const ix = store.get(pointIndexAtom).index;
  const slot = findSlot(ix, id);
  let p: { x: number; y: number } | null = slot >= 0 ? { x: ix.x[slot], y: ix.y[slot] } : null;
  if (!p) {
    const got = await findShare.getPoint(id);
    if (!got) return fail('gone', DATA_TEXT.pointGone);
    // A point of another line opens that line first (a link, a search result).
    if (got.lineId && got.lineId !== activeLineId()) await selectLine(got.lineId);
    if (findSlot(store.get(pointIndexAtom).index, id) < 0) patchPoints([got]);
    p = got.position;
  }
  requestMode('view'); // leaves any drawing mode, drafts and dialogs
  store.set(selectionAtom, { kind: 'point', id });
  store.set(centerRequestAtom, { x: p.x, y: p.y, nonce: Date.now() });
  store.set(pointFormAtom, { mode: 'edit', pointId: id });
  return ok();
}

/** Centres the map on a PK and highlights the ruler there; the French error message when it cannot. */
export function jumpToPk(km: number): string | null {
  const j = pkJumpTarget(store.get(markersAtom), km);
  if (!j.ok) return pkJumpMessage(j);
  const image = store.get(lineImageAtom);
  store.set(centerRequestAtom, { x: j.x, y: image.height / 2, nonce: Date.now() });
  store.set(pkHighlightAtom, { x: j.x, km, nonce: Date.now() });
  return null;
}
