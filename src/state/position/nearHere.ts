// 'ici' in the search box (docs/product.md#position): one fix located on the lines' axes, then the unresolved
// anomalies within 200 m of its PK on that line (either track), nearest first.
import * as findShare from '../../data/findShareRepository';
import type { PointHit } from '../../data/findShareRepository';
import type { Fix } from '../../core/position/fixes';
import { locate } from '../../core/position/locate';
import { NEAR_HERE_RADIUS_KM, nearHereHeading, nearHereTarget, nearestByPk } from '../../core/position/nearHere';
import { fail, ok, type Result } from '../../core/result';
import { store } from '../store';
import { activeLineId } from '../tables';
import { lineIndexesAtom, positionMaxAccuracyAtom } from './atoms';
import { loadLinePositions } from './actions';

const NEAR_HERE_MAX = 50;

export type NearHere = Result<{ heading: string; hits: PointHit[] }>;

/** `refused` when no line has an axis or the fix cannot be placed on one; a failed request throws. */
export async function anomaliesNearFix(fix: Fix, signal?: AbortSignal): Promise<NearHere> {
  // Right after sign-in the axes may still be loading: read them once before saying that none exists.
  if (store.get(lineIndexesAtom).length === 0) await loadLinePositions();
  const indexes = store.get(lineIndexesAtom);
  if (indexes.length === 0) return fail('refused', 'Aucune ligne n’a encore de tracé : la position ne peut pas être située sur une ligne.');
  const target = nearHereTarget(locate(indexes, fix, { maxAccuracyM: store.get(positionMaxAccuracyAtom), preferredLineId: activeLineId() }));
  if (!target.ok) return fail('refused', target.message);
  const hits = await findShare.pointsNearPk(target.lineId, target.pk, NEAR_HERE_RADIUS_KM, NEAR_HERE_MAX, signal);
  return ok({ heading: nearHereHeading(target), hits: nearestByPk(hits, target.pk) });
}
