import { describe, expect, it } from 'vitest';
import { cutSearchHits, searchCutNote } from './searchCut';

describe('search results cut', () => {
  it('keeps the first max hits and says there were more', () => {
    const r = cutSearchHits([1, 2, 3, 4], 3);
    expect(r).toEqual({ hits: [1, 2, 3], more: true });
    expect(searchCutNote(r.hits.length, r.more)).toBe('Les 3 premiers résultats sont affichés : précisez la recherche pour trouver les autres.');
  });
  it('says nothing when every hit is shown', () => {
    const r = cutSearchHits([1, 2, 3], 3);
    expect(r).toEqual({ hits: [1, 2, 3], more: false });
    expect(searchCutNote(3, false)).toBe('');
  });
});
