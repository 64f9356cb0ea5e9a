// A point's 'Suivi' (docs/product.md#follow-up): the rows of public.point_timeline (comments, interventions with
// their 'après' photos, and the audit entries of status, assignee, team, criticality and due time) with the
// comments still waiting in the device's outbox, in one chronological list. A waiting comment that has arrived
// (its id is among the rows) shows once.
import { describeChanges, type DescribeContext } from '../audit/describe';
import type { EventFields } from '../outbox/types';
import { listedPhoto, type ListedPhoto } from '../photos/listed';

/** One row of public.point_timeline as PostgREST returns it. */
export interface TimelineRow {
  source: 'event' | 'audit'; id: string; kind: string; at: string; actor: string | null; body: string | null;
  done_at: string | null; done_by: string | null; created_at: string; updated_at: string;
  changes: Record<string, { old?: unknown; new?: unknown }> | null;
  photos: { id: string; storage_path: string; position: number; caption: string | null; drawn_path?: string | null; thumb_path?: string | null }[] | null;
}

export type TimelineEntry =
  | { type: 'event'; id: string; kind: 'comment' | 'intervention'; at: string; actor: string | null; body: string;
      doneAt: string | null; doneBy: string | null; photos: ListedPhoto[]; pending: boolean }
  | { type: 'change'; id: string; at: string; actor: string | null; lines: string[] };

/** The list shown, oldest first. `pending`: the point's comments waiting in the outbox (written on this device). */
export function buildTimeline(rows: readonly TimelineRow[], pending: readonly EventFields[], me: string | null, ctx: DescribeContext): TimelineEntry[] {
  const out: TimelineEntry[] = [];
  const arrived = new Set<string>();
  for (const r of rows) {
    if (r.source === 'event') {
      arrived.add(r.id);
      out.push({
        type: 'event', id: r.id, kind: r.kind === 'intervention' ? 'intervention' : 'comment', at: r.at, actor: r.actor,
        body: r.body ?? '', doneAt: r.done_at, doneBy: r.done_by, pending: false,
        photos: (r.photos ?? []).map((p) => listedPhoto(p)),
      });
    } else {
      const lines = describeChanges({
        id: 0, at: r.at, actor: r.actor, tableName: 'points', rowId: '', changes: r.changes ?? {},
        action: r.kind === 'created' ? 'insert' : r.kind === 'deleted' ? 'delete' : 'update',
      }, ctx);
      if (lines.length) out.push({ type: 'change', id: `audit-${r.id}`, at: r.at, actor: r.actor, lines });
    }
  }
  for (const e of pending) {
    if (arrived.has(e.eventId)) continue;
    out.push({ type: 'event', id: e.eventId, kind: e.eventKind, at: e.observedAt, actor: me, body: e.body, doneAt: e.doneAt, doneBy: e.doneBy, photos: (e.photos ?? []).map((p) => ({ shown: p.path, thumb: p.thumbPath || p.path })), pending: true });
  }
  // Stable: rows come ordered from the database; waiting comments fall in place by their observation time.
  return out.map((e, i) => [e, i] as const).sort((a, b) => Date.parse(a[0].at) - Date.parse(b[0].at) || a[1] - b[1]).map(([e]) => e);
}

/** The most text a comment or an intervention holds (the database refuses more). */
export const MAX_EVENT_BODY = 4000;

/** Why this comment cannot be sent, or null. */
export function eventBodyError(body: string): string | null {
  const t = body.trim();
  if (!t) return 'Écrivez un commentaire.';
  if (t.length > MAX_EVENT_BODY) return `Le texte dépasse ${MAX_EVENT_BODY} caractères.`;
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The value of a datetime-local input for this instant, in the device's time zone ('2026-12-03T14:00'). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** The instant (ISO) of a datetime-local value, read in the device's time zone; null when empty or invalid. */
export function fromLocalInput(v: string): string | null {
  const t = new Date(v).getTime();
  return v && !Number.isNaN(t) ? new Date(t).toISOString() : null;
}
