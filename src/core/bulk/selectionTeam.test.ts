// The one team of a selection (src/core/bulk/selectionTeam.ts).
import { describe, expect, it } from 'vitest';
import { createPointIndex, upsertRows } from '../pointIndex/store';
import type { PointIndexRow } from '../pointIndex/types';
import { selectionTeam } from './selectionTeam';

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const teams = [null, 't1', 't1', 't2', null];
const ix = createPointIndex(8);
upsertRows(ix, teams.map((teamId, i): PointIndexRow => ({
  id: uuid(i), x: i, y: i, km: null, created: 1000 + i, updated: 2000 + i, status: 'signale', criticality: 'attention', teamId,
})));

describe('selectionTeam', () => {
  it('names the team every selected point shares, null for points without team', () => {
    expect(selectionTeam(ix, [uuid(1), uuid(2)])).toEqual({ kind: 'one', teamId: 't1' });
    expect(selectionTeam(ix, [uuid(0), uuid(4)])).toEqual({ kind: 'one', teamId: null });
    expect(selectionTeam(ix, [uuid(3)])).toEqual({ kind: 'one', teamId: 't2' });
  });
  it('says when the teams differ (a team and none too), and ignores ids not in the index', () => {
    expect(selectionTeam(ix, [uuid(1), uuid(3)])).toEqual({ kind: 'mixed' });
    expect(selectionTeam(ix, [uuid(0), uuid(1)])).toEqual({ kind: 'mixed' });
    expect(selectionTeam(ix, [uuid(9), uuid(2)])).toEqual({ kind: 'one', teamId: 't1' });
    expect(selectionTeam(ix, [uuid(9)])).toEqual({ kind: 'none' });
  });
});
