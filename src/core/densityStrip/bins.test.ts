// The density strip's binning against a brute-force count, the French cell text and the cell geometry.
import { describe, expect, it } from 'vitest';
import { binOpenPoints, cellAlpha, cellAt, cellAtImageX, cellImageRanges, cellOfKm, cellText, nextFilledCell } from './bins';
import { mulberry32 } from '../prng';

const OPEN = Uint8Array.from([1, 1, 0]); // signale, pris_en_charge counted; resolu not
const RANKS = Uint8Array.from([1, 2, 3, 0]); // crit code 3: a deleted level

function input(rows: [km: number, status: number, crit: number][]) {
  return {
    count: rows.length,
    km: Float64Array.from(rows.map((r) => r[0])),
    status: Uint8Array.from(rows.map((r) => r[1])),
    crit: Uint8Array.from(rows.map((r) => r[2])),
    counted: OPEN,
    rankOfCode: RANKS,
  };
}

describe('density strip binning', () => {
  it('puts a PK on a cell boundary in the cell it starts (17,40 in 17,40-17,50, also as a float32)', () => {
    expect(cellOfKm(17.4)).toBe(174);
    expect(cellOfKm(Math.fround(17.4))).toBe(174);
    expect(cellOfKm(17.49)).toBe(174);
    expect(cellOfKm(17.5)).toBe(175);
    expect(cellOfKm(-0.05)).toBe(-1);
  });

  it('counts open points per 100 m with the worst level and its count, skipping resolved, filtered and unknown PK', () => {
    const b = binOpenPoints(input([
      [17.4, 0, 0], [17.45, 1, 2], [17.49, 0, 2], [17.41, 2, 2], // resolved danger not counted
      [17.5, 0, 1], [NaN, 0, 2], [17.8, 0, 3], [17.81, 0, 0],
    ]));
    expect(b.firstCell).toBe(174);
    expect(Array.from(b.counts)).toEqual([3, 1, 0, 0, 2]);
    expect(Array.from(b.worst)).toEqual([3, 2, 0, 0, 1]);
    expect(Array.from(b.worstCount)).toEqual([2, 1, 0, 0, 1]);
    expect(b.max).toBe(3);
    expect(b.total).toBe(6);
    expect(cellAt(b, 178)).toEqual({ cell: 178, count: 2, worst: 1, worstCount: 1 });
    expect(cellAt(b, 300).count).toBe(0);
  });

  it('equals a brute-force count on 20,000 random points', () => {
    const rnd = mulberry32(7);
    const rows: [number, number, number][] = Array.from({ length: 20_000 }, () => [
      rnd() < 0.02 ? NaN : Math.round(rnd() * 4000) / 100, Math.floor(rnd() * 3), Math.floor(rnd() * 4)]);
    const b = binOpenPoints(input(rows));
    const brute = new Map<number, { n: number; worst: number; wc: number }>();
    for (const [km, st, cr] of rows) {
      if (st === 2 || Number.isNaN(km)) continue;
      const cell = Math.floor(Math.round(km * 100) / 10);
      const e = brute.get(cell) ?? { n: 0, worst: -1, wc: 0 };
      e.n++;
      const r = RANKS[cr];
      if (r > e.worst) { e.worst = r; e.wc = 1; } else if (r === e.worst) e.wc++;
      brute.set(cell, e);
    }
    let total = 0;
    for (let i = 0; i < b.counts.length; i++) {
      const e = brute.get(b.firstCell + i);
      expect(b.counts[i]).toBe(e?.n ?? 0);
      if (e) { expect(b.worst[i]).toBe(e.worst); expect(b.worstCount[i]).toBe(e.wc); }
      total += b.counts[i];
    }
    expect(total).toBe([...brute.values()].reduce((s, e) => s + e.n, 0));
  });

  it('is empty when nothing counts', () => {
    const b = binOpenPoints(input([[1, 2, 0], [NaN, 0, 0]]));
    expect(b.counts.length).toBe(0);
    expect(b.max).toBe(0);
    expect(nextFilledCell(b, null, 1)).toBeNull();
  });
});

describe('density strip cells', () => {
  it('says a cell in French', () => {
    expect(cellText(174, 6, 2, 'Danger')).toBe('PK 17,40-17,50 : 6 anomalies ouvertes (2 danger)');
    expect(cellText(9, 1, 1, 'Mineur')).toBe('PK 0,90-1,00 : 1 anomalie ouverte (1 mineur)');
    expect(cellText(12, 0, 0, null)).toBe('PK 1,20-1,30 : aucune anomalie ouverte');
    expect(cellText(12, 1200, 3, null)).toBe('PK 1,20-1,30 : 1\u202f200 anomalies ouvertes (3 niveau inconnu)');
  });

  it('grows its colour strength with the count', () => {
    expect(cellAlpha(0, 10)).toBe(0);
    expect(cellAlpha(1, 1)).toBe(1);
    expect(cellAlpha(1, 100)).toBeCloseTo(0.37);
    expect(cellAlpha(50, 100)).toBeLessThan(cellAlpha(100, 100));
  });

  it('places cells on the image through the markers and finds the cell under an image x', () => {
    const markers = [{ position: 100, value: 17 }, { position: 1100, value: 18 }]; // 1 km = 1000 px
    const b = binOpenPoints(input([[17.4, 0, 0], [17.95, 0, 1]]));
    const r = cellImageRanges(b, markers);
    expect(r.x0[0]).toBeCloseTo(500);
    expect(r.x1[0]).toBeCloseTo(600);
    expect(Number.isNaN(r.x0[1])).toBe(true);
    expect(r.x0[5]).toBeCloseTo(1000);
    expect(cellAtImageX(markers, 550)).toBe(174);
    expect(cellAtImageX(markers, 50)).toBeNull();
    expect(nextFilledCell(b, null, 1)).toBe(174);
    expect(nextFilledCell(b, 174, 1)).toBe(179);
    expect(nextFilledCell(b, 179, 1)).toBeNull();
    expect(nextFilledCell(b, 500, -1)).toBe(179);
    expect(nextFilledCell(b, null, -1)).toBe(179);
  });
});
