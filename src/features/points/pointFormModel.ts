// The point form's values: initial values for create/edit and conversion to the saved PointInput.
import type { ImagePoint, Point, PointInput, PointStatus } from '../../core/types';
import { DEFAULT_CRITICALITY, DEFAULT_POINT_STATUS } from '../../core/constants';
import { parseKm } from '../../core/validation';

export interface PointFormValues {
  name: string; description: string; kilometer: string; ticketNumber: string;
  status: PointStatus; criticality: string; teamId: string; assigneeId: string; imageUrl: string | null;
}

/** The PK as the form shows it: 2 decimals with a decimal comma ('12,50'). */
export const kmText = (km: number): string => km.toFixed(2).replace('.', ',');

export function valuesForCreate(kmValue: number | null, criticality = DEFAULT_CRITICALITY): PointFormValues {
  return {
    name: '', description: '', kilometer: kmValue === null ? '' : kmText(kmValue), ticketNumber: '',
    status: DEFAULT_POINT_STATUS, criticality, teamId: '', assigneeId: '', imageUrl: null,
  };
}

export function valuesForEdit(p: Point): PointFormValues {
  return {
    name: p.name, description: p.description, kilometer: p.kilometer ? p.kilometer.replace('.', ',') : p.kmValue === null ? '' : kmText(p.kmValue),
    ticketNumber: p.ticketNumber ?? '', status: p.status, criticality: p.criticality, teamId: p.teamId ?? '', assigneeId: p.assigneeId ?? '', imageUrl: p.imageUrl,
  };
}

/** The row to save; the PK text is stored with a dot and 2 decimals when present. */
export function toPointInput(v: PointFormValues, position: ImagePoint, id?: string): PointInput {
  const km = parseKm(v.kilometer) ?? null;
  return {
    ...(id ? { id } : {}),
    name: v.name.trim(), description: v.description.trim(),
    kilometer: km === null ? '' : km.toFixed(2), kmValue: km, position,
    imageUrl: v.imageUrl || null, status: v.status, criticality: v.criticality,
    ticketNumber: v.ticketNumber.trim() || null, teamId: v.teamId || null, assigneeId: v.assigneeId || null,
  };
}
