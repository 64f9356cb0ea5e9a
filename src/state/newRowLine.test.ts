// The line a new point, zone or marker goes on (src/state/tables.ts newRowLine): the line shown; before the lines
// are known, the line the user chose; else none named (the database's default line).
import { afterEach, describe, expect, it } from 'vitest';
import type { Line } from '../core/types';
import { store } from './store';
import { currentLineIdAtom, linesAtom, newRowLine } from './tables';

const line = (id: string, sort: number, archived = false) => ({ id, code: id, name: id, sort, archived }) as Line;

afterEach(() => { store.set(linesAtom, []); store.set(currentLineIdAtom, null); });

describe('newRowLine', () => {
  it('is the line shown: the chosen one, or the first line not archived', () => {
    store.set(linesAtom, [line('l1', 0), line('l2', 1)]);
    expect(newRowLine()).toEqual({ lineId: 'l1' });
    store.set(currentLineIdAtom, 'l2');
    expect(newRowLine()).toEqual({ lineId: 'l2' });
    store.set(linesAtom, [line('l1', 0), line('l2', 1, true)]);
    expect(newRowLine()).toEqual({ lineId: 'l1' }); // the chosen line is archived: the line shown
  });

  it('before the lines are known, is the line the user chose, else names none', () => {
    expect(newRowLine()).toEqual({});
    store.set(currentLineIdAtom, 'l2');
    expect(newRowLine()).toEqual({ lineId: 'l2' });
  });
});
