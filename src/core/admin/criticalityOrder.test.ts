import { describe, expect, it } from 'vitest';
import { levelIdFromName, moveLevel, nextLevelOrder, sortLevels } from './criticalityOrder';

const L = (id: string, order: number) => ({ id, name: id.toUpperCase(), order });

describe('sortLevels', () => {
  it('orders by "order", then by id', () => {
    expect(sortLevels([L('c', 2), L('b', 0), L('a', 0)]).map((l) => l.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('nextLevelOrder', () => {
  it('is the number of existing levels', () => {
    expect(nextLevelOrder([L('a', 0), L('b', 1)])).toBe(2);
    expect(nextLevelOrder([])).toBe(0);
  });
});

describe('moveLevel', () => {
  it('swaps with the previous level and renumbers, reporting only changed levels', () => {
    const r = moveLevel([L('a', 0), L('b', 1), L('c', 2)], 'c', -1)!;
    expect(r.list.map((l) => `${l.id}${l.order}`)).toEqual(['a0', 'c1', 'b2']);
    expect(r.changed.map((l) => l.id).sort()).toEqual(['b', 'c']);
  });
  it('renumbers gaps and duplicates into 0..n-1', () => {
    const r = moveLevel([L('a', 0), L('b', 5), L('c', 5)], 'a', 1)!;
    expect(r.list.map((l) => `${l.id}${l.order}`)).toEqual(['b0', 'a1', 'c2']);
    expect(r.changed.map((l) => l.id).sort()).toEqual(['a', 'b', 'c']);
  });
  it('refuses to move the first up or the last down', () => {
    expect(moveLevel([L('a', 0), L('b', 1)], 'a', -1)).toBeNull();
    expect(moveLevel([L('a', 0), L('b', 1)], 'b', 1)).toBeNull();
    expect(moveLevel([L('a', 0)], 'x', 1)).toBeNull();
  });
});

describe('levelIdFromName', () => {
  it('makes an ascii snake_case id and avoids existing ids', () => {
    expect(levelIdFromName('Risque électrique', [])).toBe('risque_electrique');
    expect(levelIdFromName('Danger', ['danger'])).toBe('danger_2');
    expect(levelIdFromName('Danger', ['danger', 'danger_2'])).toBe('danger_3');
    expect(levelIdFromName('!!!', [])).toBe('niveau');
  });
});
