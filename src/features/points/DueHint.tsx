// The point's deadline under its observation time (docs/product.md#deadlines): 'Échéance : 03/12 14:00', or
// 'En retard de 2 j' in the late colour; nothing when the point has no due time.
import type { Point } from '../../core/types';
import { deadlineLabel } from '../../core/followUp/deadline';

export function DueHint({ point }: { point: Pick<Point, 'dueAt' | 'status'> }) {
  const d = deadlineLabel(point, Date.now());
  if (!d) return null;
  return <p className={`due-hint${d.late ? ' due-late' : ''}`} data-testid="point-due">{d.text}</p>;
}
