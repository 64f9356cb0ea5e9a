import { describe, expect, it } from 'vitest';
import { curvedLine } from '../../../test/fixtures/position/curvedLine';
import { checkLineAnchors } from './anchorCheck';
import type { LineAnchor, LineAxis } from './types';

describe('checkLineAnchors', () => {
  it('lists each track’s anchors in axis order, its jumps and the anchors outside the ruler', () => {
    const line = curvedLine({ lengthM: 1000, jump: { atM: 400, toPk: 18.1 } });
    const axes: LineAxis[] = line.input.axes.map((a) => ({ id: a.track, lineId: 'L1', track: a.track, coordinates: a.coordinates.map(([x, y]) => [x, y]), bandYMin: null, bandYMax: null }));
    const anchors: LineAnchor[] = line.input.anchors.map((a, i) => ({ id: String(i), lineId: 'L1', ...a, source: 'import', accuracyM: null, fixes: null }));
    const markers = [{ position: 0, value: 17 }, { position: 1000, value: 18.5 }];
    const [v1, v2] = checkLineAnchors(axes, anchors, markers);
    expect(v1.track).toBe('voie_1');
    expect(v1.jumps).toEqual([{ from: 17.4, to: 18.1, along: expect.closeTo(400, 0) }]);
    const r = (pk: number) => Math.round(pk * 1000) / 1000;
    expect(v1.anchors.map((a) => r(a.pk))).toEqual([17, 17.1, 17.2, 17.3, 17.4, 18.1, 18.2, 18.3, 18.4, 18.5, 18.6, 18.7]);
    expect(v1.anchors.filter((a) => a.offRuler).map((a) => r(a.pk))).toEqual([18.6, 18.7]);
    expect(v2.jumps).toHaveLength(1);
  });
});
