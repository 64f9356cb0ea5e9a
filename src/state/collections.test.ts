// A collection's load is a Result: ok once read, else an `error` failure with the table's message, its fallback
// applied and the error logged.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Line, Team } from '../core/types';
import { DEFAULT_CRITICALITY_LEVELS } from '../core/constants';

vi.mock('../data/tableRepositories', () => ({
  listTeams: vi.fn(), listCriticalityLevels: vi.fn(), listLines: vi.fn(),
  listZones: vi.fn(), listMarkers: vi.fn(), listSettings: vi.fn(),
}));
const repo = await import('../data/tableRepositories');
const { levelsCollection, linesCollection, teamsCollection } = await import('./collections');
const { store } = await import('./store');
const { criticalityLevelsAtom, linesAtom, teamsAtom } = await import('./tables');
const { levelsLoadErrorAtom, teamsLoadErrorAtom } = await import('./status');
const { DATA_TEXT } = await import('./strings');

const team = (id: string, name: string) => ({ id, name }) as Team;
const line = (id: string) => ({ id, code: id, name: id, sort: 0 }) as Line;

afterEach(() => vi.restoreAllMocks());

describe('Collection.load', () => {
  it('is ok once read, the list sorted and the load error cleared', async () => {
    store.set(teamsLoadErrorAtom, DATA_TEXT.teamsLoadError);
    vi.mocked(repo.listTeams).mockResolvedValueOnce([team('b', 'Voie'), team('a', 'Caténaire')]);
    const r = await teamsCollection.load();
    expect(r.ok).toBe(true);
    expect(store.get(teamsAtom).map((t) => t.name)).toEqual(['Caténaire', 'Voie']);
    expect(store.get(teamsLoadErrorAtom)).toBeNull();
  });

  it('a failed read is an `error` failure with the table\'s message, its fallback applied and the error logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(repo.listTeams).mockRejectedValueOnce(new Error('network'));
    vi.mocked(repo.listCriticalityLevels).mockRejectedValueOnce(new Error('network'));
    const teams = await teamsCollection.load();
    const levels = await levelsCollection.load();
    expect(teams).toEqual({ ok: false, kind: 'error', message: DATA_TEXT.teamsLoadError });
    expect(levels).toEqual({ ok: false, kind: 'error', message: DATA_TEXT.levelsLoadError });
    expect(store.get(teamsAtom)).toEqual([]);
    expect(store.get(teamsLoadErrorAtom)).toBe(DATA_TEXT.teamsLoadError);
    expect(store.get(criticalityLevelsAtom)).toEqual(DEFAULT_CRITICALITY_LEVELS);
    expect(store.get(levelsLoadErrorAtom)).toBe(DATA_TEXT.levelsLoadError);
    expect(logged).toHaveBeenCalledTimes(2);
  });

  it('a table without a message of its own fails with the refresh\'s, its last list still shown', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(repo.listLines).mockResolvedValueOnce([line('L1')]);
    expect((await linesCollection.load()).ok).toBe(true);
    vi.mocked(repo.listLines).mockRejectedValueOnce(new Error('network'));
    expect(await linesCollection.load()).toEqual({ ok: false, kind: 'error', message: DATA_TEXT.refreshFailed });
    expect(store.get(linesAtom).map((l) => l.id)).toEqual(['L1']);
  });
});
