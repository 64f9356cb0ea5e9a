import { describe, expect, it } from 'vitest';
import { imagePlaceOf, trackBandY } from './imagePlace';
import type { LineAxis } from './types';
import type { Zone } from '../types';

const markers = [{ position: 600, value: 12 }, { position: 1500, value: 13.5 }];
const axis = (track: 'voie_1' | 'voie_2', min: number | null, max: number | null): LineAxis => ({ id: track, lineId: 'L', track, coordinates: [], bandYMin: min, bandYMax: max });
const zone = (track: 'voie_1' | 'voie_2' | null, ys: number[]) => ({ track, points: ys.map((y) => ({ x: 0, y })) }) as unknown as Zone;

describe('imagePlace', () => {
  it('places a PK between the markers with its range', () => {
    const p = imagePlaceOf(markers, 12.75, 0.015, 600)!;
    expect([p.x, p.y, p.xMin, p.xMax].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([1050, 600, 1041, 1059]);
    expect(imagePlaceOf(markers, 14, 0.01, 600)).toBeNull();
  });
  it('takes the band from the axis, else the track’s zones, else a share of the image', () => {
    expect(trackBandY('voie_1', [axis('voie_1', 540, 660)], [], 1500)).toBe(600);
    expect(trackBandY('voie_2', [axis('voie_1', 540, 660), axis('voie_2', null, null)], [zone('voie_2', [850, 950]), zone(null, [0, 1500])], 1500)).toBe(900);
    expect(trackBandY('voie_2', [], [], 1500)).toBe(900);
  });
});
