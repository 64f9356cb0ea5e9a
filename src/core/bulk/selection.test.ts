import { describe, expect, it } from 'vitest';
import { keepListed, toggled, withAll, withRange } from './selection';

const order = Int32Array.from([4, 3, 2, 1, 0]);
const idAt = (slot: number) => `s${slot}`;

describe('selection', () => {
  it('toggles one id', () => {
    expect([...toggled(new Set(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggled(new Set(['a']), 'a')]).toEqual([]);
  });
  it('a shift-click selects the rows between the anchor and the row, in the list order, either way', () => {
    expect([...withRange(new Set(), order, idAt, 's3', 's1', true)].sort()).toEqual(['s1', 's2', 's3']);
    expect([...withRange(new Set(), order, idAt, 's0', 's3', true)].sort()).toEqual(['s0', 's1', 's2', 's3']);
    expect([...withRange(new Set(['s0', 's1', 's2', 's9']), order, idAt, 's0', 's1', false)].sort()).toEqual(['s2', 's9']);
  });
  it('without an anchor in the list only the row changes', () => {
    expect([...withRange(new Set(), order, idAt, null, 's2', true)]).toEqual(['s2']);
    expect([...withRange(new Set(), order, idAt, 'elsewhere', 's2', true)]).toEqual(['s2']);
  });
  it('adds many', () => {
    expect([...withAll(new Set(['a']), ['b', 'a', 'c'])]).toEqual(['a', 'b', 'c']);
  });
});

describe('keepListed', () => {
  const slots = new Map([['a', 0], ['b', 1], ['c', 2]]);
  const slotOf = (id: string) => slots.get(id) ?? -1;
  it('drops the selected points the list no longer shows, and those gone', () => {
    const next = keepListed(new Set(['a', 'b', 'z']), Int32Array.from([0, 2]), slotOf, 3);
    expect([...next]).toEqual(['a']);
  });
  it('keeps the same set when every selected point is listed', () => {
    const sel = new Set(['a', 'c']);
    expect(keepListed(sel, Int32Array.from([2, 1, 0]), slotOf, 3)).toBe(sel);
  });
});
