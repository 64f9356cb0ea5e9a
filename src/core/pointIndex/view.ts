// A Point for display from an index slot and the point's details when known (`detailsLoaded` false: text fields empty).
import type { Point } from '../types';
import { idAt } from './store';
import { STATUS_BY_CODE, type PointIndex } from './types';

export interface PointView extends Point { detailsLoaded: boolean }

export function indexPointView(ix: PointIndex, slot: number, details?: Point, teamName?: (id: string) => string | null): PointView {
  const id = idAt(ix, slot);
  const teamId = ix.team[slot] ? ix.teamKeys[ix.team[slot] - 1] : null;
  const km = ix.km[slot];
  return {
    id,
    name: details?.name ?? '',
    description: details?.description ?? '',
    kilometer: details?.kilometer ?? '',
    kmValue: Number.isNaN(km) ? null : km,
    position: details?.position ?? { x: ix.x[slot], y: ix.y[slot] },
    imageUrl: details?.imageUrl ?? null,
    status: STATUS_BY_CODE[ix.status[slot]] ?? 'signale',
    criticality: ix.critKeys[ix.crit[slot]] ?? 'attention',
    ticketNumber: details?.ticketNumber ?? null,
    teamId,
    teamName: teamId ? (teamName?.(teamId) ?? details?.teamName ?? null) : null,
    creationDate: details?.creationDate ?? new Date(ix.created[slot]).toISOString(),
    ...(details?.observedAt ? { observedAt: details.observedAt } : {}),
    ...(details?.assigneeId !== undefined ? { assigneeId: details.assigneeId } : {}),
    ...(details?.dueAt !== undefined ? { dueAt: details.dueAt } : {}),
    createdBy: details?.createdBy ?? null,
    detailsLoaded: !!details,
  };
}
