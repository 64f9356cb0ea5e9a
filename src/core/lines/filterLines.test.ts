import { describe, expect, it } from 'vitest';
import { filterLines, lineLabel } from './filterLines';

const lines = [
  { code: 'L830', name: 'Paris – Lyon' },
  { code: 'L750', name: 'Béziers – Neussargues' },
  { code: 'L1', name: 'Ligne principale' },
];

describe('filterLines', () => {
  it('keeps every line for an empty query, in order', () => {
    expect(filterLines(lines, '  ')).toEqual(lines);
  });
  it('matches code or name, accents and case ignored, every word', () => {
    expect(filterLines(lines, 'beziers').map((l) => l.code)).toEqual(['L750']);
    expect(filterLines(lines, 'l8').map((l) => l.code)).toEqual(['L830']);
    expect(filterLines(lines, 'LIGNE princ').map((l) => l.code)).toEqual(['L1']);
    expect(filterLines(lines, 'lyon nice')).toEqual([]);
  });
  it('labels a line by code and name', () => {
    expect(lineLabel(lines[0])).toBe('L830 · Paris – Lyon');
  });
});
