import { describe, expect, it } from 'vitest';
import { indexOfPoints } from '../../../test/fixtures/pointIndex/fromPoints';
import { indexPointView } from '../pointIndex/view';
import { point } from '../outbox/testItems';
import { deadlineLabel, delayParts, dueCell, dueText, formatDelay, isLate, lateText, parseDelay } from './deadline';

const at = (iso: string) => Date.parse(iso);

describe('deadline display', () => {
  it('shows the due time in Europe/Paris while it is ahead', () => {
    // 13:00 UTC in December is 14:00 in Paris
    expect(dueText('2026-12-03T13:00:00Z')).toBe('Échéance : 03/12 14:00');
    expect(deadlineLabel({ dueAt: '2026-12-03T13:00:00Z', status: 'signale' }, at('2026-12-01T00:00:00Z')))
      .toEqual({ text: 'Échéance : 03/12 14:00', late: false });
  });

  it('counts whole days late, hours under a day', () => {
    expect(lateText('2026-12-03T13:00:00Z', at('2026-12-05T14:00:00Z'))).toBe('En retard de 2 j');
    expect(lateText('2026-12-03T13:00:00Z', at('2026-12-03T18:30:00Z'))).toBe('En retard de 5 h');
    expect(lateText('2026-12-03T13:00:00Z', at('2026-12-03T13:01:00Z'))).toBe('En retard de 1 h');
  });

  it('a resolved point is never late; no due time shows nothing', () => {
    const now = at('2026-12-10T00:00:00Z');
    expect(isLate({ dueAt: '2026-12-03T13:00:00Z', status: 'resolu' }, now)).toBe(false);
    expect(isLate({ dueAt: '2026-12-03T13:00:00Z', status: 'pris_en_charge' }, now)).toBe(true);
    expect(deadlineLabel({ dueAt: '2026-12-03T13:00:00Z', status: 'resolu' }, now)).toEqual({ text: 'Échéance : 03/12 14:00', late: false });
    expect(deadlineLabel({ dueAt: null, status: 'signale' }, now)).toBeNull();
    expect(deadlineLabel({ dueAt: 'pas une date', status: 'signale' }, now)).toBeNull();
  });

  it('fills the report\'s Échéance cell: late, due time, a resolved point\'s frozen time, or a dash', () => {
    const now = at('2026-12-05T14:00:00Z');
    expect(dueCell({ dueAt: '2026-12-03T13:00:00Z', status: 'signale' }, now)).toBe('En retard de 2 j');
    expect(dueCell({ dueAt: '2026-12-07T13:00:00Z', status: 'pris_en_charge' }, now)).toBe('07/12 14:00');
    expect(dueCell({ dueAt: '2026-12-03T13:00:00Z', status: 'resolu' }, now)).toBe('03/12 14:00');
    expect(dueCell({ dueAt: null, status: 'signale' }, now)).toBe('—');
    expect(dueCell({ dueAt: null, status: 'resolu' }, now)).toBe('—');
  });

  it('is not late at the exact due instant', () => {
    expect(isLate({ dueAt: '2026-12-03T13:00:00Z', status: 'signale' }, at('2026-12-03T13:00:00Z'))).toBe(false);
  });
});

describe('Délai de traitement', () => {
  it('shows whole days in days, else hours', () => {
    expect(delayParts(720)).toEqual({ value: 30, unit: 'jours' });
    expect(delayParts(36)).toEqual({ value: 36, unit: 'heures' });
    expect(delayParts(null)).toBeNull();
    expect(formatDelay(48)).toBe('2 j');
    expect(formatDelay(36)).toBe('36 h');
    expect(formatDelay(null)).toBe('Aucun');
  });

  it('parses the typed delay, empty meaning none', () => {
    expect(parseDelay('48', 'heures')).toEqual({ hours: 48 });
    expect(parseDelay(' 30 ', 'jours')).toEqual({ hours: 720 });
    expect(parseDelay('', 'jours')).toEqual({ hours: null });
    expect(parseDelay('0', 'heures')).toHaveProperty('error');
    expect(parseDelay('1,5', 'jours')).toHaveProperty('error');
    expect(parseDelay('366', 'jours')).toEqual({ error: 'Le délai ne peut pas dépasser 365 jours.' });
  });
});

describe('list rows', () => {
  it('a row built from the index keeps the details\' due time and assignee (its late badge)', () => {
    const p = point('11111111-1111-4111-8111-111111111111', { dueAt: '2026-12-03T13:00:00Z', assigneeId: 'u2' });
    const v = indexPointView(indexOfPoints([p]), 0, p);
    expect(v).toMatchObject({ dueAt: '2026-12-03T13:00:00Z', assigneeId: 'u2' });
    expect(isLate(v, at('2026-12-04T00:00:00Z'))).toBe(true);
  });
});
