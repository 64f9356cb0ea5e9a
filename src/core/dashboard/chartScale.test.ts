import { describe, expect, it } from 'vitest';
import { chartYTop, weekBarsXRange, WEEK_SECONDS } from './chartScale';

describe('chartYTop', () => {
  it('rises above the tallest value, by at least one and about 10 %', () => {
    expect(chartYTop(0)).toBe(1);
    expect(chartYTop(null)).toBe(1);
    expect(chartYTop(1)).toBe(2);
    expect(chartYTop(9)).toBe(10);
    expect(chartYTop(100)).toBe(110);
    expect(chartYTop(3.2)).toBe(5);
    for (const m of [1, 7, 42, 230, 9999]) expect(chartYTop(m)).toBeGreaterThan(m);
  });
});

describe('weekBarsXRange', () => {
  it('leaves half a week before the first week and after the last', () => {
    expect(weekBarsXRange(1000, 1000 + 3 * WEEK_SECONDS)).toEqual([1000 - WEEK_SECONDS / 2, 1000 + 3.5 * WEEK_SECONDS]);
    expect(weekBarsXRange(500, null)).toEqual([500 - WEEK_SECONDS / 2, 500 + WEEK_SECONDS / 2]);
  });
});
