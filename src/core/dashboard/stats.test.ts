import { describe, expect, it } from 'vitest';
import { DEFAULT_CRITICALITY_LEVELS } from '../constants';
import { ageTable, ageWindow, formatDay, formatDays, openByDaySeries, stack, type DashboardStats } from './stats';

const stats: DashboardStats = {
  first_day: '2026-11-24',
  open_by_day: [
    { day: '2026-11-24', criticality: 'danger', open: 2 }, { day: '2026-11-25', criticality: 'danger', open: 3 },
    { day: '2026-11-24', criticality: 'attention', open: 1 }, { day: '2026-11-25', criticality: 'ancien', open: 4 },
  ],
  flow_by_week: [],
  ages: [{ criticality: 'danger', bucket: '30-90', n: 2 }, { criticality: 'attention', bucket: 'lt7', n: 1 }],
  teams: [],
  stretches: [],
};

describe('dashboard shaping', () => {
  it('one series per level in the levels order, zeros where nothing was named, unknown levels last', () => {
    const s = openByDaySeries(stats, DEFAULT_CRITICALITY_LEVELS);
    expect(s.days).toEqual(['2026-11-24', '2026-11-25']);
    expect(s.series.map((x) => [x.level, x.values])).toEqual([['attention', [1, 0]], ['danger', [2, 3]], ['ancien', [0, 4]]]);
    expect(stack(s.series.map((x) => x.values))).toEqual([[1, 0], [3, 3], [3, 7]]);
  });
  it('age table with every bucket', () => {
    const t = ageTable(stats, DEFAULT_CRITICALITY_LEVELS);
    expect(t.map((r) => [r.level, r.counts])).toEqual([
      ['attention', { lt7: 1, '7-30': 0, '30-90': 0, gt90: 0 }], ['danger', { lt7: 0, '7-30': 0, '30-90': 2, gt90: 0 }]]);
  });
  it('age windows and French formats', () => {
    const now = 100 * 86_400_000;
    expect(ageWindow('7-30', now)).toEqual({ from: 70 * 86_400_000, to: 93 * 86_400_000 });
    expect(ageWindow('gt90', now)).toEqual({ from: null, to: 10 * 86_400_000 });
    expect(formatDay('2026-11-02')).toBe('02/11/2026');
    expect(formatDays(23.5)).toBe('23,5');
    expect(formatDays(null)).toBe('—');
  });
});
