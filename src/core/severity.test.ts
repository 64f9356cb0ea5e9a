import { describe, expect, it } from 'vitest';
import { DEFAULT_CRITICALITY_LEVELS } from './constants';
import { createSeverityScale, mostCritical, severityRanks, UNKNOWN_SEVERITY_COLOR } from './severity';

const levels = [
  ...DEFAULT_CRITICALITY_LEVELS,
  { id: 'info', name: 'Info', color: '#3b82f6', icon: 'Info' as const, order: -1, isDefault: false, createdBy: null },
  { id: 'fatal', name: 'Fatal', color: '#000000', icon: 'Skull' as const, order: 5, isDefault: false, createdBy: null },
];

describe('createSeverityScale', () => {
  const scale = createSeverityScale(levels);
  it('ranks levels by order, highest order most critical', () => {
    expect(['info', 'attention', 'danger', 'fatal'].map(scale.rankOf)).toEqual([1, 2, 3, 4]);
  });
  it('maps a rank back to its level colour, grey for unknown', () => {
    expect(scale.colorAt(scale.rankOf('danger'))).toBe('#ef4444');
    expect(scale.colorAt(scale.rankOf('attention'))).toBe('#f59e0b');
    expect(scale.rankOf('nope')).toBe(0);
    expect(scale.colorAt(0)).toBe(UNKNOWN_SEVERITY_COLOR);
    expect(scale.levelAt(99)).toBeUndefined();
  });
  it('finds the most critical of several ids', () => {
    expect(mostCritical(['attention', 'danger', 'info'], scale)).toBe('danger');
    expect(mostCritical(['nope'], scale)).toBeUndefined();
  });
  it('converts many criticalities at once', () => {
    expect(Array.from(severityRanks(['fatal', 'attention', 'x'], scale))).toEqual([4, 2, 0]);
  });
});
