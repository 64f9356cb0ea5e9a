import { describe, expect, it } from 'vitest';
import { parisDayStart, parisOffsetMinutes } from './parisDay';

describe('parisDayStart', () => {
  it('winter and summer days', () => {
    expect(parisDayStart('2026-11-23')).toBe('2026-11-22T23:00:00.000Z');
    expect(parisDayStart('2026-07-01')).toBe('2026-06-30T22:00:00.000Z');
    expect(parisDayStart('2026-11-23', 1)).toBe('2026-11-23T23:00:00.000Z');
  });
  it('the days of the DST changes', () => {
    expect(parisDayStart('2026-03-29')).toBe('2026-03-28T23:00:00.000Z'); // 02:00 → 03:00 later that day
    expect(parisDayStart('2026-03-30')).toBe('2026-03-29T22:00:00.000Z');
    expect(parisDayStart('2026-10-25')).toBe('2026-10-24T22:00:00.000Z');
    expect(parisDayStart('2026-10-26')).toBe('2026-10-25T23:00:00.000Z');
  });
  it('offsets and invalid input', () => {
    expect(parisOffsetMinutes(Date.UTC(2026, 0, 1))).toBe(60);
    expect(parisOffsetMinutes(Date.UTC(2026, 6, 1))).toBe(120);
    expect(parisDayStart('23/11/2026')).toBeNull();
  });
});
