// Small builders of zones and points for the report tests (image px, km).
import type { ImagePoint, Point, Track, Zone } from '../types';

export function rectZone(id: string, x0: number, y0: number, x1: number, y1: number, extra: Partial<Zone> = {}): Zone {
  const points: ImagePoint[] = [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }];
  return { id, name: `Zone ${id}`, color: '#3B82F6', track: 'voie_1' as Track | null, points, kmStart: null, kmEnd: null, createdBy: null, createdAt: '2026-11-21T10:00:00Z', ...extra };
}

export function makePoint(id: string, x: number, y: number, kmValue: number | null, extra: Partial<Point> = {}): Point {
  return {
    id, name: `Point ${id}`, description: `Description ${id}`, kilometer: kmValue === null ? '' : kmValue.toFixed(2), kmValue,
    position: { x, y }, imageUrl: null, status: 'signale', criticality: 'attention', ticketNumber: null,
    teamId: null, teamName: null, creationDate: '2026-11-21T10:00:00Z', createdBy: null, ...extra,
  };
}
