// A point's deadline as the app shows it (docs/product.md#deadlines): 'Échéance : 03/12 14:00' (Europe/Paris) while
// it is ahead, 'En retard de 2 j' once passed on a point that is not resolved; and the criticality levels'
// 'Délai de traitement' in hours or days. The due time itself is computed by the database (points.due_at).
import type { PointStatus } from '../types';

const HOUR_MS = 3_600_000;
const DAY_HOURS = 24;
/** The longest 'Délai de traitement' accepted: one year. */
export const MAX_DELAY_HOURS = 365 * DAY_HOURS;

const DUE_FORMAT = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });

export interface Deadline { dueAt?: string | null; status: PointStatus }

const dueMs = (dueAt: string | null | undefined): number | null => {
  if (!dueAt) return null;
  const t = Date.parse(dueAt);
  return Number.isNaN(t) ? null : t;
};

/** Late: a due time passed on a point that is not resolved (a resolved point's due time is frozen, never late). */
export function isLate(p: Deadline, now: number): boolean {
  const t = dueMs(p.dueAt);
  return t !== null && p.status !== 'resolu' && now > t;
}

/** 'En retard de 2 j' (whole days), under a day 'En retard de 5 h' (at least 1 h). */
export function lateText(dueAt: string, now: number): string {
  const hours = Math.max(0, (now - (dueMs(dueAt) ?? now)) / HOUR_MS);
  return hours >= DAY_HOURS ? `En retard de ${Math.floor(hours / DAY_HOURS)} j` : `En retard de ${Math.max(1, Math.floor(hours))} h`;
}

/** '03/12 14:00' in Europe/Paris; '' for no or a broken time. */
export function formatDue(dueAt: string | null | undefined): string {
  const t = dueMs(dueAt);
  return t === null ? '' : DUE_FORMAT.format(t);
}

/** 'Échéance : 03/12 14:00' in Europe/Paris. */
export function dueText(dueAt: string): string {
  const t = formatDue(dueAt);
  return t === '' ? '' : `Échéance : ${t}`;
}

/** The 'Échéance' cell of the route report and Word: 'En retard de 2 j' on a late point, else its due time
 * ('03/12 14:00'; a resolved point's frozen one), '—' without any. */
export function dueCell(p: Deadline, now: number): string {
  if (isLate(p, now)) return lateText(p.dueAt!, now);
  return formatDue(p.dueAt) || '—';
}

/** What the form and the lists show of a point's deadline; null when it has none. */
export function deadlineLabel(p: Deadline, now: number): { text: string; late: boolean } | null {
  if (!p.dueAt || dueMs(p.dueAt) === null) return null;
  return isLate(p, now) ? { text: lateText(p.dueAt, now), late: true } : { text: dueText(p.dueAt), late: false };
}

export type DelayUnit = 'heures' | 'jours';

/** A delay in whole days when it is one (720 → 30 jours), else in hours (36 → 36 heures); null: none. */
export function delayParts(hours: number | null | undefined): { value: number; unit: DelayUnit } | null {
  if (hours === null || hours === undefined) return null;
  return hours % DAY_HOURS === 0 ? { value: hours / DAY_HOURS, unit: 'jours' } : { value: hours, unit: 'heures' };
}

/** '48 h', '30 j' or 'Aucun'. */
export function formatDelay(hours: number | null | undefined): string {
  const p = delayParts(hours);
  return !p ? 'Aucun' : `${p.value} ${p.unit === 'jours' ? 'j' : 'h'}`;
}

/** The typed delay in hours: '' is none (null); anything else must be a whole number from 1 up to a year. */
export function parseDelay(text: string, unit: DelayUnit): { hours: number | null } | { error: string } {
  const t = text.trim();
  if (t === '') return { hours: null };
  if (!/^\d{1,5}$/.test(t) || Number(t) < 1) return { error: 'Le délai est un nombre entier positif (ou vide : aucun délai).' };
  const hours = Number(t) * (unit === 'jours' ? DAY_HOURS : 1);
  return hours > MAX_DELAY_HOURS ? { error: 'Le délai ne peut pas dépasser 365 jours.' } : { hours };
}
