import { describe, expect, it } from 'vitest';
import { conflictAtom, ConflictCancelledError, RowGoneError, saveVersioned, type PendingConflict } from './conflicts';
import { store } from './store';

interface Row { id: string; name: string; status: string; updatedAt?: string }
const base: Row = { id: 'p', name: 'a', status: 'signale', updatedAt: 'v1' };
const theirs: Row = { id: 'p', name: 'a', status: 'resolu', updatedAt: 'v2' };
const staleErr = { code: 'PT409', message: 'stale_version' };

/** Answers the dialog as soon as it opens. */
function answer(fn: (c: PendingConflict) => void) {
  const off = store.sub(conflictAtom, () => { const c = store.get(conflictAtom); if (c) { off(); fn(c); } });
}

describe('saveVersioned', () => {
  it('states the base version, then saves the resolution on top of the current one', async () => {
    const calls: Row[] = [];
    answer((c) => {
      expect(c.diffs.map((d) => [d.field, d.mineChanged, d.theirsChanged])).toEqual([['name', true, false], ['status', false, true]]);
      c.settle({ ...c.theirs, name: 'b' });
    });
    const saved = await saveVersioned<Row>({
      table: 'points', base, mine: { ...base, name: 'b' }, fields: ['name', 'status'],
      save: async (v) => { calls.push(v); if (calls.length === 1) throw staleErr; return { ...v, updatedAt: 'v3' }; },
      fetchCurrent: async () => theirs,
    });
    expect(calls[0]).toMatchObject({ name: 'b', status: 'signale', updatedAt: 'v1' });
    expect(calls[1]).toMatchObject({ name: 'b', status: 'resolu', updatedAt: 'v2' });
    expect(saved.updatedAt).toBe('v3');
    expect(store.get(conflictAtom)).toBeNull();
  });

  it('deleted meanwhile → RowGoneError; cancelled → ConflictCancelledError; other errors pass through', async () => {
    const common = { table: 'points' as const, base, mine: base, fields: ['name'] as const };
    await expect(saveVersioned<Row>({ ...common, save: async () => { throw { code: 'PGRST116' }; }, fetchCurrent: async () => null })).rejects.toBeInstanceOf(RowGoneError);
    await expect(saveVersioned<Row>({ ...common, save: async () => { throw staleErr; }, fetchCurrent: async () => null })).rejects.toBeInstanceOf(RowGoneError);
    answer((c) => c.settle(null));
    await expect(saveVersioned<Row>({ ...common, save: async () => { throw staleErr; }, fetchCurrent: async () => theirs })).rejects.toBeInstanceOf(ConflictCancelledError);
    await expect(saveVersioned<Row>({ ...common, save: async () => { throw new Error('network'); }, fetchCurrent: async () => theirs })).rejects.toThrow('network');
  });
});
