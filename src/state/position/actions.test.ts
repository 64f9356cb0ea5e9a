// Loading the lines' axes and anchors is a Result: ok once read, else an `error` failure (logged) that keeps the
// last ones shown.
import { describe, expect, it, vi } from 'vitest';
import type { LinePositions } from '../../core/position/types';

vi.mock('../../data/linePositionsRepository', () => ({ listLinePositions: vi.fn(), replaceLinePositions: vi.fn(), saveTerrainAnchor: vi.fn() }));
const repo = await import('../../data/linePositionsRepository');
const { loadLinePositions } = await import('./actions');
const { store } = await import('../store');
const { linePositionsAtom } = await import('./atoms');
const { POSITION_FAILURE } = await import('./strings');

describe('loadLinePositions', () => {
  it('is ok once read; a failed read is an `error` failure, logged, the last ones staying', async () => {
    const read: LinePositions = { axes: [], anchors: [] };
    vi.mocked(repo.listLinePositions).mockResolvedValueOnce(read);
    expect((await loadLinePositions()).ok).toBe(true);
    expect(store.get(linePositionsAtom)).toBe(read);
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(repo.listLinePositions).mockRejectedValueOnce(new Error('network'));
    expect(await loadLinePositions()).toEqual({ ok: false, kind: 'error', message: POSITION_FAILURE.loadError });
    expect(store.get(linePositionsAtom)).toBe(read);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });
});
