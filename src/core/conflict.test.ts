import { describe, expect, it } from 'vitest';
import { defaultChoice, diffVersions, mergeText, resolveConflict, sameValue } from './conflict';

interface P { name: string; description: string; status: string; position: { x: number; y: number }; teamId: string | null }
const FIELDS = ['name', 'description', 'status', 'position', 'teamId'] as const;
const base: P = { name: 'Traverse', description: 'Fissure sur la traverse.', status: 'signale', position: { x: 1, y: 2 }, teamId: null };

describe('sameValue', () => {
  it('compares positions and arrays by value, null and undefined alike', () => {
    expect(sameValue({ x: 1, y: 2 }, { y: 2, x: 1 })).toBe(true);
    expect(sameValue({ x: 1, y: 2 }, { x: 1, y: 3 })).toBe(false);
    expect(sameValue([{ x: 1 }], [{ x: 1 }])).toBe(true);
    expect(sameValue([1], [1, 2])).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue('', null)).toBe(false);
  });
});

describe('diffVersions', () => {
  it('lists what changed meanwhile and what the user changed, with conflicts', () => {
    const theirs = { ...base, status: 'resolu', description: 'Fissure réparée.' };
    const mine = { ...base, description: 'Fissure sur la traverse, 20 cm.', teamId: 't1' };
    const d = diffVersions(base, mine, theirs, FIELDS);
    expect(d.map((x) => x.field)).toEqual(['description', 'status', 'teamId']);
    expect(d[0]).toMatchObject({ mineChanged: true, theirsChanged: true, conflict: true });
    expect(d[1]).toMatchObject({ mine: 'signale', theirs: 'resolu', mineChanged: false, theirsChanged: true, conflict: false });
    expect(d[2]).toMatchObject({ mineChanged: true, theirsChanged: false, conflict: false });
  });
  it('the same change on both sides is no conflict; nothing changed gives nothing', () => {
    expect(diffVersions(base, { ...base, status: 'resolu' }, { ...base, status: 'resolu' }, FIELDS)[0].conflict).toBe(false);
    expect(diffVersions(base, { ...base }, { ...base, position: { x: 1, y: 2 } }, FIELDS)).toEqual([]);
  });
});

describe('resolveConflict', () => {
  const theirs = { ...base, status: 'resolu', description: 'Fissure sur la traverse. Réparée le 12.' };
  const mine = { ...base, name: 'Traverse béton', description: 'Grande fissure sur la traverse.' };
  it('by default keeps their changes where the user did not touch the field (the issue: Résolu is not reverted)', () => {
    const r = resolveConflict(base, mine, theirs, FIELDS);
    expect(r.status).toBe('resolu');
    expect(r.name).toBe('Traverse béton');
    expect(r.description).toBe(mine.description); // both changed: mine by default
  });
  it('applies a choice per field, and merges a text', () => {
    expect(resolveConflict(base, mine, theirs, FIELDS, { status: 'mine', description: 'theirs', name: 'theirs' }))
      .toEqual({ ...theirs, status: 'signale' });
    expect(resolveConflict(base, mine, theirs, FIELDS, { description: 'merge' }).description)
      .toBe('Grande fissure sur la traverse. Réparée le 12.');
  });
  it('default choices', () => {
    const [d, s] = diffVersions(base, mine, theirs, ['description', 'status'] as const);
    expect(defaultChoice(d)).toBe('mine');
    expect(defaultChoice(s)).toBe('theirs');
  });
});

describe('mergeText', () => {
  it('combines edits made in different places', () => {
    expect(mergeText('a b c d', 'a X c d', 'a b c Y')).toEqual({ text: 'a X c Y', conflicts: 0 });
    expect(mergeText('Ligne un.\nLigne deux.', 'Avant.\nLigne un.\nLigne deux.', 'Ligne un.\nLigne deux.\nAprès.'))
      .toEqual({ text: 'Avant.\nLigne un.\nLigne deux.\nAprès.', conflicts: 0 });
  });
  it('one side unchanged: the other side wins; both equal: that text', () => {
    expect(mergeText('x', 'x', 'y').text).toBe('y');
    expect(mergeText('x', 'y', 'x').text).toBe('y');
    expect(mergeText('x', 'z', 'z').text).toBe('z');
  });
  it('the same passage changed differently keeps both, mine first', () => {
    const r = mergeText('la traverse est fissurée', 'la traverse est cassée', 'la traverse est remplacée');
    expect(r).toEqual({ text: 'la traverse est cassée / remplacée', conflicts: 1 });
  });
  it('deletions on one side and insertions on the other', () => {
    expect(mergeText('un deux trois', 'un trois', 'un deux trois quatre').text).toBe('un trois quatre');
    expect(mergeText('', 'mien', 'sien')).toEqual({ text: 'mien / sien', conflicts: 1 });
  });
});
