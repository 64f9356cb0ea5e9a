// photoPlace on the curved double track of the position fixtures: the question, the 200 m warning, and no answer
// without a position, without an axis or far from the line.
import { describe, expect, it } from 'vitest';
import { curvedLine } from '../../../test/fixtures/position/curvedLine';
import { buildLineIndex } from '../position/lineIndex';
import { photoPlace } from './photoPlace';

const line = curvedLine({});
const index = buildLineIndex(line.input);
const id = line.input.lineId;

describe('photoPlace', () => {
  it('asks to use the PK and track where the photo was taken', () => {
    const at = line.at(1200, 0);
    const p = photoPlace([index], id, at, line.pkAt(1200), 1);
    expect(p).not.toBeNull();
    expect(p!.track).toBe('voie_1');
    expect(p!.pk).toBeCloseTo(line.pkAt(1200), 2);
    expect(p!.question).toMatch(/^La photo a été prise au PK \d+,\d\d \(Voie 1\) — utiliser cette position \?$/);
    expect(p!.warning).toBeNull();
  });

  it('names no track when both lie within the uncertainty', () => {
    const p = photoPlace([index], id, line.at(1200, 2), null, 10);
    expect(p!.track).toBeNull();
    expect(p!.question).toMatch(/^La photo a été prise au PK \d+,\d\d — utiliser cette position \?$/);
  });

  it('warns beyond 200 m of the point\'s PK, not within', () => {
    const at = line.at(1500, 0);
    expect(photoPlace([index], id, at, line.pkAt(1500) - 0.15)!.warning).toBeNull();
    expect(photoPlace([index], id, at, line.pkAt(1500) - 0.35)!.warning).toMatch(/^Attention : la photo a été prise à 35\d m du PK du signalement\.$/);
  });

  it('answers nothing without a position, for a line without axis, or far from the line', () => {
    expect(photoPlace([index], id, { lat: null, lon: null }, null)).toBeNull();
    expect(photoPlace([index], 'autre-ligne', line.at(1200, 0), null)).toBeNull();
    expect(photoPlace([index], id, line.at(1200, 5000), null)).toBeNull();
  });
});
