// Actions of the position on the line (docs/product.md#position): load the lines' axes and anchors, place a located
// fix on the image shown, open the point form there ('Signaler ici'), import a line's axes, record an anchor on site.
import * as repo from '../../data/linePositionsRepository';
import type { Gnss } from '../../core/position/types';
import type { Located } from '../../core/position/locate';
import type { ImportedGeometry } from '../../core/position/importCheck';
import type { Track } from '../../core/types';
import { imagePlaceOf, trackBandY, type ImagePlace } from '../../core/position/imagePlace';
import { roundKm } from '../../core/format';
import { fail, ok, type Result } from '../../core/result';
import { POSITION_FAILURE } from './strings';
import { store } from '../store';
import { currentSession } from '../userSession';
import { activeLineId, lineImageAtom, markersAtom, zonesAtom } from '../tables';
import { pointFormAtom } from '../selection';
import { linePositionsAtom } from './atoms';

/** Reads every readable line's axes and anchors. Never throws: a failure is an `error` failure, the last ones stay. */
export async function loadLinePositions(): Promise<Result> {
  const session = currentSession();
  try {
    const positions = await repo.listLinePositions();
    if (session.active) store.set(linePositionsAtom, positions);
    return ok();
  } catch (err) {
    console.warn('Tracés des lignes non chargés', err);
    return fail('error', POSITION_FAILURE.loadError);
  }
}

/** Where a fix located on the line shown lies on its image; null when on another line or outside the ruler. */
export function placeOnShownLine(l: Located): ImagePlace | null {
  if (l.kind !== 'on_line' || l.hit.pk === null || l.lineId !== activeLineId()) return null;
  const axes = store.get(linePositionsAtom).axes.filter((a) => a.lineId === l.lineId);
  const y = trackBandY(l.hit.track, axes, store.get(zonesAtom), store.get(lineImageAtom).height);
  return imagePlaceOf(store.get(markersAtom), l.hit.pk, l.pkPlusMinus, y);
}

/** 'Signaler ici': the point form on the line shown, at the located place, with its PK and the fix kept. */
export function captureHere(place: ImagePlace, pk: number, gnss: Gnss): void {
  store.set(pointFormAtom, { mode: 'create', position: { x: Math.round(place.x), y: Math.round(place.y) }, kmValue: roundKm(pk), gnss });
}

/** Replaces a line's axes and anchors; the value counts what was stored. */
export async function importLinePositions(lineId: string, g: ImportedGeometry): Promise<Result<{ axes: number; anchors: number }>> {
  let r: { axes: number; anchors: number };
  try {
    r = await repo.replaceLinePositions(lineId, g);
  } catch (e) {
    console.error(e);
    return fail('error', POSITION_FAILURE.importError);
  }
  await loadLinePositions();
  return ok(r);
}

export async function recordTerrainAnchor(a: { lineId: string; track: Track; pk: number } & Gnss): Promise<Result> {
  try {
    await repo.saveTerrainAnchor({ lineId: a.lineId, track: a.track, pk: a.pk, lat: a.lat, lon: a.lon, accuracyM: a.accuracyM, fixes: a.fixes });
  } catch (e) {
    console.error(e);
    return fail('error', POSITION_FAILURE.recordError);
  }
  await loadLinePositions();
  return ok();
}
