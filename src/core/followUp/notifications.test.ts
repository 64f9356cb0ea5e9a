import { describe, expect, it } from 'vitest';
import { bellBadge, bellLabel, NOTIFICATION_KINDS, settingsFromRow, settingsToRow } from './notifications';

describe('notification bell', () => {
  it('names the unread count in French', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(1)).toBe('Notifications (1 non lue)');
    expect(bellLabel(12)).toBe('Notifications (12 non lues)');
  });
  it('caps the badge', () => {
    expect(bellBadge(0)).toBeNull();
    expect(bellBadge(7)).toBe('7');
    expect(bellBadge(250)).toBe('99+');
  });
});

describe('notification settings', () => {
  it('no row or null kinds means every kind, immediate e-mail', () => {
    expect(settingsFromRow(null)).toEqual({ kinds: [...NOTIFICATION_KINDS], emailMode: 'immediat' });
    expect(settingsFromRow({ kinds: null, email_mode: 'quotidien' }).kinds).toHaveLength(NOTIFICATION_KINDS.length);
  });
  it('keeps the chosen kinds in order and drops unknown ones', () => {
    expect(settingsFromRow({ kinds: ['resolved', 'inconnu', 'assigned'], email_mode: 'jamais' })).toEqual({ kinds: ['assigned', 'resolved'], emailMode: 'jamais' });
  });
  it('stores every kind as null, a choice as its list', () => {
    expect(settingsToRow({ kinds: [...NOTIFICATION_KINDS], emailMode: 'immediat' })).toEqual({ kinds: null, email_mode: 'immediat' });
    expect(settingsToRow({ kinds: ['comment'], emailMode: 'quotidien' })).toEqual({ kinds: ['comment'], email_mode: 'quotidien' });
  });
});
