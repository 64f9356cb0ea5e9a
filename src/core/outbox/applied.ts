// Idempotency of an update's replay: a 409 may be this device's own earlier write (the page was closed, or the
// network dropped, after the server applied it and before the device learnt so). When the server row already
// holds every value of the change, the change has landed: nothing to send, no conflict. A newer version whose fields
// are all as the edit found them (only its version moved) is no conflict either: nobody's work is overwritten.
import type { Point } from '../types';
import type { PointFields } from './types';

const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if ((a === null || a === undefined || a === '') && (b === null || b === undefined || b === '')) return true;
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a as object), kb = Object.keys(b as object);
    return ka.length === kb.length && ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return false;
};

/** The fields of `patch` whose value differs on `server`. */
export function differingFields(patch: Partial<PointFields>, server: Point): (keyof PointFields)[] {
  return (Object.keys(patch) as (keyof PointFields)[]).filter((k) => !same(patch[k], server[k]));
}

export const alreadyApplied = (patch: Partial<PointFields>, server: Point): boolean => differingFields(patch, server).length === 0;

/** The fields of `after` that differ from `before` (what an edit changed). */
export function changedFields(before: PointFields, after: PointFields): Partial<PointFields> {
  const out: Partial<PointFields> = {};
  for (const k of Object.keys(after) as (keyof PointFields)[]) if (!same(before[k], after[k])) (out as Record<string, unknown>)[k] = after[k];
  return out;
}

export const fieldsOf = (p: Point): PointFields => ({
  name: p.name, description: p.description, kilometer: p.kilometer, kmValue: p.kmValue, position: p.position,
  imageUrl: p.imageUrl, status: p.status, criticality: p.criticality, ticketNumber: p.ticketNumber, teamId: p.teamId,
  ...(p.gnss ? { gnss: p.gnss } : {}),
  ...(p.assigneeId !== undefined ? { assigneeId: p.assigneeId } : {}),
});

/**
 * Nothing of the point changed on the server since `before` (the version the edit started from), only its version:
 * this device's own earlier write that landed meanwhile (a slow server), or a change to no field of the point.
 * The change is then sent again at the server's version, without asking (no false conflict).
 */
export const unchangedSince = (before: Point | null, server: Point): boolean =>
  !!before && Object.keys(changedFields(fieldsOf(before), fieldsOf(server))).length === 0;
