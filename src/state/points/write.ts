// A single point written online (the form's save and delete), its answer laid on the collection; and the form's fresh
// read of one point. A conflict with another user's change is asked through ../conflicts.
import * as repo from '../../data/repositories';
import { currentSession } from '../../data/currentSession';
import type { PointInput, Row } from '../../data/mappers';
import type { Point } from '../../core/types';
import { isValidImageUrl, parseKm, VALIDATION_MESSAGES } from '../../core/validation';
import { saveVersioned } from '../conflicts';
import { loadPointDetails } from '../pointDetails';
import { activeLineId } from '../tables';
import { patchPointRows } from './patch';

/** The editable fields compared field by field on a conflict (issue 15). */
export const POINT_CONFLICT_FIELDS = ['name', 'description', 'kilometer', 'ticketNumber', 'status', 'criticality', 'teamId', 'imageUrl'] as const;

/**
 * Saves a point (insert, or update stating the version `base` it was based on: conflict dialog of ../conflicts);
 * throws on failure so the form keeps its content.
 */
export async function savePoint(input: PointInput, base?: Point | null): Promise<Point> {
  if (!isValidImageUrl(input.imageUrl)) throw new Error(VALIDATION_MESSAGES.imageUrlInvalid);
  const line = activeLineId();
  if (!input.id && !input.lineId && line) input = { ...input, lineId: line }; // a new point goes on the line shown
  const scope = currentSession();
  let row = null as Row | null;
  const saveRow = async (v: PointInput): Promise<Point> => { row = await repo.savePointRow(v); return repo.rowToPoint(row); };
  const saved = input.id && base
    ? await saveVersioned<PointInput>({
      table: 'points', base, mine: input, fields: POINT_CONFLICT_FIELDS,
      save: saveRow, fetchCurrent: () => repo.getPoint(input.id!),
      finish: (v) => ({ ...v, kmValue: parseKm(v.kilometer) ?? null }),
    }) as Point
    : await saveRow(input);
  if (scope.active && row) patchPointRows([row]);
  return saved;
}

/** Deletes a point row (the image is handled by the caller). */
export async function deletePointRow(id: string): Promise<void> {
  const scope = currentSession();
  await repo.deletePoint(id);
  if (scope.active) patchPointRows([], [id]);
}

/** Fresh details of one point from the server (used when its form opens; nothing kept once its session ended). */
export const fetchOnePoint = loadPointDetails;
