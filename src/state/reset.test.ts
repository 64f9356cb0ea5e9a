import { describe, expect, it } from 'vitest';
import { store } from './store';
import { resetAllState } from './reset';
import { settingsAtom } from './tables';
import { EMPTY_POINT_INDEX, pointIndexAtom } from './pointIndex';
import { createPointIndex } from '../core/pointIndex/store';
import { modeAtom } from './mode';
import { selectionAtom, pointFormAtom } from './selection';
import { statusFilterAtom } from './filters';
import { profileAtom } from './session';

describe('resetAllState', () => {
  it('puts every primitive atom back to its initial value without running action atoms', () => {
    store.set(pointIndexAtom, { index: createPointIndex(), version: 3 });
    store.set(settingsAtom, [{ key: 'feedback_link', value: 'https://x.fr', createdBy: null }]);
    store.set(modeAtom, 'draw-point');
    store.set(selectionAtom, { kind: 'point', id: 'x' });
    store.set(pointFormAtom, { mode: 'edit', pointId: 'x' });
    store.set(statusFilterAtom, 'resolu');
    store.set(profileAtom, { id: 'u', email: 'a@b.fr', role: 'admin', teamId: null });
    expect(() => resetAllState()).not.toThrow();
    expect(store.get(pointIndexAtom)).toEqual({ index: EMPTY_POINT_INDEX, version: 0 });
    expect(store.get(settingsAtom)).toEqual([]);
    expect(store.get(modeAtom)).toBe('view');
    expect(store.get(selectionAtom)).toBeNull();
    expect(store.get(pointFormAtom)).toBeNull();
    expect(store.get(statusFilterAtom)).toBe('tous');
    expect(store.get(profileAtom)).toBeNull();
  });
});
