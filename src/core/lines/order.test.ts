import { describe, expect, it } from 'vitest';
import { moveInOrder } from './order';

const lines = [{ id: 'a', sort: 0 }, { id: 'c', sort: 5 }, { id: 'b', sort: 1 }];

describe('moveInOrder', () => {
  it('swaps with the neighbour and renumbers only what changes', () => {
    expect(moveInOrder(lines, 'b', -1)).toEqual([{ id: 'b', sort: 0 }, { id: 'a', sort: 1 }, { id: 'c', sort: 2 }]);
    expect(moveInOrder(lines, 'b', 1)).toEqual([{ id: 'c', sort: 1 }, { id: 'b', sort: 2 }]);
  });
  it('does nothing past either end or for an unknown line', () => {
    expect(moveInOrder(lines, 'a', -1)).toEqual([]);
    expect(moveInOrder(lines, 'c', 1)).toEqual([]);
    expect(moveInOrder(lines, 'z', 1)).toEqual([]);
  });
});
