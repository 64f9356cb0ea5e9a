import { describe, expect, it } from 'vitest';
import { formatPk, parsePkQuery, pkJumpMessage, pkJumpTarget } from './pkQuery';

describe('parsePkQuery', () => {
  it('reads the forms staff type', () => {
    expect(parsePkQuery('17,4')).toBe(17.4);
    expect(parsePkQuery('17.40')).toBe(17.4);
    expect(parsePkQuery('PK 17+400')).toBe(17.4);
    expect(parsePkQuery('pk17+400')).toBe(17.4);
    expect(parsePkQuery('P.K. 17,4')).toBe(17.4);
    expect(parsePkQuery(' 17 + 040 ')).toBe(17.04);
    expect(parsePkQuery('17+4')).toBe(17.004);
    expect(parsePkQuery('17')).toBe(17);
    expect(parsePkQuery('0')).toBe(0);
    expect(parsePkQuery('999,99')).toBe(999.99);
    expect(parsePkQuery('12,345')).toBe(12.345);
  });
  it('is not a PK otherwise (left to the text search)', () => {
    for (const t of ['', 'OT-72170', '72170', '17,4 km nord', '1000', 'traverse', '17,', '+400', '17+4000', '17,4,5', '-3']) {
      expect(parsePkQuery(t), t).toBeNull();
    }
  });
});

describe('pkJumpTarget', () => {
  const markers = [{ position: 7000, value: 13 }, { position: 1000, value: 10 }, { position: 3000, value: 12 }];
  it('interpolates between markers, and reaches both ends of the range exactly', () => {
    expect(pkJumpTarget(markers, 11)).toEqual({ ok: true, km: 11, x: 2000 });
    expect(pkJumpTarget(markers, 12.5)).toEqual({ ok: true, km: 12.5, x: 5000 });
    expect(pkJumpTarget(markers, 10)).toEqual({ ok: true, km: 10, x: 1000 });
    expect(pkJumpTarget(markers, 13)).toEqual({ ok: true, km: 13, x: 7000 });
  });
  it('refuses a PK just outside the range, with a French message giving the range', () => {
    const below = pkJumpTarget(markers, 9.99);
    const above = pkJumpTarget(markers, 13.01);
    expect(below).toMatchObject({ ok: false, reason: 'out_of_range', min: 10, max: 13 });
    expect(above).toMatchObject({ ok: false, reason: 'out_of_range' });
    if (!above.ok) expect(pkJumpMessage(above)).toBe('Le PK 13,01 est hors de la ligne (repères de PK 10,00 à PK 13,00).');
  });
  it('needs two markers', () => {
    const j = pkJumpTarget([{ position: 10, value: 1 }], 1);
    expect(j).toMatchObject({ ok: false, reason: 'no_markers' });
    if (!j.ok) expect(pkJumpMessage(j)).toMatch(/Aucun repère/);
  });
  it('formats with a decimal comma', () => {
    expect(formatPk(17.4)).toBe('17,40');
    expect(formatPk(17.004)).toBe('17,004');
  });
});
