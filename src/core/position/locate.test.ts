import { describe, expect, it } from 'vitest';
import { curvedLine } from '../../../test/fixtures/position/curvedLine';
import { buildLineIndex } from './lineIndex';
import { locate, locatedMessage } from './locate';
import { mulberry32 } from '../prng';

// Curved double track (radius 2 km, tracks 4 m apart), anchors every 100 m, a jump 17,400 → 18,100 at 400 m.
const line = curvedLine({ jump: { atM: 400, toPk: 18.1 } });
const index = buildLineIndex(line.input);
const fix = (s: number, offsetM: number, accuracyM: number) => ({ ...line.at(s, offsetM), accuracyM, at: 0 });

describe('projection and PK on a curved double track', () => {
  it('gives points between anchors the PK along the axis within ±20 m', () => {
    const rng = mulberry32(7);
    for (let i = 0; i < 500; i++) {
      const s = 5 + rng() * 2990;
      if (Math.abs(s - 400) < 1) continue;
      const offset = (rng() - 0.5) * 2; // within a metre of voie 1
      const hits = index.nearestTracks(fix(s, offset, 5).lat, fix(s, offset, 5).lon, 100);
      const v1 = hits.find((h) => h.track === 'voie_1')!;
      expect(Math.abs(v1.pk! - line.pkAt(s))).toBeLessThan(0.02);
      expect(v1.distanceM).toBeCloseTo(Math.abs(offset), 1);
    }
  });
  it('keeps a jump as a jump: each side of it gets its own numbering', () => {
    const before = locate([index], fix(398, 0, 1)); // 2 m before the jump
    const after = locate([index], fix(402, 0, 1));
    if (before.kind !== 'on_line' || after.kind !== 'on_line') throw new Error(`${before.kind} ${after.kind}`);
    expect(before.hit.pk).toBeCloseTo(17.398, 3);
    expect(after.hit.pk).toBeCloseTo(18.102, 3);
    const middle = index.nearestTracks(line.at(250).lat, line.at(250).lon, 10)[0];
    expect(middle.pk).toBeCloseTo(17.25, 3); // never a value interpolated across the jump
  });
  it('answers the track when only one lies within the uncertainty', () => {
    const r = locate([index], fix(1200, 4.2, 2)); // on voie 2, 2 m accuracy
    expect(r.kind).toBe('on_line');
    if (r.kind !== 'on_line') return;
    expect(r.hit.track).toBe('voie_2');
    expect(locatedMessage(r)).toBe('PK 18,90 ± 0,01 · Voie 2 · précision 2 m');
  });
  it('asks between two tracks inside the uncertainty instead of guessing', () => {
    const r = locate([index], fix(1200, 1, 9));
    expect(r.kind).toBe('ambiguous');
    if (r.kind !== 'ambiguous') return;
    expect(r.choices.map((c) => c.track).sort()).toEqual(['voie_1', 'voie_2']);
    expect(locatedMessage(r)).toMatch(/^Voie [12] ou Voie [12] \?$/);
    const chosen = locate([index], fix(1200, 1, 9), { chosenTrack: 'voie_2' });
    expect(chosen.kind === 'on_line' && chosen.hit.track).toBe('voie_2');
  });
  it('drops fixes over the accuracy threshold', () => {
    const r = locate([index], fix(1000, 0, 200));
    expect(r).toEqual({ kind: 'imprecise', accuracyM: 200 });
    expect(locatedMessage(r)).toBe('Position imprécise (200 m) : attendez un meilleur signal');
    expect(locate([index], fix(1000, 0, 60), { maxAccuracyM: 80 }).kind).not.toBe('imprecise');
  });
  it('says how far the line is beyond 100 m', () => {
    const r = locate([index], fix(1500, -340, 5));
    expect(r.kind).toBe('far');
    expect(locatedMessage(r)).toBe('Vous êtes à 340 m de la ligne L1.');
    expect(locate([index], fix(1500, -90, 5)).kind).not.toBe('far');
  });
  it('picks the nearest line, keeps the one shown when near enough, and offers the other', () => {
    const other = buildLineIndex(curvedLine({ lineId: 'L2', name: 'L2', lat0: line.at(0, -150).lat, lon0: line.at(0, -150).lon }).input);
    const near = fix(10, -60, 3); // 60 m from L1, about 90 m from L2
    const r = locate([other, index], near);
    expect(r.kind === 'on_line' && r.lineId).toBe('L1');
    expect(r.kind === 'on_line' && r.nearby.map((n) => n.lineId)).toEqual(['L2']);
    const kept = locate([other, index], near, { preferredLineId: 'L2' });
    expect(kept.kind === 'on_line' && kept.lineId).toBe('L2');
    expect(locate([], near)).toEqual({ kind: 'no_axes' });
  });
  it('falls back to another track’s anchors when a track has none', () => {
    const input = { ...line.input, anchors: line.input.anchors.filter((a) => a.track === 'voie_1') };
    const hit = buildLineIndex(input).nearestTracks(line.at(2000, 4).lat, line.at(2000, 4).lon, 10)[0];
    expect(hit.track).toBe('voie_2');
    expect(hit.pk).toBeCloseTo(line.pkAt(2000), 2);
  });
});
