// Builders of outbox items for the unit tests of src/core/outbox (test helper, not used by the app).
import type { Point } from '../types';
import type { OutboxItem, OutboxOp, PointFields } from './types';

export const fields = (over: Partial<PointFields> = {}): PointFields => ({
  name: 'Traverse', description: 'Fendue', kilometer: '12.50', kmValue: 12.5, position: { x: 10, y: 20 },
  imageUrl: null, status: 'signale', criticality: 'attention', ticketNumber: null, teamId: null, ...over,
});

export const point = (id: string, over: Partial<Point> = {}): Point => ({
  id, ...fields(), teamName: null, creationDate: '2026-11-23T08:00:00.000000+00:00', createdBy: 'u1', ...over,
});

let n = 0;
export function item(op: OutboxOp, over: Partial<OutboxItem> = {}): OutboxItem {
  n++;
  const view = op.kind === 'delete' || op.kind === 'bulk' ? null : point(op.pointId, op.kind === 'create' ? op.fields : op.kind === 'update' ? op.patch : {});
  return {
    id: `item-${n}`, seq: n, userId: 'u1', queuedAt: n, op, view, before: null, photos: [], photosDone: [],
    state: 'pending', error: null, server: null, conflict: null, attempts: 0, ...over,
  };
}
