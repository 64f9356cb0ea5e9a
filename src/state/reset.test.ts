import { describe, expect, it } from 'vitest';
import { store } from './store';
import { resetAllState } from './reset';
import { pointsAtom, settingsAtom } from './data';
import { modeAtom } from './mode';
import { selectionAtom, pointFormAtom } from './selection';
import { statusFilterAtom } from './filters';
import { profileAtom } from './session';

describe('resetAllState', () => {
  it('puts every primitive atom back to its initial value without running action atoms', () => {
    store.set(pointsAtom, [{ id: 'x' } as never]);
    store.set(settingsAtom, [{ key: 'feedback_link', value: 'https://x.fr', createdBy: null }]);
    store.set(modeAtom, 'draw-point');
    store.set(selectionAtom, { kind: 'point', id: 'x' });
    store.set(pointFormAtom, { mode: 'edit', pointId: 'x' });
    store.set(statusFilterAtom, 'resolu');
    store.set(profileAtom, { id: 'u', email: 'a@b.fr', role: 'admin', teamId: null });
    expect(() => resetAllState()).not.toThrow();
    expect(store.get(pointsAtom)).toEqual([]);
    expect(store.get(settingsAtom)).toEqual([]);
    expect(store.get(modeAtom)).toBe('view');
    expect(store.get(selectionAtom)).toBeNull();
    expect(store.get(pointFormAtom)).toBeNull();
    expect(store.get(statusFilterAtom)).toBe('tous');
    expect(store.get(profileAtom)).toBeNull();
  });
});
