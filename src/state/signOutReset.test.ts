import { describe, expect, it } from 'vitest';
import { store } from './store';
import { resetSessionState } from './signOutReset';
import { linePositionsAtom } from './position/atoms';
import { browserOnlineAtom } from './offline/atoms';
import { settingsAtom } from './tables';
import { EMPTY_POINT_INDEX, pointIndexAtom } from './pointIndex';
import { createPointIndex } from '../core/pointIndex/store';
import { modeAtom } from './mode';
import { selectionAtom, pointFormAtom } from './selection';
import { statusFilterAtom } from './filters';
import { profileAtom } from './session';

describe('resetSessionState', () => {
  it('puts every atom declared as session state back to its initial value, in subfolders too', () => {
    store.set(pointIndexAtom, { index: createPointIndex(), version: 3 });
    store.set(settingsAtom, [{ key: 'feedback_link', value: 'https://x.fr', createdBy: null }]);
    store.set(modeAtom, 'draw-point');
    store.set(selectionAtom, { kind: 'point', id: 'x' });
    store.set(pointFormAtom, { mode: 'edit', pointId: 'x' });
    store.set(statusFilterAtom, 'resolu');
    store.set(profileAtom, { id: 'u', email: 'a@b.fr', role: 'admin', teamId: null });
    store.set(linePositionsAtom, { axes: [], anchors: [{ id: 'a', lineId: 'l', track: 'voie_1', pk: 1, lat: 48, lon: 2, source: 'import', accuracyM: null, fixes: null }] });
    store.set(browserOnlineAtom, false);
    expect(() => resetSessionState()).not.toThrow();
    expect(store.get(pointIndexAtom)).toEqual({ index: EMPTY_POINT_INDEX, version: 0 });
    expect(store.get(settingsAtom)).toEqual([]);
    expect(store.get(modeAtom)).toBe('view');
    expect(store.get(selectionAtom)).toBeNull();
    expect(store.get(pointFormAtom)).toBeNull();
    expect(store.get(statusFilterAtom)).toBe('tous');
    expect(store.get(profileAtom)).toBeNull();
    expect(store.get(linePositionsAtom)).toEqual({ axes: [], anchors: [] });
    expect(store.get(browserOnlineAtom)).toBe(false); // the network's state is not the session's
  });
});
