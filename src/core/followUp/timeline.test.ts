import { describe, expect, it } from 'vitest';
import { buildTimeline, eventBodyError, fromLocalInput, toLocalInput, type TimelineRow } from './timeline';

const ctx = {
  levelName: (id: string) => ({ danger: 'Danger sécurité' } as Record<string, string>)[id],
  teamName: () => undefined,
  email: (id: string) => ({ u1: 'agent@rail.fr', u2: 'chef@rail.fr' } as Record<string, string>)[id],
};
const row = (over: Partial<TimelineRow>): TimelineRow => ({
  source: 'event', id: 'e1', kind: 'comment', at: '2026-12-01T08:00:00Z', actor: 'u1', body: 'Rail meulé', done_at: null, done_by: null,
  created_at: '2026-12-01T08:00:00Z', updated_at: '2026-12-01T08:00:00Z', changes: null, photos: null, ...over,
});

describe('point timeline', () => {
  it('describes status and assignee changes in French and keeps the database order', () => {
    const list = buildTimeline([
      row({ source: 'audit', id: '7', kind: 'created', at: '2026-12-01T07:00:00Z', changes: { status: { new: 'signale' } } }),
      row({}),
      row({ source: 'audit', id: '8', kind: 'changed', at: '2026-12-01T09:00:00Z', actor: 'u2',
        changes: { status: { old: 'signale', new: 'pris_en_charge' }, assignee_id: { old: null, new: 'u1' } } }),
    ], [], 'u1', ctx);
    expect(list.map((e) => e.type)).toEqual(['change', 'event', 'change']);
    expect(list[2]).toMatchObject({ lines: ['Statut : Signalé → En cours', 'Assigné à : (vide) → agent@rail.fr'] });
  });

  it('an intervention keeps what, when, who and its photos', () => {
    const [e] = buildTimeline([row({ kind: 'intervention', done_at: '2026-12-01T06:00:00Z', done_by: 'Équipe voie', photos: [{ id: 'p', storage_path: 'points/a.jpg', position: 0, caption: null }] })], [], null, ctx);
    expect(e).toMatchObject({ kind: 'intervention', doneBy: 'Équipe voie', photos: [{ shown: 'points/a.jpg', thumb: 'points/a.jpg' }], pending: false });
  });
  it('lists a photo by its thumbnail and opens the drawn copy when there is one', () => {
    const [e] = buildTimeline([row({ kind: 'intervention', photos: [
      { id: 'p', storage_path: 'points/a.jpg', position: 0, caption: null, drawn_path: 'points/b.png', thumb_path: 'points/c.jpg' },
      { id: 'q', storage_path: 'points/d.jpg', position: 1, caption: null, drawn_path: null, thumb_path: 'points/e.jpg' },
    ] })], [], null, ctx);
    expect(e).toMatchObject({ photos: [{ shown: 'points/b.png', thumb: 'points/c.jpg' }, { shown: 'points/d.jpg', thumb: 'points/e.jpg' }] });
  });

  it('a comment waiting on the device shows in place, and once only when it has arrived', () => {
    const waiting = { eventId: 'e2', eventKind: 'comment' as const, body: 'Écrit dans le tunnel', doneAt: null, doneBy: null, observedAt: '2026-12-01T08:30:00Z' };
    const before = buildTimeline([row({}), row({ source: 'audit', id: '9', kind: 'changed', at: '2026-12-01T09:00:00Z', changes: { criticality: { old: 'attention', new: 'danger' } } })], [waiting], 'u1', ctx);
    expect(before.map((e) => e.id)).toEqual(['e1', 'e2', 'audit-9']);
    expect(before[1]).toMatchObject({ pending: true, actor: 'u1' });
    const after = buildTimeline([row({}), row({ id: 'e2', at: '2026-12-01T08:30:00Z', body: 'Écrit dans le tunnel' })], [waiting], 'u1', ctx);
    expect(after.filter((e) => e.id === 'e2')).toHaveLength(1);
    expect(after[1]).toMatchObject({ pending: false });
  });

  it('refuses an empty or too long text', () => {
    expect(eventBodyError('  ')).toBe('Écrivez un commentaire.');
    expect(eventBodyError('x'.repeat(4001))).toBe('Le texte dépasse 4000 caractères.');
    expect(eventBodyError('ok')).toBeNull();
  });
});

describe('intervention date input', () => {
  it('round-trips the device time of a datetime-local value', () => {
    const ms = new Date(2026, 11, 3, 14, 5).getTime();
    expect(toLocalInput(ms)).toBe('2026-12-03T14:05');
    expect(fromLocalInput('2026-12-03T14:05')).toBe(new Date(ms).toISOString());
    expect(fromLocalInput('')).toBeNull();
  });
});
