import { describe, expect, it } from 'vitest';
import { progressPercent, teamStats } from './teamStats';

describe('progressPercent', () => {
  it('rounds resolved / total to a whole percentage', () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(1, 8)).toBe(13); // 12.5 rounds up
  });
  it('is 0 for a team without points', () => {
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe('teamStats', () => {
  it('counts members, points and resolved points per team; other statuses are pending', () => {
    const stats = teamStats(
      ['a', 'b'],
      [
        { teamId: 'a', status: 'resolu' }, { teamId: 'a', status: 'signale' }, { teamId: 'a', status: 'pris_en_charge' },
        { teamId: null, status: 'resolu' }, { teamId: 'zzz', status: 'resolu' },
      ],
      [{ teamId: 'a' }, { teamId: 'a' }, { teamId: 'b' }, { teamId: null }],
    );
    expect(stats.get('a')).toEqual({ members: 2, total: 3, resolved: 1, percent: 33 });
    expect(stats.get('b')).toEqual({ members: 1, total: 0, resolved: 0, percent: 0 });
    expect(stats.has('zzz')).toBe(false);
  });

  it('counts only active members: a deactivated member is no longer part of the team', () => {
    const stats = teamStats(['a'], [], [{ teamId: 'a', active: true }, { teamId: 'a', active: false }, { teamId: 'a' }]);
    expect(stats.get('a')?.members).toBe(2);
  });
});
