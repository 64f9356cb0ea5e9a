// The first open's phases as User Timing marks: one mark per phase on a page, named rail:<phase>.
import { describe, expect, it } from 'vitest';
import { LOAD_PHASES, markLoad } from './loadMarks';

describe('markLoad', () => {
  it('marks a phase at its first occurrence only', () => {
    markLoad('lines');
    markLoad('lines');
    markLoad('session');
    expect(performance.getEntriesByName('rail:lines', 'mark')).toHaveLength(1);
    expect(performance.getEntriesByName('rail:session', 'mark')).toHaveLength(1);
    expect(performance.getEntriesByName('rail:points-loaded', 'mark')).toHaveLength(0);
  });

  it('names every phase once (the benches read them by these names)', () => {
    expect(new Set(LOAD_PHASES).size).toBe(LOAD_PHASES.length);
    for (const p of LOAD_PHASES) expect(p).toMatch(/^[a-z-]+$/);
  });
});
