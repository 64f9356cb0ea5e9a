// Domain points → index rows / a whole index (tests, benches, demo pages that start from Point objects).
import type { Point } from '../types';
import { createPointIndex, upsertRows } from './store';
import type { PointIndex, PointIndexRow } from './types';

export function indexRowOf(p: Point, updated = Date.parse(p.creationDate) || 0): PointIndexRow {
  return {
    id: p.id, x: p.position.x, y: p.position.y, km: p.kmValue, created: Date.parse(p.creationDate) || 0, updated,
    status: p.status, criticality: p.criticality, teamId: p.teamId,
  };
}

export function indexOfPoints(points: readonly Point[]): PointIndex {
  const ix = createPointIndex(points.length);
  upsertRows(ix, points.map((p) => indexRowOf(p)));
  return ix;
}
